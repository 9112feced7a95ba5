import TraceVocabulary

#if canImport(Glibc)
private import Glibc
#elseif canImport(Musl)
private import Musl
#elseif canImport(Darwin)
private import Darwin
#endif

/// Colour for text meant for a terminal: ANSI SGR sequences around already escaped text, or nothing.
///
/// Text reports take a style and wrap their headings in it; the text itself has been through
/// ``TerminalEscaping`` first, so the only escape sequences in the output are the style's own.
///
/// ```swift
/// let style = TextStyle.forStandardOutput()   // coloured only on a terminal, without NO_COLOR
/// print(style.error("error[cycle]") + ": …")
/// ```
public struct TextStyle: Sendable, Equatable {
    /// Whether the style adds colour.
    public let isColored: Bool

    /// Creates a style.
    ///
    /// ```swift
    /// let style = TextStyle(isColored: false)   // the same as .plain
    /// ```
    public init(isColored: Bool) { self.isColored = isColored }

    /// No colour (pipes, files, tests).
    public static let plain = TextStyle(isColored: false)

    /// The style for standard output: coloured when it is a terminal, `NO_COLOR` is unset or empty
    /// (no-color.org) and `TERM` is not `dumb`; plain otherwise, so pipes and files never get escape sequences.
    ///
    /// ```swift
    /// TextStyle.forStandardOutput(environment: ["NO_COLOR": "1"], isTerminal: true)   // .plain
    /// ```
    public static func forStandardOutput(
        environment: [String: String]? = nil, isTerminal: Bool? = nil
    ) -> TextStyle {
        let terminal = isTerminal ?? (isatty(1) == 1)
        let noColor = environment.map { $0["NO_COLOR"] } ?? getenv("NO_COLOR").map { String(cString: $0) }
        let term = environment.map { $0["TERM"] } ?? getenv("TERM").map { String(cString: $0) }
        let wanted = terminal && (noColor ?? "").isEmpty && term != "dumb"
        return TextStyle(isColored: wanted)
    }

    /// Errors: bold red.
    public func error(_ text: String) -> String { sgr("1;31", text) }
    /// Warnings: bold yellow.
    public func warning(_ text: String) -> String { sgr("1;33", text) }
    /// Source locations and headings: cyan.
    public func location(_ text: String) -> String { sgr("36", text) }
    /// Hints: green.
    public func hint(_ text: String) -> String { sgr("32", text) }
    /// Summaries: bold.
    public func strong(_ text: String) -> String { sgr("1", text) }

    private func sgr(_ code: String, _ text: String) -> String {
        isColored && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
