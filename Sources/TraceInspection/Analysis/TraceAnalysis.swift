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
    /// What the resolutions said, folded (see ``ResolutionFacts``).
    package let facts: ResolutionFacts
    /// Whether the resolutions and their tree are here (false for a trace read as a stream).
    package let keepsTree: Bool

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
        self.init(trace: trace, edges: edges, options: ResolutionFacts.Options())
    }

    /// Analyses `trace` with the facts folded for `options` (see ``TraceChecker/check(_:options:)``).
    package init(trace: Trace, edges: [DependencyEdge]? = nil, options: ResolutionFacts.Options) {
        let resolutions = trace.resolutions
        let count = resolutions.count
        let links = trace.links ?? ResolutionLinks(resolutions)

        let parentIndex = links.parentIndex
        var childCounts = [Int32](repeating: 0, count: count + 1)
        var roots: [Int32] = []
        for index in 0..<count {
            let parentPosition = Int(parentIndex[index])
            if parentPosition >= 0 { childCounts[parentPosition] += 1 } else { roots.append(Int32(index)) }
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

        let tree = Tree(
            parentIndex: parentIndex, childStart: childStart, childIndices: childIndices, rootIndices: roots,
            selfNanoseconds: SelfTime.perResolution(resolutions, childStart: childStart, childIndices: childIndices))
        self.init(trace: trace, facts: ResolutionFacts.folding(trace, options: options), edges: edges, tree: tree)
    }

    /// The analysis of a trace read as a stream (``TraceReader/analyze(path:options:windowCapacity:)``): `trace` holds no
    /// resolutions, `facts` what they said. Statistics, edges and checks work as for a trace in memory; the
    /// resolution tree (``selfNanoseconds``, children, paths) is empty.
    package init(streamed trace: Trace, facts: ResolutionFacts) {
        self.init(trace: trace, facts: facts, edges: nil, tree: nil)
    }

    /// The resolution tree of a trace in memory.
    private struct Tree {
        var parentIndex: [Int32]
        var childStart: [Int32]
        var childIndices: [Int32]
        var rootIndices: [Int32]
        var selfNanoseconds: [UInt64]
    }

    private init(trace: Trace, facts: ResolutionFacts, edges: [DependencyEdge]?, tree: Tree?) {
        parentIndex = tree?.parentIndex ?? []
        childStart = tree?.childStart ?? [0]
        childIndices = tree?.childIndices ?? []
        rootIndices = tree?.rootIndices ?? []
        selfNanoseconds = tree?.selfNanoseconds ?? []
        keepsTree = tree != nil
        var trace = trace
        let folded = facts.statistics
        trace.addPlaceholders(for: folded.keys)
        self.trace = trace
        self.facts = facts
        self.statistics = trace.factories.map { folded[$0.id] ?? FactoryStatistics(factory: $0.id) }
        var statisticsIndex = [Int: Int](minimumCapacity: trace.factories.count)
        for (index, factory) in trace.factories.enumerated() { statisticsIndex[factory.id] = index }
        self.statisticsIndex = statisticsIndex
        self.edges = edges ?? facts.edgeCounts.map { DependencyEdge(from: $0.key.from, to: $0.key.to, count: $0.value) }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// How many resolutions the trace holds (also when read as a stream, which keeps none of them).
    ///
    /// ```swift
    /// print("\(analysis.resolutionCount) resolutions")
    /// ```
    public var resolutionCount: Int { facts.resolutionCount }

    /// The facts folded with the main-thread budget `threshold`: these, or, for a trace in memory read with
    /// another budget, folded again.
    func facts(mainThreadThreshold threshold: UInt64?) -> ResolutionFacts {
        guard keepsTree, facts.options.mainThreadThresholdNanoseconds != threshold else { return facts }
        return ResolutionFacts.folding(
            trace, options: .init(mainThreadThresholdNanoseconds: threshold, keepsPercentiles: false))
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
