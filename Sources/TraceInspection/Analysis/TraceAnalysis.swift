/// What every report needs from a trace, computed once: per-factory statistics, the observed
/// dependency edges, and the resolution tree (parent and children of each resolution).
///
/// Linear in the number of resolutions, using flat arrays so that a trace of a million
/// resolutions is analysed in well under a second in a release build.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: try TraceReader.read(path: "app.ditrace").trace)
/// for edge in analysis.edges { print(edge.from, edge.to, edge.count) }
/// ```
public struct TraceAnalysis: Sendable {
    /// The analysed trace.
    public let trace: Trace
    /// Statistics of every factory in ``Trace/factories``, in the same order.
    public let statistics: [FactoryStatistics]
    /// Observed edges, sorted by `from` then `to`.
    public let edges: [DependencyEdge]
    /// The self time of each resolution (by index in ``Trace/resolutions``): the part of its duration that
    /// none of its children's intervals covers.
    public let selfNanoseconds: [UInt64]

    /// For each resolution (by index in ``Trace/resolutions``), the index of its parent, or -1.
    let parentIndex: [Int32]
    /// Children of resolution `i` are `childIndices[childStart[i]..<childStart[i + 1]]`, by start time.
    let childStart: [Int32]
    let childIndices: [Int32]
    /// Indices of resolutions with no (known) parent, by start time.
    let rootIndices: [Int32]
    private let statisticsIndex: [Int: Int]

    /// Analyses `trace`.
    ///
    /// Resolutions whose parent id is not in the trace are treated as roots, and so is the resolution where a loop
    /// of parents is cut (see ``ResolutionLinks``). `edges`, when given, replaces the observed edges (a source
    /// scan's static edges have no resolutions behind them).
    ///
    /// ```swift
    /// let analysis = TraceAnalysis(trace: trace)
    /// ```
    public init(trace: Trace, edges: [DependencyEdge]? = nil) {
        self.trace = trace
        let resolutions = trace.resolutions
        let count = resolutions.count

        let links = trace.links ?? ResolutionLinks(resolutions)

        var statisticsIndex = [Int: Int](minimumCapacity: trace.factories.count)
        var statistics = trace.factories.map { FactoryStatistics(factory: $0.id) }
        for (index, factory) in trace.factories.enumerated() { statisticsIndex[factory.id] = index }

        let parentIndex = links.parentIndex
        var childCounts = [Int32](repeating: 0, count: count + 1)
        var edgeCounts: [EdgeKey: Int] = [:]
        var roots: [Int32] = []
        for index in 0..<count {
            let resolution = resolutions[index]
            if let statsIndex = statisticsIndex[resolution.factory] { statistics[statsIndex].add(resolution) }
            let parentPosition = Int(parentIndex[index])
            if parentPosition >= 0 {
                childCounts[parentPosition] += 1
                let from = resolutions[parentPosition].factory
                edgeCounts[EdgeKey(from: from, to: resolution.factory), default: 0] += 1
            } else {
                roots.append(Int32(index))
            }
        }
        // Compressed children lists (CSR).
        var childStart = [Int32](repeating: 0, count: count + 1)
        var running: Int32 = 0
        for index in 0..<count {
            childStart[index] = running
            running += childCounts[index]
        }
        childStart[count] = running
        var fill = childStart
        var childIndices = [Int32](repeating: 0, count: Int(running))
        for index in 0..<count where parentIndex[index] >= 0 {
            let parent = Int(parentIndex[index])
            childIndices[Int(fill[parent])] = Int32(index)
            fill[parent] += 1
        }
        let byStart: (Int32, Int32) -> Bool = {
            let a = resolutions[Int($0)], b = resolutions[Int($1)]
            return (a.start, a.id) < (b.start, b.id)
        }
        for index in 0..<count where childStart[index + 1] - childStart[index] > 1 {
            childIndices[Int(childStart[index])..<Int(childStart[index + 1])].sort(by: byStart)
        }
        roots.sort(by: byStart)
        let selfNanoseconds = SelfTime.perResolution(resolutions, childStart: childStart, childIndices: childIndices)
        SelfTime.accumulate(selfNanoseconds, of: resolutions, into: &statistics, index: statisticsIndex)

        self.parentIndex = parentIndex
        self.childStart = childStart
        self.childIndices = childIndices
        self.rootIndices = roots
        self.selfNanoseconds = selfNanoseconds
        self.statistics = statistics
        self.statisticsIndex = statisticsIndex
        self.edges = edges ?? edgeCounts.map { DependencyEdge(from: $0.key.from, to: $0.key.to, count: $0.value) }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// An edge's two factory ids, whole (any two `Int`s, negative or above 2³² included).
    private struct EdgeKey: Hashable {
        var from: Int
        var to: Int
    }

    /// The statistics of one factory (empty statistics if it was never resolved).
    ///
    /// Looks the factory up by id.
    ///
    /// ```swift
    /// analysis.statistics(for: 3).creations
    /// ```
    public func statistics(for factory: Int) -> FactoryStatistics {
        statisticsIndex[factory].map { statistics[$0] } ?? FactoryStatistics(factory: factory)
    }

    /// Indices (in ``Trace/resolutions``) of the children of the resolution at `index`, by start time.
    func children(of index: Int) -> ArraySlice<Int32> {
        childIndices[Int(childStart[index])..<Int(childStart[index + 1])]
    }
}
