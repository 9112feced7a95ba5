import Foundation
import Testing

@testable import InspectorKit

@Suite("DOT structure")
struct DOTWriterTests {
    private func dot(_ options: GraphOptions, shape: AppTraceShape = .small) throws -> String {
        let data = shape == .small ? AppTraces.small : AppTrace.generate(shape)
        return DOTWriter.write(try DependencyGraph(analysis: try AppTraces.analysis(data), options: options))
    }

    private func lines(_ text: String, containing needle: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(needle) }
    }

    /// Edge statements (`f1 -> f2 [...]`); node labels may contain ` -> ` too (closure types). `(?s)`: a
    /// CRLF in a name is one Character, which `split` keeps inside the line but `.` would not match.
    private func edgeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.wholeMatch(of: /(?s)\s*f\d+ -> f\d+ \[.*/) != nil }
    }

    /// Node statements (`f1 [...]`).
    private func nodeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.wholeMatch(of: /(?s)\s*f\d+ \[.*/) != nil }
    }

    @Test("edges between clusters carry xlabels, never labels (Graphviz 2.43 fails on labels there)")
    func clusteredEdgesUseXLabels() throws {
        var few = AppTraceShape.small
        few.edges = 150  // below every label limit: only the clusters make the difference
        for clustering in [GraphOptions.Clustering.module, .scope] {
            let text = try dot(GraphOptions(clustering: clustering), shape: few)
            let edges = edgeLines(text)
            #expect(edges.count > 100)
            #expect(edges.allSatisfy { !$0.contains(" [label=") && !$0.contains(", label=") }, "\(clustering)")
            #expect(edges.contains { $0.contains("xlabel=\"×") })
        }
        let plain = try dot(GraphOptions(clustering: .none), shape: few)
        #expect(edgeLines(plain).contains { $0.contains("[label=\"×") })
    }

    @Test("the legend is one node: no edge, no label, no rank=same in a cluster")
    func legendIsOneNode() throws {
        let text = try dot(GraphOptions())
        #expect(lines(text, containing: "legend").count == 1)
        #expect(!text.contains("rank=same"))
        #expect(!text.contains("cluster_legend"))
        #expect(text.contains("legend [shape=plaintext"))
    }

    @Test("every node and edge has a tooltip with type, name, declaration site, scope and counts")
    func tooltips() throws {
        let text = try dot(GraphOptions(clustering: .none))
        let nodes = nodeLines(text)
        #expect(nodes.count == 190)
        #expect(nodes.allSatisfy { $0.contains("tooltip=\"") })
        let hello = try #require(nodes.first { $0.contains("hello") })
        for fact in ["name: \\\"say \\\"hello\\\"\\\"", "declared at App/", "in module App", "scope ", "resolver", " resolution"] {
            #expect(hello.contains(fact), "missing \(fact) in \(hello)")
        }
        #expect(edgeLines(text).count == 701)
        #expect(edgeLines(text).allSatisfy { $0.contains("tooltip=\"") })
    }

    @Test("the retry with newrank=true says so in the graph attributes")
    func newRank() throws {
        let graph = try DependencyGraph(analysis: try AppTraces.analysis(AppTraces.small))
        #expect(DOTWriter.write(graph, newRank: true).contains("newrank=true"))
        #expect(!DOTWriter.write(graph).contains("newrank"))
    }

    @Test("sfdp and neato draw straight edges above the spline limit (curved routing cost S 140 s)")
    func straightEdgesForLargeForceLayouts() throws {
        #expect(try dot(GraphOptions(layout: .sfdp, clustering: .none)).contains("splines=false"))
        var tiny = AppTraceShape.small
        tiny.factories = 20
        tiny.modules = 3
        tiny.edges = 30
        #expect(try dot(GraphOptions(layout: .neato), shape: tiny).contains("splines=true"))
    }
}
