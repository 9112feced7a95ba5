public import Foundation

/// Reads `di-trace` version 1 files (JSON Lines) into a ``Trace``.
///
/// The whole file is read in one go and split into lines on bytes. `resolution` lines, by far
/// the most common, go through a hand-written parser; every other line through a small strict
/// JSON parser. A cut-off last line is skipped with a warning; any other malformed line throws
/// ``TraceReadError`` naming its line.
///
/// ```swift
/// let result = try TraceReader.read(path: "app.ditrace")
/// for warning in result.warnings { print("warning: \(warning)") }
/// print(result.trace.resolutions.count)
/// ```
public enum TraceReader {
    /// A decoded trace and the warnings met while reading it.
    ///
    /// Warnings never stop reading; print them and go on.
    ///
    /// ```swift
    /// let (trace, warnings) = (result.trace, result.warnings)
    /// ```
    public struct Result: Sendable {
        /// The decoded trace.
        public var trace: Trace
        /// What the reader skipped or found odd, in line order.
        public var warnings: [TraceWarning]
    }

    /// Reads the trace file at `path` (`-`: standard input, named "standard input" in errors).
    ///
    /// Throws ``TraceReadError`` for a missing file, a directory, a FIFO or device, an empty file, a file
    /// that is not a trace, an unknown version, an id the format does not allow, or a malformed line.
    ///
    /// ```swift
    /// let trace = try TraceReader.read(path: "/tmp/app.ditrace").trace
    /// ```
    public static func read(path: String) throws(TraceReadError) -> Result {
        try read(data: TraceFile.read(path: path), path: path == TraceFile.standardInput ? "standard input" : path)
    }

    /// Reads a trace from bytes already in memory.
    ///
    /// `path` only names the source in errors and warnings.
    ///
    /// ```swift
    /// let data = SyntheticTrace.generate(factories: 10, edges: 20, resolutions: 1_000)
    /// let trace = try TraceReader.read(data: data, path: "synthetic").trace
    /// ```
    public static func read(data: Data, path: String = "<memory>") throws(TraceReadError) -> Result {
        do {
            return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws(TraceReadError) -> Result in
                try read(bytes: raw.bindMemory(to: UInt8.self), path: path)
            }
        } catch let error as TraceReadError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>, path: String) throws(TraceReadError) -> Result {
        var builder = TraceBuilder()
        var warnings: [TraceWarning] = []
        var unknownEvents: [String: (firstLine: Int, count: Int)] = [:]
        var unknownOrder: [String] = []
        var header: TraceHeader?
        var truncated = false

        var lineNumber = 0
        var lineStart = 0
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { throw .empty(path: path) }
        while lineStart < count {
            lineNumber += 1
            let remaining = count - lineStart
            let newline = memchr(base + lineStart, 0x0A, remaining)
            let lineEnd: Int
            let hasNewline: Bool
            if let newline {
                lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                hasNewline = true
            } else {
                lineEnd = count
                hasNewline = false
            }
            defer { lineStart = lineEnd + 1 }
            var end = lineEnd
            while end > lineStart, bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 {
                end -= 1
            }
            var start = lineStart
            if lineNumber == 1, end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB,
                bytes[start + 2] == 0xBF
            {
                start += 3  // UTF-8 byte order mark
            }
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])

            if header == nil {
                if line.isEmpty {
                    if hasNewline { continue }
                    break
                }
                header = try readHeader(line, path: path, line: lineNumber)
                continue
            }
            if line.isEmpty { continue }

            if let resolution = FastResolutionParser.parse(line) {
                builder.resolutions.append(resolution)
                builder.resolutionLines.append(Int32(clamping: lineNumber))
                continue
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                if !hasNewline {
                    warnings.append(.truncatedLastLine(path: path, line: lineNumber))
                    truncated = true
                    break
                }
                throw .invalidJSON(path: path, line: lineNumber, reason: "\(error.reason) at column \(error.offset + 1)")
            }
            let event: TraceEvent
            do {
                event = try EventDecoder.decode(value)
            } catch {
                throw .invalidEvent(path: path, line: lineNumber, reason: error.reason)
            }
            if case .unknown(let name) = event {
                if let seen = unknownEvents[name] {
                    unknownEvents[name] = (seen.firstLine, seen.count + 1)
                } else {
                    unknownEvents[name] = (lineNumber, 1)
                    unknownOrder.append(name)
                }
            } else {
                builder.add(event, line: lineNumber)
            }
        }
        guard let header else { throw .empty(path: path) }
        for name in unknownOrder {
            let seen = unknownEvents[name]!
            warnings.append(.unknownEvent(path: path, event: name, firstLine: seen.firstLine, count: seen.count))
        }
        if builder.endTime == nil, !truncated { warnings.append(.missingEnd(path: path)) }
        var trace = builder.build(header: header)
        let links = ResolutionLinks(trace.resolutions)
        trace.links = links
        warnings += builder.warnings(path: path, links: links)
        warnings.sort { $0.line < $1.line }
        return Result(trace: trace, warnings: warnings)
    }

    private static func readHeader(
        _ line: UnsafeBufferPointer<UInt8>, path: String, line number: Int
    ) throws(TraceReadError) -> TraceHeader {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw .notATrace(path: path, reason: "line \(number) is not valid JSON")
        }
        guard case .object(let object) = value else {
            throw .notATrace(path: path, reason: "line \(number) is \(value.typeName), not a JSON object")
        }
        guard case .string("di-trace") = object["format"] else {
            if object["event"] != nil {
                throw .notATrace(path: path, reason: "it has no header line; line \(number) is already an event")
            }
            throw .notATrace(path: path, reason: "line \(number) has no \"format\":\"di-trace\"")
        }
        switch object["version"] {
        case .int(1): break
        case .int(let version): throw .unsupportedVersion(path: path, version: "\(version)")
        case .string(let version): throw .unsupportedVersion(path: path, version: "\"\(version)\"")
        case .double(let version): throw .unsupportedVersion(path: path, version: "\(version)")
        default: throw .notATrace(path: path, reason: "the header has no integer \"version\"")
        }
        var pid = 0
        if case .int(let value) = object["pid"] { pid = value }
        var executable = ""
        if case .string(let value) = object["executable"] { executable = value }
        var arguments: [String]?
        if case .array(let values) = object["arguments"] {
            arguments = values.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        var argumentCount = arguments?.count
        if case .int(let value) = object["argumentCount"], value >= 0 { argumentCount = value }
        var startTime = ""
        if case .string(let value) = object["startTime"] { startTime = value }
        return TraceHeader(
            version: 1, pid: pid, executable: executable, argumentCount: argumentCount, arguments: arguments,
            startTime: startTime)
    }
}
