/// Writes a ``DependencyGraph`` as Graphviz DOT source.
///
/// Deterministic: nodes by id, clusters by name, edges by `from` then `to`. Node labels show the
/// type, the name (or the declaration site `file:line`) and the scope; edge labels show counts.
///
/// ```swift
/// let dot = DOTWriter.write(graph)
/// try dot.write(toFile: "graph.dot", atomically: true, encoding: .utf8)
/// ```
public enum DOTWriter {
    /// Above this many edges, edge labels become `xlabel`s, which Graphviz lays out much faster.
    static let plainLabelEdgeLimit = 400
    /// Above this many edges, `sfdp` and `neato` draw straight edges.
    static let splineEdgeLimit = 150

    /// The DOT source of `graph`: every factory, or one node per module when ``DependencyGraph/isCollapsed``.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// print(DOTWriter.write(graph), terminator: "")
    /// ```
    public static func write(_ graph: DependencyGraph) -> String {
        write(graph, newRank: false)
    }

    /// The DOT source, with `newrank=true` when `newRank` (the first retry of a failed clustered layout).
    static func write(_ graph: DependencyGraph, newRank: Bool) -> String {
        if graph.isCollapsed { return ModuleDOTWriter.write(ModuleGraph(graph), newRank: newRank) }
        let options = graph.options
        var index: [Int: Int] = [:]
        for (position, node) in graph.nodes.enumerated() { index[node.factory.id] = position }
        let pairs = graph.edges.compactMap { edge in index[edge.from].flatMap { from in index[edge.to].map { (from, $0) } } }
        // Edge labels (`label`) on edges between clusters make Graphviz 2.42/2.43 fail (`trouble in init_rank`,
        // `triangulation failed`, then a double free), and any `label` doubles dot's ranks: clustered, large
        // and deep graphs get `xlabel`s, placed after the layout.
        let usesLabels = options.clustering == .none && graph.edges.count <= plainLabelEdgeLimit
            && LayoutBudget.estimateVirtualNodes(nodeCount: graph.nodes.count, edges: pairs, labelled: true)
                <= LayoutBudget.virtualNodeBudget
        var out = header(options, newRank: newRank, nodeCount: graph.nodes.count, edges: pairs, labelled: usesLabels)

        let maxSelf = graph.nodes.map(\.statistics.selfTotalNanoseconds).max() ?? 0
        func nodeLine(_ node: DependencyGraph.Node, indent: String) -> String {
            let factory = node.factory
            var lines = [factory.property ?? factory.type, factory.name.map { "\"\($0)\"" } ?? factory.site, factory.scope.rawValue]
            if factory.property != nil, factory.isTypeKnown { lines.insert(factory.type, at: 1) }
            if options.showTimings {
                lines.append(
                    "self " + Duration.format(node.statistics.selfTotalNanoseconds) + " · total "
                        + Duration.format(node.statistics.totalNanoseconds))
            }
            var attributes = ["label=\(quote(lines.joined(separator: "\n")))"]
            attributes.append("tooltip=\(quote(GraphTooltip.factory(node)))")
            if let highlight = node.highlight {
                attributes.append("color=\(highlight.color)")
                attributes.append("fontcolor=\(highlight.color)")
                attributes.append("penwidth=2")
            }
            if options.showTimings {
                attributes.append("fillcolor=\(quote(shade(node.statistics.selfTotalNanoseconds, max: maxSelf)))")
            }
            if node.isFocus { attributes.append("peripheries=2") }
            if !factory.isDeclared { attributes.append("style=\"rounded,dashed\"") }
            return "\(indent)f\(factory.id) [\(attributes.joined(separator: ", "))];\n"
        }

        switch options.clustering {
        case .none:
            for node in graph.nodes { out += nodeLine(node, indent: "  ") }
        case .module, .scope:
            var groups: [String: [DependencyGraph.Node]] = [:]
            for node in graph.nodes {
                let key = options.clustering == .module ? node.factory.module : node.factory.scope.rawValue
                groups[key, default: []].append(node)
            }
            for (index, key) in groups.keys.sorted().enumerated() {
                out += "  subgraph cluster_\(index) {\n"
                out += "    label=\(quote(key)); style=\"rounded,dashed\"; color=\"#999999\"; fontcolor=\"#555555\";\n"
                for node in groups[key]! { out += nodeLine(node, indent: "    ") }
                out += "  }\n"
            }
        }

        let labelAttribute = usesLabels ? "label" : "xlabel"
        var factories: [Int: FactoryRecord] = [:]
        for node in graph.nodes { factories[node.factory.id] = node.factory }
        for edge in graph.edges {
            var attributes: [String] = []
            if edge.count > 0 { attributes.append("\(labelAttribute)=\(quote("×\(edge.count)"))") }
            attributes.append("tooltip=\(quote(GraphTooltip.edge(edge, from: factories[edge.from], to: factories[edge.to])))")
            if let highlight = edge.highlight {
                attributes.append("color=\(highlight.color)")
                attributes.append("fontcolor=\(highlight.color)")
                attributes.append("penwidth=2")
                if edge.count == 0 { attributes.append("style=dashed") }
            }
            out += "  f\(edge.from) -> f\(edge.to) [\(attributes.joined(separator: ", "))];\n"
        }

        if options.highlightProblems && graph.hasHighlights { out += DOTLegend.statement }
        out += "}\n"
        return out
    }

    /// The opening line and the graph, node and edge defaults, with `dot`'s effort capped for graphs of
    /// many virtual nodes (see ``LayoutBudget``); `edges` index the nodes `0..<nodeCount`.
    static func header(
        _ options: GraphOptions, newRank: Bool, nodeCount: Int, edges: [(Int, Int)], labelled: Bool
    ) -> String {
        var out = "digraph dependencies {\n"
        out += "  graph [fontname=\"Helvetica\", fontsize=11, nodesep=0.3, ranksep=0.5"
        if options.layout == .dot {
            out += LayoutBudget.dotAttributes(nodeCount: nodeCount, edges: edges, labelled: labelled)
        } else {
            // Curved edges routed around the nodes cost sfdp and neato minutes from a few hundred edges on
            // (S: 140 s against 1.6 s); larger graphs get straight lines.
            out += edges.count <= splineEdgeLimit ? ", overlap=false, splines=true" : ", overlap=false, splines=false"
        }
        if newRank { out += ", newrank=true" }
        out += "];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\", arrowsize=0.7];\n"
        return out
    }

    /// A DOT quoted string: every label and name goes through ``DOTEscaping`` (quotes, backslashes, line breaks,
    /// `&`, control and bidirectional characters, and labels over Graphviz's 16 KB limit).
    static func quote(_ text: String) -> String {
        DOTEscaping.quoted(text)
    }

    /// A light-to-dark blue fill for a share of the largest self time (HSV, as Graphviz accepts it).
    static func shade(_ value: UInt64, max: UInt64) -> String {
        let fraction = max == 0 ? 0 : Double(value) / Double(max)
        let saturation = 0.05 + 0.55 * fraction
        return "0.600 \(Duration.rounded(saturation, 3)) 1.000"
    }
}
