public import Foundation

/// Renders the dependency graph of an analysed trace in the format `options` asks for.
///
/// `dot` and `json` are written by InspectorKit itself; `svg`, `png` and `pdf` are laid out and
/// rendered in process by Graphviz's C library (libgvc) with `options.layout`. This is the entry
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
/// Use this to time rendering alone.
///
/// ```swift
/// let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(format: .png))
/// let png = try renderGraph(graph)
/// ```
public func renderGraph(_ graph: DependencyGraph) throws(InspectorError) -> Data {
    switch graph.options.format {
    case .dot:
        return Data(DOTWriter.write(graph).utf8)
    case .json:
        return Data(GraphJSONWriter.write(graph).utf8)
    case .svg, .png, .pdf:
        return try GraphvizRenderer.render(
            dot: DOTWriter.write(graph), layout: graph.options.layout.rawValue, format: graph.options.format.rawValue)
    }
}
