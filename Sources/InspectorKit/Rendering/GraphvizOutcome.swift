import Foundation

/// How one isolated Graphviz run ended (see ``GraphvizRenderer``): the drawing, if any, and what
/// Graphviz printed on the way.
struct GraphvizOutcome: Sendable {
    /// How the child process ended.
    enum Status: Sendable, Equatable {
        /// Rendered without an error.
        case ok
        /// Rendered, but Graphviz reported an error (edges may be missing or misplaced).
        case okWithErrors
        /// The DOT source did not parse.
        case parseFailed
        /// The layout engine failed.
        case layoutFailed
        /// No renderer for the format, or rendering failed.
        case renderFailed
        /// Graphviz crashed: the child died of this signal.
        case crashed(signal: Int32)
        /// The child exited with an unexpected code.
        case unexpectedExit(code: Int32)
        /// The child process could not be started.
        case notStarted(errno: Int32)
    }

    var status: Status
    /// The drawing (status ``Status/ok`` or ``Status/okWithErrors``).
    var output: Data?
    /// Everything Graphviz reported through its error callback or printed on standard error.
    var messages: String
    var layout: String
    var format: String

    /// Whether the drawing can be used as it is.
    var isClean: Bool { status == .ok && output != nil }

    /// The error lines Graphviz printed (without `Error: `), then any other lines it printed straight to
    /// standard error (libpath, the C library), first occurrences only, at most `limit`.
    func errorLines(limit: Int = 2) -> [String] {
        var lines: [String] = []
        for raw in messages.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || raw.hasPrefix("\t") || line.hasPrefix("Warning") { continue }
            let text = line.hasPrefix("Error: ") ? String(line.dropFirst("Error: ".count)) : line
            if !lines.contains(text) { lines.append(text) }
            if lines.count == limit { break }
        }
        return lines
    }

    /// What went wrong, as a clause for an error message, such as
    /// `it crashed (signal 6, SIGABRT) after printing "trouble in init_rank"`; `nil` when clean.
    var failureReason: String? {
        let printed = errorLines().map { "\"\($0)\"" }.joined(separator: " and ")
        let after = printed.isEmpty ? "" : " after printing \(printed)"
        switch status {
        case .ok:
            return output == nil ? "it produced no output" : nil
        case .okWithErrors:
            return "it reported \(printed.isEmpty ? "an error" : printed)"
        case .parseFailed:
            return "it could not parse the DOT source\(printed.isEmpty ? "" : " (\(printed))")"
        case .layoutFailed:
            return "the \(layout) layout failed\(after)"
        case .renderFailed:
            return "it could not render \(format)\(printed.isEmpty ? "; is its plugin installed?" : " (\(printed))")"
        case .crashed(let signal):
            return "it crashed (signal \(signal), \(Self.signalName(signal)))\(after)"
        case .unexpectedExit(let code):
            return "it exited with code \(code)\(after)"
        case .notStarted(let code):
            return "no process could be started to run it (\(String(cString: strerror(code))))"
        }
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGILL: "SIGILL"
        case SIGKILL: "SIGKILL, perhaps out of memory"
        default: String(cString: strsignal(signal))
        }
    }
}
