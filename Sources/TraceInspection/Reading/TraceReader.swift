public import Foundation
import TraceVocabulary

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
        /// For a trace read by ``analyze(path:options:windowCapacity:)``: what its resolutions said (``trace`` holds none).
        package var facts: ResolutionFacts?

        /// The analysis of the trace: of its resolutions, or of the facts folded from them while reading.
        ///
        /// ```swift
        /// let stats = try TraceReader.read(path: "app.ditrace").analysis.statistics
        /// ```
        public var analysis: TraceAnalysis {
            if let facts { TraceAnalysis(streamed: trace, facts: facts) } else { TraceAnalysis(trace: trace) }
        }
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
        try stream(path: path, label: path == TraceFile.standardInput ? "standard input" : path)
    }

    /// Reads the trace at `path` (`-`: standard input) without keeping its resolutions: each is folded into
    /// statistics, edges and the facts the checks need as it is read (see ``ResolutionFacts``), so memory grows
    /// with factories, edges and problems, not with resolutions. ``Result/analysis`` has no resolution tree;
    /// `check`, `stats`, `graph` and `dump` need none.
    ///
    /// Throws what ``read(path:)`` throws.
    ///
    /// ```swift
    /// let analysis = try TraceReader.analyze(path: "xl.ditrace").analysis
    /// ```
    /// `windowCapacity` is how many recent resolutions stay linkable for children written after their parent.
    package static func analyze(
        path: String, options: ResolutionFacts.Options = ResolutionFacts.Options(),
        windowCapacity: Int = ResolutionWindow.streamingCapacity
    ) throws(TraceReadError) -> Result {
        try stream(
            path: path, label: path == TraceFile.standardInput ? "standard input" : path,
            window: ResolutionWindow(capacity: windowCapacity, facts: ResolutionFacts(options: options)))
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
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw .empty(path: path) }
        var lines = LineConsumer(path: path)
        var lineStart = 0
        let count = bytes.count
        while lineStart < count {
            let newline = memchr(base + lineStart, 0x0A, count - lineStart)
            let lineEnd = newline.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            if try !lines.consume(line, hasNewline: newline != nil) { break }
        }
        return try lines.finish()
    }

    /// Reads the file at `path` (or standard input) in chunks, so that the file's bytes are never all in memory:
    /// only the records built from them.
    static func stream(path: String, label: String, window: ResolutionWindow? = nil) throws(TraceReadError) -> Result {
        let descriptor = try TraceFile.openForReading(path: path)
        defer { if descriptor != 0 { close(descriptor) } }
        var lines = LineConsumer(path: label)
        lines.builder.window = window
        let chunkSize = 4 << 20
        // Raw storage rather than an array: the reads below throw typed errors, which closures would lose.
        var capacity = chunkSize
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0
        var total = 0
        while true {
            if filled == capacity {
                // A line longer than the buffer: double it.
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            let read = try TraceFile.readChunk(descriptor, into: buffer + filled, count: capacity - filled, path: label)
            if read == 0 { break }
            total += read
            let end = filled + read
            var lineStart = 0
            // The bytes kept from the last chunk hold no newline: search from the new ones.
            var searchFrom = filled
            while searchFrom < end, let newline = memchr(buffer + searchFrom, 0x0A, end - searchFrom) {
                let lineEnd = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                let line = UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart)
                lineStart = lineEnd + 1
                searchFrom = lineStart
                if try !lines.consume(line, hasNewline: true) { return try lines.finish() }
            }
            // Keep the incomplete last line at the front of the buffer.
            filled = end - lineStart
            if filled > 0 && lineStart > 0 { memmove(buffer, buffer + lineStart, filled) }
        }
        if total == 0 { throw .empty(path: label) }
        if filled > 0 {
            _ = try lines.consume(UnsafeBufferPointer(start: buffer, count: filled), hasNewline: false)
        }
        return try lines.finish()
    }

    /// Turns lines into a trace, one at a time: the same rules whether the lines come from memory or a stream.
    private struct LineConsumer {
        let path: String
        var builder = TraceBuilder()
        var warnings: [TraceWarning] = []
        var unknownEvents: [String: (firstLine: Int, count: Int)] = [:]
        var unknownOrder: [String] = []
        var header: TraceHeader?
        var truncated = false
        var lineNumber = 0

        init(path: String) { self.path = path }

        /// Reads one line (without its newline); returns false when reading should stop (a cut-off last line).
        mutating func consume(_ raw: UnsafeBufferPointer<UInt8>, hasNewline: Bool) throws(TraceReadError) -> Bool {
            lineNumber += 1
            guard let base = raw.baseAddress else {
                // An empty line: skipped, except that the header must come first.
                return header != nil || hasNewline
            }
            var start = 0
            var end = raw.count
            while end > start, base[end - 1] == 0x0D || base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 }
            if lineNumber == 1, end - start >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
                start += 3  // UTF-8 byte order mark
            }
            while start < end, base[start] == 0x20 || base[start] == 0x09 { start += 1 }
            let line = UnsafeBufferPointer(rebasing: raw[start..<end])

            if header == nil {
                if line.isEmpty { return hasNewline }
                header = try TraceReader.readHeader(line, path: path, line: lineNumber)
                return true
            }
            if line.isEmpty { return true }

            if let resolution = FastResolutionParser.parse(line) {
                builder.add(resolution, line: lineNumber)
                return true
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                if !hasNewline {
                    warnings.append(.truncatedLastLine(path: path, line: lineNumber))
                    truncated = true
                    return false
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
            return true
        }

        /// The trace and its warnings, once every line was consumed.
        mutating func finish() throws(TraceReadError) -> Result {
            guard let header else { throw .empty(path: path) }
            for name in unknownOrder {
                let seen = unknownEvents[name]!
                warnings.append(.unknownEvent(path: path, event: name, firstLine: seen.firstLine, count: seen.count))
            }
            if builder.endTime == nil, !truncated { warnings.append(.missingEnd(path: path)) }
            var trace = builder.build(header: header)
            var facts: ResolutionFacts?
            var links: ResolutionLinks?
            if builder.window != nil {
                facts = builder.window!.finish()
            } else {
                links = ResolutionLinks(trace.resolutions)
                trace.links = links
            }
            warnings += builder.warnings(path: path, links: links)
            warnings.sort { $0.line < $1.line }
            return Result(trace: trace, warnings: warnings, facts: facts)
        }
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
        guard case .string(let format) = object[TraceKey.format.description], format == TraceFormat.name.description
        else {
            if object[TraceKey.event.description] != nil {
                throw .notATrace(path: path, reason: "it has no header line; line \(number) is already an event")
            }
            throw .notATrace(path: path, reason: "line \(number) has no \"format\":\"di-trace\"")
        }
        switch object[TraceKey.version.description] {
        case .int(TraceFormat.version): break
        case .int(let version): throw .unsupportedVersion(path: path, version: "\(version)")
        case .string(let version): throw .unsupportedVersion(path: path, version: "\"\(version)\"")
        case .double(let version): throw .unsupportedVersion(path: path, version: "\(version)")
        default: throw .notATrace(path: path, reason: "the header has no integer \"version\"")
        }
        var pid = 0
        if case .int(let value) = object[TraceKey.pid.description] { pid = value }
        var executable = ""
        if case .string(let value) = object[TraceKey.executable.description] { executable = value }
        var arguments: [String]?
        if case .array(let values) = object[TraceKey.arguments.description] {
            arguments = values.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        var argumentCount = arguments?.count
        if case .int(let value) = object[TraceKey.argumentCount.description], value >= 0 { argumentCount = value }
        var startTime = ""
        if case .string(let value) = object[TraceKey.startTime.description] { startTime = value }
        return TraceHeader(
            version: 1, pid: pid, executable: executable, argumentCount: argumentCount, arguments: arguments,
            startTime: startTime)
    }
}
