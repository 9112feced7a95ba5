import Foundation
import InspectorKit
import Testing

@Suite("Graph rendering")
struct GraphRenderingTests {
    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("SVG of a clean trace has one node group per factory and one edge group per observed edge")
    func cleanSVG() throws {
        let svg = String(decoding: try renderGraph(try Fixtures.analysis("clean.ditrace"), options: GraphOptions(format: .svg)), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(count(#"<g id="node"#, in: svg) == 5)
        #expect(count(#"<g id="edge"#, in: svg) == 5)
        #expect(count(#"<g id="clust"#, in: svg) == 4)  // modules App, CalendarService, CalendarStore, LLMEngine
        for label in ["any AppCoordinating", "any CalendarServicing", "&quot;sqlite&quot;", "App/Clock.swift:3", "cached", "×1"] {
            #expect(svg.contains(label), "missing \(label)")
        }
        #expect(!svg.contains("Legend"))
    }

    @Test("SVG highlights problems and adds a legend")
    func highlightedSVG() throws {
        let cycle = String(decoding: try renderGraph(try Fixtures.analysis("cycle.ditrace"), options: GraphOptions(format: .svg)), as: UTF8.self)
        #expect(cycle.contains("Legend"))
        #expect(cycle.contains(#"stroke="red""#))
        // 3 factories + the legend (one node); 2 cycle edges.
        #expect(count(#"<g id="node"#, in: cycle) == 4)
        #expect(count(#"<g id="edge"#, in: cycle) == 2)

        let leaked = String(decoding: try renderGraph(try Fixtures.analysis("unregistered-leaked.ditrace"), options: GraphOptions(format: .svg)), as: UTF8.self)
        #expect(leaked.contains(#"stroke="orange""#))
        #expect(leaked.contains(#"fill="red""#))  // unregistered label text
    }

    @Test("PNG and PDF come out of libgvc with the right signatures")
    func bitmapAndPDF() throws {
        let analysis = try Fixtures.analysis("clean.ditrace")
        let png = try renderGraph(analysis, options: GraphOptions(format: .png))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try renderGraph(analysis, options: GraphOptions(format: .pdf))
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test("every layout engine renders", arguments: GraphOptions.Layout.allCases)
    func layouts(_ layout: GraphOptions.Layout) throws {
        let svg = try renderGraph(try Fixtures.analysis("clean.ditrace"), options: GraphOptions(format: .svg, layout: layout))
        #expect(count(#"<g id="node"#, in: String(decoding: svg, as: UTF8.self)) == 5)
    }

    @Test("focus keeps the neighbourhood within depth")
    func focus() throws {
        let analysis = try Fixtures.analysis("clean.ditrace")
        let depthOne = try DependencyGraph(analysis: analysis, options: GraphOptions(focus: "CalendarServicing", depth: 1))
        #expect(depthOne.nodes.map(\.factory.id) == [1, 2, 3, 5])
        #expect(depthOne.nodes.filter(\.isFocus).map(\.factory.id) == [2])
        let depthZero = try DependencyGraph(analysis: analysis, options: GraphOptions(focus: "sqlite", depth: 0))
        #expect(depthZero.nodes.map(\.factory.id) == [3])
        #expect(depthZero.edges.isEmpty)
    }

    @Test("an unknown focus lists close matches")
    func unknownFocus() throws {
        let analysis = try Fixtures.analysis("clean.ditrace")
        #expect(throws: InspectorError.focusNotFound(query: "CalenderServicing", suggestions: ["any CalendarServicing"])) {
            try DependencyGraph(analysis: analysis, options: GraphOptions(focus: "CalenderServicing"))
        }
        let result = Inspector.graph(
            tracePath: "clean.ditrace".fixturePath, outputPath: "-", options: GraphOptions(focus: "CalenderServicing"))
        #expect(result.exitCode == 2)
        #expect(result.diagnostics == "error: No factory has the name or type \"CalenderServicing\"; did you mean \"any CalendarServicing\"?\n")
    }

    @Test("format comes from the extension, --format wins, and - writes DOT to standard output")
    func formats() throws {
        #expect(GraphOptions.Format(path: "a/b.SVG") == .svg)
        #expect(GraphOptions.Format(path: "graph.gv") == .dot)
        #expect(GraphOptions.Format(path: "graph") == nil)
        let stdout = Inspector.graph(tracePath: "clean.ditrace".fixturePath, outputPath: "-")
        #expect(stdout.exitCode == 0)
        #expect(stdout.outputText.hasPrefix("digraph dependencies {"))
        let json = Inspector.graph(tracePath: "clean.ditrace".fixturePath, outputPath: "-", format: .json)
        #expect(json.outputText.hasPrefix("{\n  \"edges\""))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("di-inspect-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = Inspector.graph(tracePath: "clean.ditrace".fixturePath, outputPath: file.path)
        #expect(written.exitCode == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("<svg"))
    }

    @Test("a synthetic graph of 500 factories and 2,000 edges renders to SVG, every factory with --collapse none")
    func largeGraph() throws {
        let data = SyntheticTrace.generate(factories: 500, edges: 2_000, resolutions: 4_000, seed: 7)
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: data).trace)
        #expect(analysis.edges.count == 2_000)
        let svg = String(
            decoding: try renderGraph(analysis, options: GraphOptions(format: .svg, collapse: .none)), as: UTF8.self)
        #expect(count(#"<g id="node"#, in: svg) == 500)
        #expect(count(#"<g id="edge"#, in: svg) == 2_000)
    }
}
