/// Writes a ``DependencyGraph`` as JSON: `{"nodes": [...], "edges": [...]}`.
///
/// For tools that draw the graph themselves. Keys are sorted; nodes by id, edges by `from`, `to`. A graph
/// collapsed with `--collapse module` is written as `{"modules": [...], "edges": [...]}`, modules by name.
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
        if graph.isCollapsed { return write(ModuleGraph(graph)) }
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

    /// The JSON text of a collapsed graph: `{"modules": [...], "edges": [...]}`.
    static func write(_ graph: ModuleGraph) -> String {
        let modules: [JSONOutput] = graph.nodes.map { node in
            .object([
                "module": .string(node.module), "factories": .int(node.factories), "resolutions": .int(node.resolutions),
                "internalDependencies": .int(node.internalDependencies), "highlight": .optional(node.highlight?.rawValue),
                "focus": .bool(node.isFocus),
            ])
        }
        let edges: [JSONOutput] = graph.edges.map { edge in
            .object([
                "from": .string(edge.from), "to": .string(edge.to), "dependencies": .int(edge.dependencies),
                "resolutions": .int(edge.resolutions), "highlight": .optional(edge.highlight?.rawValue),
            ])
        }
        return JSONOutput.object(["modules": .array(modules), "edges": .array(edges)]).rendered() + "\n"
    }
}
