/// Why a trace file could not be read.
///
/// Every case's ``description`` is one full sentence that names the file (and the line, when a
/// line is at fault) and says what to do. The CLI prints it and exits with code 2.
///
/// ```swift
/// do {
///     _ = try TraceReader.read(path: "app.ditrace")
/// } catch {
///     print(error)   // "app.ditrace:7: line 7 is not valid JSON (expected ',' or '}' at column 31); …"
/// }
/// ```
public enum TraceReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The path is a directory.
    case isDirectory(path: String)
    /// The path is a FIFO, a device or a socket (`kind` says which, as in "a FIFO"); it is never opened.
    case notARegularFile(path: String, kind: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file has no bytes (or only whitespace).
    case empty(path: String)
    /// `-` was given while standard input is a terminal: there is no trace to read, only a person.
    case standardInputIsTerminal
    /// Line 1 is not a `di-trace` header.
    case notATrace(path: String, reason: String)
    /// The header names a version this reader does not understand.
    case unsupportedVersion(path: String, version: String)
    /// A line (not the cut-off last one) is not valid JSON.
    case invalidJSON(path: String, line: Int, reason: String)
    /// A line is valid JSON but not a valid event.
    case invalidEvent(path: String, line: Int, reason: String)

    /// The file the error is about.
    ///
    /// Useful when reading several traces at once.
    ///
    /// ```swift
    /// error.path   // "app.ditrace"
    /// ```
    public var path: String {
        switch self {
        case .fileNotFound(let path), .isDirectory(let path), .notARegularFile(let path, _), .unreadable(let path, _),
            .empty(let path),
            .notATrace(let path, _), .unsupportedVersion(let path, _), .invalidJSON(let path, _, _),
            .invalidEvent(let path, _, _):
            path
        case .standardInputIsTerminal: "-"
        }
    }

    /// The 1-based line at fault, when there is one.
    ///
    /// `nil` for errors about the file as a whole.
    ///
    /// ```swift
    /// if let line = error.line { print("see line \(line)") }
    /// ```
    public var line: Int? {
        switch self {
        case .invalidJSON(_, let line, _), .invalidEvent(_, let line, _): line
        case .notATrace, .unsupportedVersion: 1
        default: nil
        }
    }

    /// One sentence for people: what happened, where, and what to do.
    ///
    /// This is what `di-inspect` prints on standard error.
    ///
    /// ```swift
    /// FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
    /// ```
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file; check the path, or record a trace with `di-inspect record -o \(path) -- COMMAND`."
        case .isDirectory(let path):
            "\(path) is a directory, not a trace file; pass the path of a .ditrace file."
        case .notARegularFile(let path, let kind):
            "\(path) is \(kind), not a trace file; pass the path of a .ditrace file (record one first if needed)."
        case .unreadable(let path, let reason):
            "\(path) could not be read (\(reason)); check its permissions."
        case .empty(let path) where path == "standard input":
            "standard input was empty, so it held no trace; pipe one in, as in `cat app.ditrace | di-inspect check -`."
        case .empty(let path):
            "\(path) is empty, so it holds no trace; was recording on (DI_INSPECT_TRACE=\(path)) when the process ran?"
        case .standardInputIsTerminal:
            "- stands for standard input, which is a terminal here, not a trace; pipe one in (`cat app.ditrace | "
                + "di-inspect check -`) or give the trace's path."
        case .notATrace(let path, let reason):
            "\(path):1: this is not a di-trace file (\(reason)); a trace starts with a header line like "
                + "{\"format\":\"di-trace\",\"version\":1,…}."
        case .unsupportedVersion(let path, let version):
            "\(path):1: the trace is di-trace version \(version), but this di-inspect reads version 1 only; "
                + "use the di-inspect built with the runtime that wrote it."
        case .invalidJSON(let path, let line, let reason):
            "\(path):\(line): line \(line) is not valid JSON (\(reason)); the trace is damaged, record it again."
        case .invalidEvent(let path, let line, let reason):
            "\(path):\(line): line \(line) is not a valid event (\(reason)); the trace is damaged or was written "
                + "by another tool, record it again."
        }
    }
}
