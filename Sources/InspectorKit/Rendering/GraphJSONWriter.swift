/// Writes a ``DependencyGraph`` as JSON: `{"nodes": [...], "edges": [...]}`.
///
/// For tools that draw the graph themselves. Keys are sorted; nodes by id, edges by `from`, `to`.
///
/// ```swift
/// let json = GraphJSONWriter.write(graph)
/// ```
public enum GraphJSONWriter {
    /// The JSON text of `graph`.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// print(GraphJSONWriter.write(graph), terminator: "")
    /// ```
    public static func write(_ graph: DependencyGraph) -> String {
        let nodes: [JSONOutput] = graph.nodes.map { node in
            guard case .object(var object) = JSONOutput.factory(node.factory, node.statistics) else { return .null }
            object["highlight"] = .optional(node.highlight?.rawValue)
            object["focus"] = .bool(node.isFocus)
            return .object(object)
        }
        let edges: [JSONOutput] = graph.edges.map { edge in
            .object([
                "from": .int(edge.from), "to": .int(edge.to), "count": .int(edge.count),
                "highlight": .optional(edge.highlight?.rawValue),
            ])
        }
        return JSONOutput.object(["nodes": .array(nodes), "edges": .array(edges)]).rendered() + "\n"
    }
}
