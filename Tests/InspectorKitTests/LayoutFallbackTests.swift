import Foundation
import Testing

@testable import InspectorKit

@Suite("Layout fallback")
struct LayoutFallbackTests {
    private func smallGraph(_ options: GraphOptions = GraphOptions()) throws -> DependencyGraph {
        try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.small), options: options)
    }

    @Test("the attempts: as asked, newrank=true, without clusters, another engine")
    func attempts() throws {
        typealias Attempt = LayoutFallback.Attempt
        #expect(
            LayoutFallback.attempts(for: try smallGraph())
                == [
                    Attempt(clustering: .module, newRank: false, layout: .dot),
                    Attempt(clustering: .module, newRank: true, layout: .dot),
                    Attempt(clustering: .none, newRank: false, layout: .dot),
                    Attempt(clustering: .none, newRank: false, layout: .sfdp),
                ])
        #expect(
            LayoutFallback.attempts(for: try smallGraph(GraphOptions(layout: .sfdp, clustering: .none)))
                == [Attempt(clustering: .none, newRank: false, layout: .sfdp), Attempt(clustering: .none, newRank: false, layout: .neato)])
        // A collapsed graph has no clusters to drop.
        #expect(
            LayoutFallback.attempts(for: try smallGraph(GraphOptions(collapse: .module)))
                == [Attempt(clustering: .none, newRank: false, layout: .dot), Attempt(clustering: .none, newRank: false, layout: .sfdp)])
    }

    @Test("when the clustered layouts crash, the graph is drawn without clusters and one line says so")
    func dropsClusters() throws {
        var notices: [String] = []
        let svg = try renderGraph(
            try smallGraph(GraphOptions(format: .svg)), notices: &notices,
            fault: { $0.clustering != .none ? .abortBeforeLayout : .none })
        let structure = try #require(SVGStructure(svg))
        #expect(structure.clusters.isEmpty)
        #expect(structure.nodes.count == 191)  // 190 resolved factories and the legend
        let warnings = notices.filter { $0.hasPrefix("warning:") }
        #expect(
            warnings == [
                "warning: Graphviz's dot layout failed on this graph (it crashed (signal 6, SIGABRT)); "
                    + "drew it without clusters instead."
            ])
    }

    @Test("when only the first attempt fails, newrank=true keeps the clusters")
    func newRank() throws {
        var notices: [String] = []
        let svg = try renderGraph(
            try smallGraph(GraphOptions(format: .svg)), notices: &notices,
            fault: { $0.newRank ? .none : .abortBeforeLayout })
        #expect(try #require(SVGStructure(svg)).clusters.count == 10)
        #expect(notices.last?.hasSuffix("drew it with newrank=true instead.") == true)
    }

    @Test("when every attempt crashes, the error is one sentence naming the crash and the fallbacks")
    func everythingFails() throws {
        var notices: [String] = []
        #expect {
            try renderGraph(try smallGraph(GraphOptions(format: .png)), notices: &notices, fault: { _ in .abortBeforeLayout })
        } throws: { error in
            (error as? InspectorError)?.description
                == "Graphviz could not render the graph as png with the dot layout (it crashed (signal 6, SIGABRT); "
                + "drawing it with newrank=true; without clusters; without clusters and with the sfdp layout failed too); "
                + "try `--format dot` to see the graph source, or another `--layout`."
        }
    }

    @Test(
        "S with 350 edges (edge labels, not xlabels, before) lays out on the first attempt with module and scope clusters",
        arguments: [GraphOptions.Clustering.module, .scope])
    func firstAttemptIsClean(_ clustering: GraphOptions.Clustering) throws {
        // Before: `label`s on edges between clusters; Graphviz 2.43 printed `trouble in init_rank` (modules) or
        // `triangulation failed` (scopes), and di-inspect died of a double free.
        var shape = AppTraceShape.small
        shape.edges = 350
        let analysis = try AppTraces.analysis(AppTrace.generate(shape))
        let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(format: .svg, clustering: clustering))
        var notices: [String] = []
        let svg = try renderGraph(graph, notices: &notices)
        #expect(notices.filter { $0.hasPrefix("warning:") } == [])
        let structure = try #require(SVGStructure(svg))
        #expect(structure.edges.count == graph.edges.count)
    }
}
