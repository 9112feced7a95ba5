public import Foundation

/// What a `di-inspect` subcommand produced: bytes for standard output, text for standard error,
/// and the exit code.
///
/// The CLI writes both streams and exits with ``exitCode``; tests inspect them directly.
///
/// ```swift
/// let result = Inspector.check(tracePaths: ["app.ditrace"])
/// #expect(result.exitCode == 0)
/// ```
public struct CommandResult: Sendable, Equatable {
    /// 0 success (or clean), 1 problems found (`check`), 2 bad input or usage; `record` passes the child's through.
    public var exitCode: Int32
    /// What to write to standard output.
    public var output: Data
    /// What to write to standard error: warnings and errors, one per line.
    public var diagnostics: String

    /// Creates a result.
    ///
    /// Subcommands in ``Inspector`` make these.
    ///
    /// ```swift
    /// CommandResult(exitCode: 0, output: Data("ok\n".utf8))
    /// ```
    public init(exitCode: Int32, output: Data = Data(), diagnostics: String = "") {
        self.exitCode = exitCode
        self.output = output
        self.diagnostics = diagnostics
    }

    /// ``output`` decoded as UTF-8 text.
    ///
    /// Convenient in tests.
    ///
    /// ```swift
    /// #expect(result.outputText.contains("No problems"))
    /// ```
    public var outputText: String { String(decoding: output, as: UTF8.self) }
}
