/// The notes `graph` prints about what a drawing leaves out: factories merged into modules, factories
/// never resolved.
enum GraphNotices {
    static func describe(_ graph: DependencyGraph) -> [String] {
        var notices: [String] = []
        if graph.isCollapsed && graph.options.collapse == .auto {
            let modules = Set(graph.nodes.map(\.factory.module)).count
            notices.append(
                "note: drew one node per module (\(graph.nodes.count) factories and \(graph.edges.count) edges in "
                    + "\(modules) modules); pass --collapse none to draw every factory, or --focus NAME for one "
                    + "neighbourhood.")
        }
        if graph.hiddenUnresolvedCount > 0 {
            notices.append(
                "note: left out \(graph.hiddenUnresolvedCount) factor\(graph.hiddenUnresolvedCount == 1 ? "y" : "ies") "
                    + "that were never resolved\(graph.options.test != nil || graph.options.container != nil ? " there" : "") "
                    + "(in traces of tests only); pass --include-unresolved to draw them.")
        }
        return notices
    }
}
