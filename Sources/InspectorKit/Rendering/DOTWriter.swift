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

    /// The DOT source of `graph`.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// print(DOTWriter.write(graph), terminator: "")
    /// ```
    public static func write(_ graph: DependencyGraph) -> String {
        let options = graph.options
        var out = "digraph dependencies {\n"
        out += "  graph [fontname=\"Helvetica\", fontsize=11, nodesep=0.3, ranksep=0.5"
        if options.layout != .dot { out += ", overlap=false, splines=true" }
        out += "];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\", arrowsize=0.7];\n"

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

        let labelAttribute = graph.edges.count > plainLabelEdgeLimit ? "xlabel" : "label"
        for edge in graph.edges {
            var attributes: [String] = []
            if edge.count > 0 { attributes.append("\(labelAttribute)=\(quote("×\(edge.count)"))") }
            if let highlight = edge.highlight {
                attributes.append("color=\(highlight.color)")
                attributes.append("fontcolor=\(highlight.color)")
                attributes.append("penwidth=2")
                if edge.count == 0 { attributes.append("style=dashed") }
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            out += "  f\(edge.from) -> f\(edge.to)\(suffix);\n"
        }

        if options.highlightProblems && graph.hasHighlights {
            out += "  subgraph cluster_legend {\n"
            out += "    label=\"Legend\"; style=\"rounded\"; color=\"#999999\"; fontcolor=\"#555555\";\n"
            out += "    legend_unregistered [label=\"unregistered\", color=red, fontcolor=red, penwidth=2];\n"
            out += "    legend_leaked [label=\"leaked / escaped\", color=orange, fontcolor=orange, penwidth=2];\n"
            out += "    legend_cycle_from [label=\"\", shape=point, width=0.05];\n"
            out += "    legend_cycle_to [label=\"\", shape=point, width=0.05];\n"
            out += "    { rank=same; legend_cycle_from; legend_cycle_to; }\n"
            out += "    legend_cycle_from -> legend_cycle_to [label=\"cycle\", color=red, fontcolor=red, penwidth=2];\n"
            out += "  }\n"
        }
        out += "}\n"
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
