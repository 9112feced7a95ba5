public import Foundation

/// Reads a scan result (the JSON ``StaticModelWriter`` writes) back into a ``StaticModel``.
///
/// Uses Foundation's JSON decoder: a scan result is small next to a trace. Every failure is a
/// ``StaticModelReadError`` naming the file and what is wrong.
///
/// ```swift
/// let model = try StaticModelReader.read(path: "scan.json")
/// ```
public enum StaticModelReader {
    /// Reads the scan result at `path`.
    ///
    /// ```swift
    /// let model = try StaticModelReader.read(path: "scan.json")
    /// ```
    public static func read(path: String) throws(StaticModelReadError) -> StaticModel {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw .invalid(path: path, reason: "it is a directory") }
        // A FIFO or a device would block the read, or never end.
        guard (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular
        else { throw .invalid(path: path, reason: "it is not a regular file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalid(path: path, reason: "it could not be read")
        }
        return try read(data: data, path: path)
    }

    /// Reads a scan result from bytes; `path` only names the source in errors.
    ///
    /// ```swift
    /// let model = try StaticModelReader.read(data: Data(json.utf8), path: "scan.json")
    /// ```
    public static func read(data: Data, path: String = "<memory>") throws(StaticModelReadError) -> StaticModel {
        let probe = try decode(ScanDocumentProbe.self, from: data, path: path)
        guard probe.format == "di-inspect-dump", probe.static == true else {
            let reason =
                probe.format == "di-inspect-dump"
                ? "it is the dump of a trace; pass the trace itself" : "it has no \"format\": \"di-inspect-dump\""
            throw .notAScan(path: path, reason: reason)
        }
        return try decode(ScanDocument.self, from: data, path: path).model
    }

    private static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws(StaticModelReadError)
        -> T
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .invalid(path: path, reason: describe(error))
        } catch {
            throw .invalid(path: path, reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(at(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(at(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let underlying = context.underlyingError as NSError?,
                let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
            {
                return "it is not valid JSON: \(detail)"
            }
            return "\(at(context.codingPath)) is invalid: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// Why a scan result could not be read.
///
/// ```swift
/// do { _ = try StaticModelReader.read(path: "scan.json") } catch { print(error) }
/// ```
public enum StaticModelReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The file is JSON of another kind.
    case notAScan(path: String, reason: String)
    /// The file is not valid JSON or lacks a field.
    case invalid(path: String, reason: String)

    /// One sentence naming the file, what is wrong and what to do.
    ///
    /// ```swift
    /// print("error: \(error)")
    /// ```
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file; write a scan result with `di-inspect scan Sources Tests -o \(path)`."
        case .notAScan(let path, let reason):
            "\(path) is not a di-inspect scan result (\(reason)); write one with `di-inspect scan Sources Tests -o scan.json`."
        case .invalid(let path, let reason):
            "\(path) is not a readable scan result (\(reason)); write it again with `di-inspect scan`."
        }
    }
}
