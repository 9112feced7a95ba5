import Foundation

/// One input of a trace command: a trace file, or a scan result written by `di-inspect scan`.
///
/// Told apart by content: a trace's first line is a whole JSON object (its header), a scan result
/// is pretty-printed JSON whose first line is `{` alone.
///
/// ```swift
/// let input = try ModelInput.read(path: "scan.json")
/// let svg = try renderGraph(input.analysis, options: GraphOptions(format: .svg))
/// ```
public enum ModelInput: Sendable {
    /// A trace, with the reader's warnings.
    case trace(TraceReader.Result)
    /// A scan result.
    case scan(StaticModel)

    /// Reads `path` as a trace or a scan result, whichever it is.
    ///
    /// Throws ``TraceReadError`` for a file that is neither (or a damaged trace), and
    /// ``StaticModelReadError`` for a damaged scan result.
    ///
    /// ```swift
    /// if case .scan(let model) = try ModelInput.read(path: path) { print(model.factories.count) }
    /// ```
    public static func read(path: String) throws -> ModelInput {
        if looksLikeScan(path: path) { return .scan(try StaticModelReader.read(path: path)) }
        return .trace(try TraceReader.read(path: path))
    }

    /// The analysis every trace command works on (a scan's has no resolutions and the static edges).
    ///
    /// ```swift
    /// let stats = try ModelInput.read(path: path).analysis.statistics
    /// ```
    public var analysis: TraceAnalysis {
        switch self {
        case .trace(let result): result.analysis
        case .scan(let model): model.analysis
        }
    }

    /// What the reader (or the scan) warned about, one sentence each.
    ///
    /// ```swift
    /// for warning in input.warnings { print("warning: \(warning)") }
    /// ```
    public var warnings: [String] {
        switch self {
        case .trace(let result): result.warnings.map(\.description)
        case .scan: []
        }
    }

    /// Whether the first line of the file at `path` is a lone `{` (after a byte order mark and blanks).
    package static func looksLikeScan(path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 256) else { return false }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        bytes = bytes.drop { blank.contains($0) }
        guard bytes.first == UInt8(ascii: "{") else { return false }
        for byte in bytes.dropFirst() {
            if byte == 0x0A { return true }
            if !blank.contains(byte) { return false }
        }
        return false
    }
}
