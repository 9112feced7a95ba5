/// A resolution the runtime stopped: a cycle, a missing test registration, a leak or an escape.
///
/// Throwing factories throw it; non-throwing factories stop the process with the same message,
/// after writing it to the trace.
///
/// ```swift
/// do {
///     let config = try Container.config()
/// } catch let error as DependencyResolutionError where error.kind == .cycle {
///     print(error.message) // the whole path, with file:line of each factory
/// }
/// ```
public struct DependencyResolutionError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: String, Sendable {
        /// A factory's resolver resolved (directly or indirectly) the same factory again.
        case cycle
        /// A test container had no registration for the factory.
        case unregistered
        /// A test container was resolved against after its `withTestContainer` block ended.
        case leaked
        /// The default container was resolved against while a test container was active.
        case escaped
    }

    /// What went wrong.
    public let kind: Kind
    /// The full message: what happened, the resolution path, the call site, and how to fix it.
    public let message: String
    /// The resolution path, outermost first, each step as `Type (Module/File.swift:line)`.
    public let path: [String]
    /// Whether the testing library already recorded this problem as an issue of the running test (at the
    /// resolution's call site); a test that throws it on then fails once, not twice.
    package var isRecordedAsTestIssue = false

    init(kind: Kind, message: String, path: [String], isRecordedAsTestIssue: Bool = false) {
        self.kind = kind
        self.message = message
        self.path = path
        self.isRecordedAsTestIssue = isRecordedAsTestIssue
    }

    /// The message.
    public var description: String { message }
}
