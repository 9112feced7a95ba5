/// Writes a ``ModuleGraph`` (one node per module) as Graphviz DOT source.
///
/// Node labels show the module, its factory count and its internal dependencies; edge labels show how
/// many factory dependencies and resolutions an edge stands for. No clusters: each node is a module.
///
/// ```swift
/// let dot = ModuleDOTWriter.write(ModuleGraph(graph))
/// ```
enum ModuleDOTWriter {
    /// The DOT source; `newRank` adds `newrank=true`.
    static func write(_ graph: ModuleGraph, newRank: Bool = false) -> String {
        var ids: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() { ids[node.module] = index }
        let pairs = graph.edges.compactMap { edge in ids[edge.from].flatMap { from in ids[edge.to].map { (from, $0) } } }
        // `label`s double dot's ranks: only on small, shallow graphs (see DOTWriter).
        let usesLabels = graph.edges.count <= DOTWriter.plainLabelEdgeLimit
            && LayoutBudget.estimateVirtualNodes(nodeCount: graph.nodes.count, edges: pairs, labelled: true)
                <= LayoutBudget.virtualNodeBudget
        var out = DOTWriter.header(
            graph.options, newRank: newRank, nodeCount: graph.nodes.count, edges: pairs, labelled: usesLabels)
        let maxTotal = graph.nodes.map(\.totalNanoseconds).max() ?? 0
        for (index, node) in graph.nodes.enumerated() {
            let label = "\(node.module)\n\(node.factories) factor\(node.factories == 1 ? "y" : "ies")"
                + (node.internalDependencies > 0 ? "\n\(node.internalDependencies) internal dependencies" : "")
            var attributes = ["label=\(DOTWriter.quote(label))", "tooltip=\(DOTWriter.quote(GraphTooltip.module(node)))"]
            if let highlight = node.highlight {
                attributes.append("color=\(highlight.color)")
                attributes.append("fontcolor=\(highlight.color)")
                attributes.append("penwidth=2")
            }
            if graph.options.showTimings {
                attributes.append("fillcolor=\(DOTWriter.quote(DOTWriter.shade(node.totalNanoseconds, max: maxTotal)))")
            }
            if node.isFocus { attributes.append("peripheries=2") }
            out += "  m\(index) [\(attributes.joined(separator: ", "))];\n"
        }
        let labelAttribute = usesLabels ? "label" : "xlabel"
        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            var attributes = [
                "\(labelAttribute)=\(DOTWriter.quote("\(edge.dependencies)"))",
                "tooltip=\(DOTWriter.quote(GraphTooltip.edge(edge)))",
                // Thicker for edges that stand for more dependencies, up to 4 points.
                "penwidth=\(Duration.rounded(min(4, 0.7 + Double(edge.dependencies).squareRoot() / 3), 2))",
            ]
            if let highlight = edge.highlight {
                attributes.append("color=\(highlight.color)")
                attributes.append("fontcolor=\(highlight.color)")
            }
            out += "  m\(from) -> m\(to) [\(attributes.joined(separator: ", "))];\n"
        }
        if graph.options.highlightProblems && graph.hasHighlights { out += DOTLegend.statement }
        out += "}\n"
        return out
    }
}
