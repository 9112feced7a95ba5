/// Self time: how long a resolution spent in its own resolver, without the resolutions it triggered.
///
/// A resolution's duration (`ns`) includes its children, so one slow leaf makes every ancestor look slow.
/// Self time is the resolution's interval minus the part of it covered by at least one child's interval
/// (children clipped to the parent's interval). For children that run one after another this is the
/// inclusive time minus the children's times; children that overlap (`async let`) are not subtracted twice,
/// and a child that outlived its parent (an unstructured `Task`) only counts while the parent ran.
///
/// ``TraceAnalysis`` computes it once, per resolution (``TraceAnalysis/selfNanoseconds``) and per factory
/// (``FactoryStatistics/selfTotalNanoseconds``, ``FactoryStatistics/selfMaxNanoseconds``); `stats`,
/// `check --slow-ms`, `graph --timings`, the critical path, `diff` and `report` all read it from there.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: trace)
/// let own = analysis.selfNanoseconds[0]   // the first resolution's self time
/// ```
enum SelfTime {
    /// The self time of every resolution, by index in `resolutions`.
    ///
    /// `childStart`/`childIndices` are ``TraceAnalysis``'s children lists (children sorted by start time).
    static func perResolution(_ resolutions: [ResolutionRecord], childStart: [Int32], childIndices: [Int32]) -> [UInt64]
    {
        var result = [UInt64](repeating: 0, count: resolutions.count)
        for index in resolutions.indices {
            let parent = resolutions[index]
            let first = Int(childStart[index])
            let last = Int(childStart[index + 1])
            guard first < last else {
                result[index] = parent.nanoseconds
                continue
            }
            let parentEnd = parent.start &+ parent.nanoseconds
            var covered: UInt64 = 0
            var cursor = parent.start  // everything before `cursor` is already counted
            for position in first..<last {
                let child = resolutions[Int(childIndices[position])]
                let start = max(child.start, cursor)
                let end = min(child.start &+ child.nanoseconds, parentEnd)
                guard end > start else { continue }
                covered &+= end - start
                cursor = end
            }
            result[index] = parent.nanoseconds > covered ? parent.nanoseconds - covered : 0
        }
        return result
    }

    /// Adds each resolution's self time to its factory's statistics (total and maximum).
    static func accumulate(
        _ selfNanoseconds: [UInt64], of resolutions: [ResolutionRecord], into statistics: inout [FactoryStatistics],
        index statisticsIndex: [Int: Int]
    ) {
        for (position, resolution) in resolutions.enumerated() {
            guard let index = statisticsIndex[resolution.factory] else { continue }
            let own = selfNanoseconds[position]
            statistics[index].selfTotalNanoseconds &+= own
            if own > statistics[index].selfMaxNanoseconds { statistics[index].selfMaxNanoseconds = own }
        }
    }
}
