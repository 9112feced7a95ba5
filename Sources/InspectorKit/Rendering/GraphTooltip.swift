/// The hover text of nodes and edges in drawings (`tooltip` in DOT, `xlink:title` in SVG): type, name,
/// declaration site, scope, kind and counts, one fact per line.
///
/// The text is plain; the DOT writers quote it like every other attribute value.
enum GraphTooltip {
    /// For one factory.
    static func factory(_ node: DependencyGraph.Node) -> String {
        let factory = node.factory
        let statistics = node.statistics
        var lines = [factory.type]
        if let name = factory.name { lines.append("name: \"\(name)\"") }
        lines.append("declared at \(factory.site) in module \(factory.module)")
        lines.append("scope \(factory.scope.rawValue), \(factory.kind.rawValue) resolver")
        lines.append(
            "\(counted(statistics.resolutions, "resolution")): \(statistics.creations) created, "
                + "\(counted(statistics.cacheHits, "cache hit")), \(statistics.failures) failed")
        if statistics.resolutions > 0 {
            lines.append(
                "total \(Duration.format(statistics.totalNanoseconds)), slowest \(Duration.format(statistics.maxNanoseconds))")
        }
        if let highlight = node.highlight { lines.append("problem: \(highlight.rawValue)") }
        if !factory.isDeclared { lines.append("no factory event in the trace") }
        return lines.joined(separator: "\n")
    }

    /// For one module of a collapsed graph.
    static func module(_ node: ModuleGraph.Node) -> String {
        let scopes = FactoryRecord.Scope.allCases.compactMap { scope in
            node.scopes[scope].map { "\($0) \(scope.rawValue)" }
        }
        var lines = [
            "module \(node.module)",
            "\(counted(node.factories, "factory", "factories")): \(scopes.joined(separator: ", "))",
            counted(node.resolutions, "resolution"),
            "\(counted(node.internalDependencies, "dependency", "dependencies")) inside the module",
        ]
        if let highlight = node.highlight { lines.append("problem: \(highlight.rawValue)") }
        return lines.joined(separator: "\n")
    }

    /// For one factory edge.
    static func edge(_ edge: DependencyGraph.Edge, from: FactoryRecord?, to: FactoryRecord?) -> String {
        let names = "\(from?.displayName ?? "#\(edge.from)") → \(to?.displayName ?? "#\(edge.to)")"
        if edge.count == 0 { return names + "\nseen only in a cycle the runtime reported" }
        return names + "\nresolved \(counted(edge.count, "time"))"
    }

    /// For one module edge.
    static func edge(_ edge: ModuleGraph.Edge) -> String {
        "\(edge.from) → \(edge.to)\n\(counted(edge.dependencies, "dependency", "dependencies")), "
            + counted(edge.resolutions, "resolution")
    }

    /// `1 resolution`, `2 resolutions`.
    private static func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
