public import TraceVocabulary

/// One resolution of a factory (a `resolution` event).
///
/// ``parent`` links a resolution to the one whose resolver triggered it, which is how the
/// dependency graph's edges are observed.
///
/// ```swift
/// let created = trace.resolutions.filter { $0.outcome == .created }.count
/// ```
public struct ResolutionRecord: Sendable, Equatable {
    /// What the resolution produced.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// resolution.outcome == .cacheHit
    /// ```
    public typealias Outcome = TraceOutcome

    /// Which resolver was used.
    ///
    /// The raw values are the strings the trace uses.
    ///
    /// ```swift
    /// resolution.source == .override
    /// ```
    public typealias Source = TraceSource

    /// The resolution id.
    public var id: Int
    /// The resolved factory.
    public var factory: Int
    /// The container the resolution ran in.
    public var container: Int
    /// The resolution that triggered this one, `nil` at the top.
    public var parent: Int?
    /// What the resolution produced.
    public var outcome: Outcome
    /// Which resolver was used.
    public var source: Source
    /// When the resolution began.
    public var start: UInt64
    /// How long it took, including children, in nanoseconds.
    public var nanoseconds: UInt64
    /// The recording thread's small number, for display.
    public var thread: Int
    /// Whether the resolution started on the process's main thread (`"main":true`; absent means false).
    public var isOnMainThread: Bool

    /// Creates a resolution record.
    ///
    /// Records are normally made by ``TraceReader``; the test-integration library builds them from live events.
    ///
    /// ```swift
    /// let r = ResolutionRecord(id: 1, factory: 3, container: 1, parent: nil, outcome: .created,
    ///                          source: .production, start: 100, nanoseconds: 2_000)
    /// ```
    public init(
        id: Int, factory: Int, container: Int, parent: Int?, outcome: Outcome, source: Source,
        start: UInt64, nanoseconds: UInt64, thread: Int = 1, isOnMainThread: Bool = false
    ) {
        self.id = id
        self.factory = factory
        self.container = container
        self.parent = parent
        self.outcome = outcome
        self.source = source
        self.start = start
        self.nanoseconds = nanoseconds
        self.thread = thread
        self.isOnMainThread = isOnMainThread
    }
}
