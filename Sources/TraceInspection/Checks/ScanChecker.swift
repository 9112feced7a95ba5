/// The checks that need a scan of the sources next to traces (`di-inspect check --scan`).
///
/// Per trace: dependencies the trace shows but the sources do not (``ProblemKind/hiddenDependency``),
/// with the trace's factory ids. Across all traces, with the scan's factory ids: declared factories
/// no trace resolved (``ProblemKind/neverResolved``), and the test verify
/// (``ProblemKind/wouldBeUnregistered``): for each test container, the factories its resolutions
/// reach through production resolvers that nothing registers there.
///
/// ```swift
/// let join = StaticJoin(model: model)
/// let perTrace = ScanChecker.check(analysis, join: join)
/// let overall = ScanChecker.check(join: join, traces: [analysis])
/// ```
public enum ScanChecker {
    /// Problems in one trace that need the scan, sorted like ``TraceChecker/check(_:options:)``'s.
    ///
    /// ```swift
    /// let hidden = ScanChecker.check(analysis, join: join)
    /// ```
    public static func check(_ analysis: TraceAnalysis, join: StaticJoin) -> [Problem] {
        sorted(HiddenDependencyCheck.problems(in: analysis, join: join))
    }

    /// Problems of the scan against all the traces, by kind then factory.
    ///
    /// ```swift
    /// let problems = ScanChecker.check(join: join, traces: analyses)
    /// ```
    public static func check(join: StaticJoin, traces: [TraceAnalysis]) -> [Problem] {
        sorted(
            NeverResolvedCheck.problems(join: join, traces: traces)
                + TestRegistrationVerify.problems(join: join, traces: traces))
    }

    private static func sorted(_ problems: [Problem]) -> [Problem] {
        problems.sorted { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.factory != b.factory { return a.factory < b.factory }
            if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
            return a.message < b.message
        }
    }
}
