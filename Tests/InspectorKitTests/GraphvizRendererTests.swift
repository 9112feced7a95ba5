import Foundation
import Testing

@testable import InspectorKit

@Suite("Graphviz in a child process")
struct GraphvizRendererTests {
    private let small = "digraph g { a -> b; }"

    @Test("renders in a child process and returns its bytes")
    func renders() throws {
        let outcome = GraphvizRenderer.render(dot: small, layout: "dot", format: "svg")
        #expect(outcome.status == .ok)
        #expect(outcome.isClean)
        let output = try #require(outcome.output)
        let svg = try #require(SVGStructure(output))
        #expect(svg.nodes.map(\.title) == ["a", "b"])
        #expect(svg.edges.count == 1)
    }

    @Test("an abort inside Graphviz ends the child, not this process, and says which signal")
    func abortBecomesOutcome() {
        let outcome = GraphvizRenderer.render(dot: small, layout: "dot", format: "svg", fault: .abortBeforeLayout)
        #expect(outcome.status == .crashed(signal: SIGABRT))
        #expect(outcome.output == nil)
        #expect(outcome.failureReason == "it crashed (signal 6, SIGABRT)")
    }

    @Test("Graphviz's error messages are captured through its error callback")
    func capturesMessages() {
        let parse = GraphvizRenderer.render(dot: "digraph g { a -> ; }", layout: "dot", format: "svg")
        #expect(parse.status == .parseFailed)
        #expect(parse.messages.contains("syntax error"))
        #expect(parse.failureReason?.hasPrefix("it could not parse the DOT source (\"syntax error in line 1") == true)

        let layout = GraphvizRenderer.render(dot: small, layout: "no-such-engine", format: "svg")
        #expect(layout.status == .layoutFailed)
        #expect(layout.messages.contains("no-such-engine"))

        let format = GraphvizRenderer.render(dot: small, layout: "dot", format: "no-such-format")
        #expect(format.status == .renderFailed)
        #expect(format.messages.contains("no-such-format"))
    }

    @Test("a drawing made while Graphviz reported errors is not clean, and the error lines are kept")
    func errorLines() {
        let outcome = GraphvizOutcome(
            status: .okWithErrors, output: Data("<svg/>".utf8),
            messages: "Warning: something harmless\nError: trouble in init_rank\n\t%0 1\n\tV1 1\n"
                + "libpath/shortest.c:324: triangulation failed\nError: trouble in init_rank\n",
            layout: "dot", format: "svg")
        #expect(!outcome.isClean)
        #expect(outcome.errorLines() == ["trouble in init_rank", "libpath/shortest.c:324: triangulation failed"])
        #expect(
            outcome.failureReason
                == "it reported \"trouble in init_rank\" and \"libpath/shortest.c:324: triangulation failed\"")
    }

    @Test("DOT that makes this Graphviz abort (orthogonal splines, labelled edges between clusters) never takes the test process down")
    func realCrash() throws {
        // Graphviz 2.43 aborts on this (signal 6); newer versions may draw it. Either way this process goes on.
        let dot = """
            digraph g { splines=ortho;
              subgraph cluster_a { a1; a2; } subgraph cluster_b { b1; b2; } subgraph cluster_c { c1; c2; }
              a1 -> b1 [label="x1"]; a1 -> c2 [label="x2"]; a2 -> b2 [label="x3"]; b1 -> c1 [label="x4"];
              a2 -> c1 [label="x5"]; b2 -> c2 [label="x6"]; a1 -> a2 [label="x7"]; c1 -> c2 [label="x8"];
            }
            """
        let outcome = GraphvizRenderer.render(dot: dot, layout: "dot", format: "svg")
        if case .crashed(let signal) = outcome.status {
            #expect(outcome.failureReason?.contains("signal \(signal)") == true)
        } else {
            #expect(outcome.output != nil || outcome.failureReason != nil)
        }
    }

    @Test("renders on several threads at once")
    func concurrent() async {
        await withTaskGroup(of: GraphvizOutcome.Status.self) { group in
            for index in 0..<6 {
                group.addTask { GraphvizRenderer.render(dot: "digraph g { n\(index) -> m; }", layout: "dot", format: "svg").status }
            }
            for await status in group { #expect(status == .ok) }
        }
    }
}
