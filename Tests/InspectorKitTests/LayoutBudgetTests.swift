import Foundation
import Testing

@testable import InspectorKit

@Suite("Layout budget")
struct LayoutBudgetTests {
    @Test("virtual nodes are counted from a longest-path ranking, doubled with labels")
    func estimate() {
        // A chain of 100 nodes and one edge from its head to its tail: 98 virtual nodes on the long edge.
        let chain = (0..<99).map { ($0, $0 + 1) } + [(0, 99)]
        #expect(LayoutBudget.estimateVirtualNodes(nodeCount: 100, edges: chain, labelled: false) == 98)
        // Labels put a node between every pair of ranks: 99 + 197.
        #expect(LayoutBudget.estimateVirtualNodes(nodeCount: 100, edges: chain, labelled: true) == 99 + 197)
        // A cycle is ranked after dropping its back edge.
        #expect(LayoutBudget.estimateVirtualNodes(nodeCount: 3, edges: [(0, 1), (1, 2), (2, 0)], labelled: false) == 1)
    }

    @Test("shallow graphs keep dot's defaults; deep ones get a lower mclimit and nslimit")
    func attributes() {
        let shallow = (1..<200).map { (0, $0) }
        #expect(LayoutBudget.dotAttributes(nodeCount: 200, edges: shallow, labelled: false) == "")
        // 200 nodes in a chain, and an edge from each to the last: about 20,000 virtual nodes.
        let deep = (0..<199).map { ($0, $0 + 1) } + (0..<198).map { ($0, 199) }
        let attributes = LayoutBudget.dotAttributes(nodeCount: 200, edges: deep, labelled: false)
        #expect(attributes.hasPrefix(", mclimit=0.3"))
        #expect(attributes.contains(", nslimit=0.0"))
    }

    @Test("a deep random graph of 500 factories and 2,000 edges gets the lower limits")
    func deepGraph() throws {
        // SyntheticTrace draws edges between any two factories: about 100 ranks deep. GraphRenderingTests
        // renders it.
        let data = SyntheticTrace.generate(factories: 500, edges: 2_000, resolutions: 4_000, seed: 7)
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: data).trace)
        let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(format: .svg, collapse: .none))
        #expect(DOTWriter.write(graph).contains("mclimit="))
        let shallow = try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.small))
        #expect(!DOTWriter.write(shallow).contains("mclimit="))
    }
}
