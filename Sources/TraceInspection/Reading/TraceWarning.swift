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
    /// An id was used again on `line` (first on `firstLine`); `kind` is `factory`, `container` or `resolution`,
    /// and `more` counts the other repeated ids of that kind after this one.
    case duplicateID(path: String, kind: String, id: Int, line: Int, firstLine: Int, more: Int)
    /// A second `end` event on `line` (the first is on `firstLine`): two recordings wrote into one file.
    case secondEnd(path: String, line: Int, firstLine: Int)
    /// The parents of the resolution on `line` lead back to it; the loop is cut there. `more` counts other loops.
    case parentCycle(path: String, line: Int, resolution: Int, more: Int)

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
        case .duplicateID(let path, let kind, let id, let line, let firstLine, let more):
            "\(path):\(line): \(kind) id \(id) was already used on line \(firstLine)"
                + (more > 0 ? " (and \(more) more \(kind) id\(more == 1 ? " is" : "s are") repeated after it)" : "")
                + "; the first one counts, and two processes may have written into one file, so counts can be wrong."
        case .secondEnd(let path, let line, let firstLine):
            "\(path):\(line): a second \"end\" event (the first is on line \(firstLine)); two recordings wrote into "
                + "one file (a forked process, or two processes with one DI_INSPECT_TRACE), so counts can be wrong."
        case .parentCycle(let path, let line, let resolution, let more):
            "\(path):\(line): the parents of resolution \(resolution) lead back to it"
                + (more > 0 ? " (and \(more) more loop\(more == 1 ? "" : "s") after it)" : "")
                + "; the loop is cut there and it is shown as a top-level resolution."
        }
    }

    /// The line the warning is about, for sorting (`Int.max` for the whole file).
    var line: Int {
        switch self {
        case .truncatedLastLine(_, let line): line
        case .unknownEvent(_, _, let line, _): line
        case .missingEnd: Int.max
        case .duplicateID(_, _, _, let line, _, _): line
        case .secondEnd(_, let line, _): line
        case .parentCycle(_, let line, _, _): line
        }
    }
}
