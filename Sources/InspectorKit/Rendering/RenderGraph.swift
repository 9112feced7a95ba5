public import Foundation

/// Renders the dependency graph of an analysed trace in the format `options` asks for.
///
/// `dot` and `json` are written by InspectorKit itself; `svg`, `png` and `pdf` are laid out and
/// rendered by Graphviz's C library (libgvc) with `options.layout`, in a child process, so that a
/// Graphviz crash becomes an ``InspectorError/renderFailed(format:layout:reason:)``. This is the entry
/// point `di-inspect graph` and the benchmarks call.
///
/// ```swift
/// let analysis = TraceAnalysis(trace: try TraceReader.read(path: "app.ditrace").trace)
/// let svg = try renderGraph(analysis, options: GraphOptions(format: .svg))
/// try svg.write(to: URL(fileURLWithPath: "graph.svg"))
/// ```
public func renderGraph(_ analysis: TraceAnalysis, options: GraphOptions = GraphOptions()) throws(InspectorError)
    -> Data
{
    try renderGraph(DependencyGraph(analysis: analysis, options: options))
}

/// Renders an already built ``DependencyGraph`` in the format of its options.
///
/// Use this to time rendering alone. Notices (a layout that had to fall back) are dropped; use
/// ``renderGraph(_:notices:)`` to get them.
///
/// ```swift
/// let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(format: .png))
/// let png = try renderGraph(graph)
/// ```
public func renderGraph(_ graph: DependencyGraph) throws(InspectorError) -> Data {
    var notices: [String] = []
    return try renderGraph(graph, notices: &notices)
}

/// Renders `graph`, appending to `notices` one line for each thing a person should know: the graph was
/// collapsed to modules, factories were left out, or Graphviz failed and a fallback layout was drawn.
///
/// Each notice starts with `note: ` or `warning: `; `di-inspect graph` prints them on standard error.
///
/// ```swift
/// var notices: [String] = []
/// let svg = try renderGraph(graph, notices: &notices)
/// notices.forEach { print($0) }
/// ```
public func renderGraph(_ graph: DependencyGraph, notices: inout [String]) throws(InspectorError) -> Data {
    try renderGraph(graph, notices: &notices, fault: { _ in .none })
}

/// ``renderGraph(_:notices:)`` with a failure injected into chosen layout attempts (tests only).
func renderGraph(
    _ graph: DependencyGraph, notices: inout [String], fault: (LayoutFallback.Attempt) -> GraphvizRenderer.Fault
) throws(InspectorError) -> Data {
    notices += GraphNotices.describe(graph)
    switch graph.options.format {
    case .dot:
        return Data(DOTWriter.write(graph).utf8)
    case .json:
        return Data(GraphJSONWriter.write(graph).utf8)
    case .svg, .png, .pdf:
        return try LayoutFallback.render(graph, notices: &notices, fault: fault)
    }
}
