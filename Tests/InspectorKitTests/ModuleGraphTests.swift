import Foundation
import Testing

@testable import InspectorKit

@Suite("Collapsing to modules")
struct ModuleGraphTests {
    @Test("S is drawn factory by factory; L's graph is collapsed to its 60 modules")
    func thresholds() throws {
        let small = try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.small))
        #expect(small.nodes.count <= GraphOptions.collapseNodeLimit)
        #expect(!small.isCollapsed)
        let large = try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.large))
        #expect(large.nodes.count > GraphOptions.collapseNodeLimit)
        #expect(large.isCollapsed)
        var none = large
        none.options.collapse = .none
        #expect(!none.isCollapsed)
        var forced = small
        forced.options.collapse = .module
        #expect(forced.isCollapsed)
        // JSON is for tools: never collapsed unless asked.
        var json = large
        json.options.format = .json
        #expect(!json.isCollapsed)
        json.options.collapse = .module
        #expect(json.isCollapsed)
    }

    @Test("a graph with few factories but many edges is collapsed too")
    func edgeThreshold() throws {
        var dense = AppTraceShape.small
        dense.edges = GraphOptions.collapseEdgeLimit + 100
        dense.resolutions = 40_000
        let graph = try DependencyGraph(analysis: try AppTraces.analysis(AppTrace.generate(dense)))
        #expect(graph.nodes.count <= GraphOptions.collapseNodeLimit)
        #expect(graph.edges.count > GraphOptions.collapseEdgeLimit)
        #expect(graph.isCollapsed)
    }

    @Test("module edges count the factory edges they stand for; the rest are inside modules")
    func counts() throws {
        let graph = try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.large))
        let modules = ModuleGraph(graph)
        #expect(modules.nodes.count == 60)
        #expect(modules.nodes.reduce(0) { $0 + $1.factories } == graph.nodes.count)
        let between = modules.edges.reduce(0) { $0 + $1.dependencies }
        let inside = modules.nodes.reduce(0) { $0 + $1.internalDependencies }
        #expect(between + inside == graph.edges.count)
        #expect(modules.edges.reduce(0) { $0 + $1.resolutions } <= graph.edges.reduce(0) { $0 + $1.count })
        #expect(modules.edges.contains { $0.highlight == .cycle } || modules.nodes.contains { $0.highlight != nil })
    }

    @Test("L with default options: an SVG of 60 module nodes with counts and tooltips, and a note on standard error")
    func largeDefault() throws {
        let graph = try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.large), options: GraphOptions(format: .svg))
        var notices: [String] = []
        let svg = try #require(SVGStructure(try renderGraph(graph, notices: &notices)))
        let modules = ModuleGraph(graph)
        #expect(svg.nodes.count == 60 + (modules.hasHighlights ? 1 : 0))
        #expect(svg.edges.count == modules.edges.count)
        #expect(svg.clusters.isEmpty)
        for node in svg.nodes where node.title != "legend" {
            #expect(node.tooltip?.hasPrefix("module ") == true)
            #expect(node.tooltip?.contains(" factor") == true)
        }
        #expect(svg.edges.allSatisfy { $0.tooltip?.contains(" dependenc") == true })
        #expect(notices.first?.hasPrefix("note: drew one node per module (") == true)
        #expect(!notices.contains { $0.hasPrefix("warning:") })
    }

    @Test("collapsed JSON lists modules and module edges")
    func json() throws {
        let graph = try DependencyGraph(
            analysis: try AppTraces.analysis(AppTraces.small), options: GraphOptions(format: .json, collapse: .module))
        let object = try #require(
            try JSONSerialization.jsonObject(with: try renderGraph(graph)) as? [String: Any])
        #expect((object["modules"] as? [Any])?.count == 10)
        #expect((object["edges"] as? [[String: Any]])?.first?["dependencies"] is Int)
    }
}
