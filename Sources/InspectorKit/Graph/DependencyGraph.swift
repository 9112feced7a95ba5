/// The graph `di-inspect graph` draws: factories as nodes, observed resolutions as edges, with
/// problems marked.
///
/// Built from a ``TraceAnalysis`` and the ``Problem``s found in it. With a focus, only the
/// factories within ``GraphOptions/depth`` edges (either direction) of the focused ones are kept.
///
/// ```swift
/// let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(focus: "Clock", depth: 1))
/// print(graph.nodes.count, graph.edges.count)
/// ```
public struct DependencyGraph: Sendable {
    /// How a node or edge is highlighted.
    ///
    /// Red for cycles and unregistered factories, orange for leaked or escaped resolutions.
    ///
    /// ```swift
    /// node.highlight == .unregistered
    /// ```
    public enum Highlight: String, Sendable, CaseIterable {
        /// An edge on a dependency cycle (red).
        case cycle
        /// A factory resolved in a test container without a registration (red).
        case unregistered
        /// A factory resolved after its test container ended, or escaping to the default container (orange).
        case leaked

        /// The Graphviz colour of the highlight.
        ///
        /// Used for the node border or edge.
        ///
        /// ```swift
        /// Highlight.leaked.color   // "orange"
        /// ```
        public var color: String { self == .leaked ? "orange" : "red" }
    }

    /// A factory in the graph.
    ///
    /// Carries what the label and shading need.
    ///
    /// ```swift
    /// graph.nodes.first?.factory.type
    /// ```
    public struct Node: Sendable, Equatable {
        /// The factory.
        public var factory: FactoryRecord
        /// Its statistics.
        public var statistics: FactoryStatistics
        /// The problem highlight, if any.
        public var highlight: Highlight?
        /// Whether it matched `--focus`.
        public var isFocus: Bool
    }

    /// An observed dependency between two nodes.
    ///
    /// A cycle edge seen only in an issue's path has ``count`` 0.
    ///
    /// ```swift
    /// graph.edges.filter { $0.highlight == .cycle }
    /// ```
    public struct Edge: Sendable, Equatable {
        /// The parent factory's id.
        public var from: Int
        /// The child factory's id.
        public var to: Int
        /// How many times it was observed.
        public var count: Int
        /// The problem highlight, if any.
        public var highlight: Highlight?
    }

    /// Nodes sorted by factory id.
    public var nodes: [Node]
    /// Edges sorted by `from` then `to`.
    public var edges: [Edge]
    /// The options the graph was built with.
    public var options: GraphOptions

    /// How many factories were left out because they were never resolved (traces of tests only, without
    /// ``GraphOptions/includeUnresolved``; 0 with a focus).
    ///
    /// ```swift
    /// if graph.hiddenUnresolvedCount > 0 { print("pass --include-unresolved to see them") }
    /// ```
    public var hiddenUnresolvedCount = 0

    /// Builds the graph.
    ///
    /// With ``GraphOptions/test`` or ``GraphOptions/container``, only what those containers resolved is
    /// drawn (and `problems` is worked out again for them). Throws
    /// ``InspectorError/focusNotFound(query:suggestions:)`` when `options.focus` matches no factory, and
    /// ``InspectorError/testNotFound(query:suggestions:)`` or ``InspectorError/containerNotFound(id:known:)``
    /// when the filter matches no container.
    ///
    /// ```swift
    /// let graph = try DependencyGraph(analysis: analysis)
    /// ```
    public init(
        analysis: TraceAnalysis, options: GraphOptions = GraphOptions(), problems: [Problem]? = nil
    ) throws(InspectorError) {
        var analysis = analysis
        var problems = problems
        if let selection = try ContainerFilter.selection(in: analysis.trace, options: options) {
            analysis = TraceAnalysis(trace: ContainerFilter.restrict(analysis.trace, to: selection))
            problems = nil
        }
        let trace = analysis.trace
        problems = options.highlightProblems ? (problems ?? TraceChecker.check(analysis)) : []
        self.options = options

        var nodeHighlights: [Int: Highlight] = [:]
        var cycleEdges = Set<[Int]>()
        for problem in problems ?? [] {
            switch problem.kind {
            case .unregistered:
                nodeHighlights[problem.factory] = .unregistered
            case .leaked, .escaped:
                if nodeHighlights[problem.factory] == nil { nodeHighlights[problem.factory] = .leaked }
            case .cycle:
                for (from, to) in zip(problem.path, problem.path.dropFirst()) { cycleEdges.insert([from, to]) }
            default:
                break
            }
        }

        var edges: [Edge] = analysis.edges.map {
            Edge(from: $0.from, to: $0.to, count: $0.count, highlight: cycleEdges.contains([$0.from, $0.to]) ? .cycle : nil)
        }
        let observed = Set(analysis.edges.map { [$0.from, $0.to] })
        for pair in cycleEdges.sorted(by: { $0.lexicographicallyPrecedes($1) }) where !observed.contains(pair) {
            edges.append(Edge(from: pair[0], to: pair[1], count: 0, highlight: .cycle))
        }
        edges.sort { ($0.from, $0.to) < ($1.from, $1.to) }

        var included = Set(trace.factories.map(\.id))
        // In traces of tests, most declared factories are never resolved by any one test: leave them out.
        if !options.includeUnresolved && trace.containers.contains(where: { $0.kind == .test }) {
            let onEdges = Set(edges.flatMap { [$0.from, $0.to] })
            included = included.filter {
                analysis.statistics(for: $0).resolutions > 0 || onEdges.contains($0) || nodeHighlights[$0] != nil
            }
            hiddenUnresolvedCount = trace.factories.count - included.count
        }
        var focused = Set<Int>()
        if let query = options.focus {
            focused = Set(trace.factories.filter { FactoryMatcher.matches(query, $0) }.map(\.id))
            guard !focused.isEmpty else {
                throw .focusNotFound(query: query, suggestions: FactoryMatcher.closeMatches(for: query, in: trace.factories))
            }
            var neighbours: [Int: [Int]] = [:]
            for edge in edges {
                neighbours[edge.from, default: []].append(edge.to)
                neighbours[edge.to, default: []].append(edge.from)
            }
            included = focused
            hiddenUnresolvedCount = 0
            var frontier = Array(focused)
            for _ in 0..<max(0, options.depth) {
                // Nothing new was reached: any depth (up to Int.max) ends here.
                if frontier.isEmpty { break }
                var next: [Int] = []
                for id in frontier {
                    for neighbour in neighbours[id, default: []] where included.insert(neighbour).inserted {
                        next.append(neighbour)
                    }
                }
                frontier = next
            }
            edges = edges.filter { included.contains($0.from) && included.contains($0.to) }
        }

        self.nodes = trace.factories.filter { included.contains($0.id) }.map { factory in
            Node(
                factory: factory, statistics: analysis.statistics(for: factory.id),
                highlight: nodeHighlights[factory.id], isFocus: focused.contains(factory.id))
        }
        self.edges = edges
    }

    /// Whether the drawing shows one node per module rather than every factory.
    ///
    /// ``GraphOptions/Collapse/auto`` collapses drawings (not JSON) above ``GraphOptions/collapseNodeLimit``
    /// factories or ``GraphOptions/collapseEdgeLimit`` edges.
    ///
    /// ```swift
    /// if graph.isCollapsed { print(ModuleGraph(graph).nodes.count, "modules") }
    /// ```
    public var isCollapsed: Bool {
        switch options.collapse {
        case .module: true
        case .none: false
        case .auto:
            options.format != .json
                && (nodes.count > GraphOptions.collapseNodeLimit || edges.count > GraphOptions.collapseEdgeLimit)
        }
    }

    /// Whether any node or edge is highlighted (then the drawing gets a legend).
    ///
    /// False for a clean trace.
    ///
    /// ```swift
    /// if graph.hasHighlights { … }
    /// ```
    public var hasHighlights: Bool {
        nodes.contains { $0.highlight != nil } || edges.contains { $0.highlight != nil }
    }
}
