/// Something odd the reader accepted but that people should know about.
///
/// The CLI prints each warning's ``description`` on standard error and goes on.
///
/// ```swift
/// let result = try TraceReader.read(path: "crash.ditrace")
/// for warning in result.warnings { print("warning: \(warning)") }
/// ```
public enum TraceWarning: Sendable, Equatable, CustomStringConvertible {
    /// The last line has no newline and is not valid JSON: the process stopped while writing it.
    case truncatedLastLine(path: String, line: Int)
    /// Lines with an `event` value this reader does not know were skipped.
    case unknownEvent(path: String, event: String, firstLine: Int, count: Int)
    /// The trace has no `end` event: the process stopped before recording ended.
    case missingEnd(path: String)

    /// One sentence for people: what happened, where, and what it means.
    ///
    /// Printed by the CLI after `warning: `.
    ///
    /// ```swift
    /// print("warning: \(warning.description)")
    /// ```
    public var description: String {
        switch self {
        case .truncatedLastLine(let path, let line):
            "\(path):\(line): the last line is cut off (the process stopped while writing it); "
                + "read the \(line - 1) complete lines before it."
        case .unknownEvent(let path, let event, let firstLine, let count):
            "\(path):\(firstLine): skipped \(count) line\(count == 1 ? "" : "s") with unknown event \"\(event)\" "
                + "(written by a newer runtime?); update di-inspect to read them."
        case .missingEnd(let path):
            "\(path): the trace has no \"end\" event, so the process stopped before recording ended; "
                + "what follows covers only what was written."
        }
    }
}
