import Foundation
import Testing

@testable import InspectorKit

/// S (200 factories, 10 modules, 700 edges) in every cluster mode and layout, and focused on each factory.
@Suite("Graphs at real size")
struct GraphRealSizeTests {
    static let combinations: [(GraphOptions.Clustering, GraphOptions.Layout)] = GraphOptions.Clustering.allCases.flatMap { clustering in
        GraphOptions.Layout.allCases.map { (clustering, $0) }
    }

    @Test("S renders on the first attempt, with every node and edge and a tooltip on each", arguments: combinations)
    func everyClusterModeAndLayout(_ clustering: GraphOptions.Clustering, _ layout: GraphOptions.Layout) throws {
        let graph = try DependencyGraph(
            analysis: try AppTraces.analysis(AppTraces.small),
            options: GraphOptions(format: .svg, layout: layout, clustering: clustering))
        var notices: [String] = []
        let svg = try #require(SVGStructure(try renderGraph(graph, notices: &notices)))
        #expect(notices.filter { $0.hasPrefix("warning:") } == [])
        #expect(svg.nodes.count == 191)  // 190 resolved factories and the legend
        #expect(svg.edges.count == 701)  // 700 observed edges and the cycle's edge back
        if layout == .dot {
            #expect(svg.clusters.count == [.module: 10, .scope: 3, .none: 0][clustering])
        }
        let factories = svg.nodes.filter { $0.title != "legend" }
        #expect(Set(factories.map(\.title)) == Set(graph.nodes.map { "f\($0.factory.id)" }))
        for node in factories {
            let tooltip = try #require(node.tooltip, "no tooltip on \(node.title)")
            #expect(tooltip.contains("declared at ") && tooltip.contains("scope ") && tooltip.contains(" resolution"))
        }
        // The hostile names arrive as text, escaped by Graphviz: the XML parsed, and they are in the tooltips.
        #expect(factories.contains { $0.tooltip?.contains("<b>markup</b> & <script>") == true })
        #expect(factories.contains { $0.tooltip?.contains("say \"hello\"") == true })
        #expect(svg.edges.allSatisfy { $0.tooltip?.contains(" → ") == true })
    }

    /// Focus graphs are laid out with `dot` into Graphviz's `plain` format (positions only; the cheapest
    /// renderer), through the same fallback as every drawing; 200 layouts take about a minute on two cores.
    @Test("--focus on every factory of S lays out on the first attempt", arguments: GraphOptions.Clustering.allCases)
    func focusOnEveryFactory(_ clustering: GraphOptions.Clustering) throws {
        let analysis = try AppTraces.analysis(AppTraces.small)
        var failures: [String] = []
        // Every factory with module clusters; every fifth with the other modes, to keep the suite short.
        let stride = clustering == .module ? 1 : 5
        for (index, factory) in analysis.trace.factories.enumerated() where index % stride == 0 {
            let graph = try DependencyGraph(
                analysis: analysis, options: GraphOptions(format: .svg, clustering: clustering, focus: factory.type))
            #expect(graph.nodes.contains { $0.isFocus && $0.factory.id == factory.id })
            let dot = DOTWriter.write(graph)
            let outcome = GraphvizRenderer.render(dot: dot, layout: "dot", format: "plain")
            if !outcome.isClean { failures.append("\(factory.type): \(outcome.failureReason ?? "?")") }
            let text = String(decoding: outcome.output ?? Data(), as: UTF8.self)
            let laidOut = text.split(separator: "\n").filter { $0.hasPrefix("node ") }.count
            #expect(laidOut == graph.nodes.count + (graph.hasHighlights ? 1 : 0), "\(factory.type)")
        }
        #expect(failures == [])
    }
}
