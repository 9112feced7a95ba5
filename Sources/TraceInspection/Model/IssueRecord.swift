public import TraceVocabulary

/// A problem the runtime itself detected (an `issue` event).
///
/// ``path`` lists factory ids from the outermost resolution down to the problem.
///
/// ```swift
/// for issue in trace.issues where issue.kind == .cycle {
///     print(issue.message)
/// }
/// ```
public struct IssueRecord: Sendable, Equatable {
    /// The runtime's issue kinds.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// issue.kind == .unregistered
    /// ```
    public typealias Kind = TraceIssueKind

    /// What went wrong.
    public var kind: Kind
    /// The factory at fault.
    public var factory: Int
    /// The container the resolution ran in.
    public var container: Int
    /// The resolution that hit the problem, if known.
    public var resolution: Int?
    /// Factory ids from the outermost resolution down to the problem.
    public var path: [Int]
    /// The `#fileID` of the outermost resolution's call site.
    public var file: String
    /// The line of the outermost resolution's call site.
    public var line: Int
    /// The function of the outermost resolution's call site.
    public var function: String
    /// The message the runtime printed.
    public var message: String
    /// Whether the runtime stopped (or threw) right after.
    public var isFatal: Bool
    /// When it happened.
    public var time: UInt64
    /// The test whose container the work came from, when the runtime knew it.
    public var test: String?
    /// For `late` and `leaked` issues: nanoseconds between the end of that test's block and the resolution.
    public var afterEnd: UInt64?

    /// Creates an issue record.
    ///
    /// Records are normally made by ``TraceReader``.
    ///
    /// ```swift
    /// let i = IssueRecord(kind: .cycle, factory: 1, container: 1, path: [1, 2, 1], file: "App/main.swift",
    ///                     line: 4, function: "main()", message: "Dependency cycle", time: 9)
    /// ```
    public init(
        kind: Kind, factory: Int, container: Int, resolution: Int? = nil, path: [Int], file: String,
        line: Int, function: String, message: String, isFatal: Bool = false, time: UInt64,
        test: String? = nil, afterEnd: UInt64? = nil
    ) {
        self.kind = kind
        self.factory = factory
        self.container = container
        self.resolution = resolution
        self.path = path
        self.file = file
        self.line = line
        self.function = function
        self.message = message
        self.isFatal = isFatal
        self.time = time
        self.test = test
        self.afterEnd = afterEnd
    }
}
