/// A ``DependencyGraph`` with its factories merged into one node per module: what `graph` draws for
/// large apps (`--collapse module`, or automatically above ``GraphOptions/collapseNodeLimit``).
///
/// An edge between two modules stands for every factory edge between them; dependencies inside a
/// module are counted on its node. Problems carry over: a module holding an unregistered factory is
/// red, one holding a leaked one orange, an edge standing for a cycle edge red.
///
/// ```swift
/// let modules = ModuleGraph(try DependencyGraph(analysis: analysis))
/// for edge in modules.edges { print(edge.from, "->", edge.to, edge.dependencies) }
/// ```
public struct ModuleGraph: Sendable {
    /// One module.
    ///
    /// Its counts add up those of its factories in the graph.
    ///
    /// ```swift
    /// modules.nodes.first { $0.module == "Payments" }?.factories
    /// ```
    public struct Node: Sendable, Equatable {
        /// The module's name (the factories' `module`).
        public var module: String
        /// How many of its factories the graph has.
        public var factories: Int
        /// How many of those factories have each scope.
        public var scopes: [FactoryRecord.Scope: Int]
        /// Resolutions of its factories.
        public var resolutions: Int
        /// The time spent resolving its factories, in nanoseconds (children included).
        public var totalNanoseconds: UInt64
        /// Dependencies between two of its own factories.
        public var internalDependencies: Int
        /// The strongest problem highlight of its factories.
        public var highlight: DependencyGraph.Highlight?
        /// Whether one of its factories matched `--focus`.
        public var isFocus: Bool
    }

    /// The factory edges from one module to another.
    ///
    /// Drawn with ``dependencies`` as its label.
    ///
    /// ```swift
    /// modules.edges.filter { $0.dependencies > 10 }
    /// ```
    public struct Edge: Sendable, Equatable {
        /// The dependent module.
        public var from: String
        /// The module depended on.
        public var to: String
        /// How many factory edges it stands for.
        public var dependencies: Int
        /// How many resolutions were observed along them.
        public var resolutions: Int
        /// Red when one of them is on a cycle.
        public var highlight: DependencyGraph.Highlight?
    }

    /// Modules sorted by name.
    public var nodes: [Node]
    /// Edges sorted by `from` then `to`.
    public var edges: [Edge]
    /// The options of the graph it was made from.
    public var options: GraphOptions

    /// Merges the factories of `graph` by module.
    ///
    /// Linear in the graph's nodes and edges.
    ///
    /// ```swift
    /// let modules = ModuleGraph(graph)
    /// ```
    public init(_ graph: DependencyGraph) {
        options = graph.options
        var nodes: [String: Node] = [:]
        var moduleOf: [Int: String] = [:]
        for node in graph.nodes {
            let module = node.factory.module
            moduleOf[node.factory.id] = module
            var entry =
                nodes[module]
                ?? Node(
                    module: module, factories: 0, scopes: [:], resolutions: 0, totalNanoseconds: 0, internalDependencies: 0,
                    highlight: nil,
                    isFocus: false)
            entry.factories += 1
            entry.scopes[node.factory.scope, default: 0] += 1
            entry.resolutions += node.statistics.resolutions
            entry.totalNanoseconds &+= node.statistics.totalNanoseconds
            if node.highlight == .unregistered || entry.highlight == nil { entry.highlight = node.highlight ?? entry.highlight }
            entry.isFocus = entry.isFocus || node.isFocus
            nodes[module] = entry
        }
        var edges: [[String]: Edge] = [:]
        for edge in graph.edges {
            guard let from = moduleOf[edge.from], let to = moduleOf[edge.to] else { continue }
            if from == to {
                nodes[from]?.internalDependencies += 1
                continue
            }
            var entry = edges[[from, to]] ?? Edge(from: from, to: to, dependencies: 0, resolutions: 0, highlight: nil)
            entry.dependencies += 1
            entry.resolutions += edge.count
            if edge.highlight != nil { entry.highlight = edge.highlight }
            edges[[from, to]] = entry
        }
        self.nodes = nodes.values.sorted { $0.module < $1.module }
        self.edges = edges.values.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// Whether any module or edge is highlighted (then the drawing gets a legend).
    ///
    /// False for a clean trace.
    ///
    /// ```swift
    /// if modules.hasHighlights { … }
    /// ```
    public var hasHighlights: Bool {
        nodes.contains { $0.highlight != nil } || edges.contains { $0.highlight != nil }
    }
}
