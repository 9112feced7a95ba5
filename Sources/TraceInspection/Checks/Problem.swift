/// One problem found in a trace, by the runtime or by ``TraceChecker``.
///
/// ``path`` lists factory ids from the outermost resolution down to the problem; ``sites``
/// point at the relevant source lines (the first one is where an annotation goes).
///
/// ```swift
/// for problem in TraceChecker.check(analysis) {
///     print(problem.kind.rawValue, problem.message)
/// }
/// ```
public struct Problem: Sendable, Equatable {
    /// What kind of problem it is.
    public var kind: ProblemKind
    /// The factory at fault.
    public var factory: Int
    /// The container where it happened, when known.
    public var container: Int?
    /// Factory ids from the outermost resolution down to the problem.
    public var path: [Int]
    /// A full sentence saying what happened.
    public var message: String
    /// What to do about it.
    public var hint: String
    /// Relevant source sites; the first is the primary location.
    public var sites: [SourceSite]
    /// How many times the same problem was seen (same kind, factory, path and site).
    public var occurrences: Int
    /// When it was first seen.
    public var time: UInt64
    /// Whether it is reported as an error; defaults to the kind's ``ProblemKind/isError``, and `check --strict`
    /// makes every problem an error.
    public var isError: Bool
    /// For work that outlived its test (`leaked`, `late`): the test that started it, when the runtime knew it.
    public var startedByTest: String?
    /// For `leaked` and `late`: nanoseconds between the end of that test and the resolution.
    public var afterTestEnded: UInt64?

    /// Creates a problem.
    ///
    /// ``TraceChecker`` makes these; the hint defaults to the kind's advice.
    ///
    /// ```swift
    /// let p = Problem(kind: .cycle, factory: 1, path: [1, 2, 1], message: "Dependency cycle.", time: 5)
    /// ```
    public init(
        kind: ProblemKind, factory: Int, container: Int? = nil, path: [Int], message: String, hint: String? = nil,
        sites: [SourceSite] = [], occurrences: Int = 1, time: UInt64
    ) {
        self.kind = kind
        self.factory = factory
        self.container = container
        self.path = path
        self.message = message
        self.hint = hint ?? kind.hint
        self.sites = sites
        self.occurrences = occurrences
        self.time = time
        self.isError = kind.isError
        self.startedByTest = nil
        self.afterTestEnded = nil
    }
}
