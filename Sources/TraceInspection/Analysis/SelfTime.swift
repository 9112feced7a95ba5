/// Self time: how long a resolution spent in its own resolver, without the resolutions it triggered.
///
/// A resolution's duration (`ns`) includes its children, so one slow leaf makes every ancestor look slow.
/// Self time is the resolution's interval minus the part of it covered by at least one child's interval
/// (children clipped to the parent's interval). For children that run one after another this is the
/// inclusive time minus the children's times; children that overlap (`async let`) are not subtracted twice,
/// and a child that outlived its parent (an unstructured `Task`) only counts while the parent ran.
///
/// One function computes it: ``TraceAnalysis`` per resolution (``TraceAnalysis/selfNanoseconds``, for the
/// resolution tree), ``ResolutionFacts`` per factory as each family finishes (``FactoryStatistics/selfTotalNanoseconds``,
/// ``FactoryStatistics/selfMaxNanoseconds``, also while streaming); `stats`, `check --slow-ms`, `graph --timings`,
/// the critical path, `diff` and `report` all read it from there.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: trace)
/// let own = analysis.selfNanoseconds[0]   // the first resolution's self time
/// ```
enum SelfTime {
    /// The self time of one resolution that started at `start` and took `nanoseconds`, given its children's
    /// intervals sorted by start.
    ///
    /// ```swift
    /// SelfTime.nanoseconds(start: 0, nanoseconds: 100, children: [(10, 20), (20, 30)])   // 60
    /// ```
    static func nanoseconds<Children: Sequence<(start: UInt64, nanoseconds: UInt64)>>(
        start: UInt64, nanoseconds: UInt64, children: Children
    ) -> UInt64 {
        let end = start &+ nanoseconds
        var covered: UInt64 = 0
        var cursor = start  // everything before `cursor` is already counted
        for child in children {
            let from = max(child.start, cursor)
            let to = min(child.start &+ child.nanoseconds, end)
            guard to > from else { continue }
            covered &+= to - from
            cursor = to
        }
        return nanoseconds > covered ? nanoseconds - covered : 0
    }

    /// The self time of a finished family (``ResolutionFacts``), children sorted by start.
    static func nanoseconds(start: UInt64, nanoseconds: UInt64, children: [ResolutionFacts.Child]) -> UInt64 {
        children.isEmpty
            ? nanoseconds
            : Self.nanoseconds(
                start: start, nanoseconds: nanoseconds, children: children.lazy.map { ($0.start, $0.nanoseconds) })
    }

    /// The self time of every resolution, by index in `resolutions`.
    ///
    /// `childStart`/`childIndices` are ``TraceAnalysis``'s children lists (children sorted by start time).
    static func perResolution(_ resolutions: [ResolutionRecord], childStart: [Int32], childIndices: [Int32]) -> [UInt64]
    {
        resolutions.indices.map { index in
            let parent = resolutions[index]
            let children = childIndices[Int(childStart[index])..<Int(childStart[index + 1])]
            return children.isEmpty
                ? parent.nanoseconds
                : nanoseconds(
                    start: parent.start, nanoseconds: parent.nanoseconds,
                    children: children.lazy.map { (resolutions[Int($0)].start, resolutions[Int($0)].nanoseconds) })
        }
    }
}
