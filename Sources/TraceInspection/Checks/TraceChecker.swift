/// Finds every problem in an analysed trace.
///
/// Combines the runtime's own `issue` events (cycle, unregistered, leaked, escaped; repeated
/// ones merged and counted) with what the trace shows on its own: unused test registrations,
/// stale singletons, captive dependencies, main-thread blocking (over 16 ms by default), and, when a
/// threshold is given, slow resolvers.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: trace)
/// let problems = TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: 5_000_000))
/// ```
public enum TraceChecker {
    /// What to check beyond the defaults.
    ///
    /// The slow-resolver check is off unless a threshold is given; the main-thread check uses a 16 ms
    /// frame budget unless told otherwise (`nil` turns it off).
    ///
    /// ```swift
    /// let options = TraceChecker.Options(slowThresholdNanoseconds: 10_000_000)   // 10 ms
    /// ```
    public struct Options: Sendable, Equatable {
        /// Report factories whose longest self time (children left out) is over this; `nil` turns the check off.
        public var slowThresholdNanoseconds: UInt64?
        /// Report synchronous main-thread resolutions whose own time exceeds this; `nil` turns the check off.
        public var mainThreadThresholdNanoseconds: UInt64?
        /// Also report `.shared` and `.unique` instances kept by a cached instance (`--captive-scopes`). Off by
        /// default: a cached service that keeps a `.shared` or `.unique` dependency is usually meant to (the seed's
        /// own examples do it), so only a test's instance kept outside the test is reported unless asked.
        public var reportsScopeCaptures: Bool

        /// The default frame budget of the main-thread check: 16 ms.
        public static let defaultMainThreadThresholdNanoseconds: UInt64 = 16_000_000

        /// Creates options.
        ///
        /// `--slow-ms 10` in the CLI becomes `slowThresholdNanoseconds: 10_000_000`, `--main-thread-ms 8`
        /// becomes `mainThreadThresholdNanoseconds: 8_000_000`.
        ///
        /// ```swift
        /// let options = TraceChecker.Options()
        /// ```
        public init(
            slowThresholdNanoseconds: UInt64? = nil,
            mainThreadThresholdNanoseconds: UInt64? = Options.defaultMainThreadThresholdNanoseconds,
            reportsScopeCaptures: Bool = false
        ) {
            self.slowThresholdNanoseconds = slowThresholdNanoseconds
            self.mainThreadThresholdNanoseconds = mainThreadThresholdNanoseconds
            self.reportsScopeCaptures = reportsScopeCaptures
        }

        /// The largest `--slow-ms` accepted: a billion milliseconds, about 11.6 days.
        public static let maximumSlowMilliseconds: Double = 1_000_000_000

        /// `milliseconds` as a threshold in nanoseconds, or `nil` unless it is a number from 0 to
        /// ``maximumSlowMilliseconds`` (so infinity, NaN, 1e20 and negative numbers are refused, not converted).
        ///
        /// ```swift
        /// TraceChecker.Options.slowThreshold(milliseconds: 2.5)   // 2_500_000
        /// TraceChecker.Options.slowThreshold(milliseconds: .infinity)   // nil
        /// ```
        public static func slowThreshold(milliseconds: Double) -> UInt64? {
            guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= maximumSlowMilliseconds else { return nil }
            return UInt64((milliseconds * 1_000_000).rounded())
        }
    }

    /// Every problem in `analysis`, sorted by time, then kind, then factory.
    ///
    /// Deterministic for a given trace.
    ///
    /// ```swift
    /// let clean = TraceChecker.check(analysis).isEmpty
    /// ```
    public static func check(_ analysis: TraceAnalysis, options: Options = Options()) -> [Problem] {
        var problems = RuntimeIssueCheck.problems(in: analysis)
        problems += UnusedTestRegistrationCheck.problems(in: analysis)
        problems += StaleSingletonCheck.problems(in: analysis)
        problems += CaptiveDependencyCheck.problems(in: analysis, scopes: options.reportsScopeCaptures)
        if let threshold = options.mainThreadThresholdNanoseconds {
            problems += MainThreadBlockingCheck.problems(in: analysis, threshold: threshold)
        }
        if let threshold = options.slowThresholdNanoseconds {
            problems += SlowResolverCheck.problems(in: analysis, threshold: threshold)
        }
        return problems.sorted { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.factory != b.factory { return a.factory < b.factory }
            if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
            return a.message < b.message
        }
    }
}
