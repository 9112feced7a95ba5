import Foundation
import Testing

@testable import InspectorKit

@Suite("Graph filters: tests, containers, unresolved factories")
struct ContainerFilterTests {
    private func analysis() throws -> TraceAnalysis { try AppTraces.analysis(AppTraces.small) }

    @Test("in a trace of tests, factories never resolved are left out unless asked for")
    func hidesUnresolved() throws {
        let analysis = try analysis()
        let unresolved = Set(analysis.statistics.filter { $0.resolutions == 0 }.map(\.factory))
        #expect(unresolved.count == 10)
        let graph = try DependencyGraph(analysis: analysis)
        #expect(graph.nodes.count == 190)
        #expect(graph.hiddenUnresolvedCount == 10)
        #expect(graph.nodes.allSatisfy { !unresolved.contains($0.factory.id) })
        #expect(GraphNotices.describe(graph).contains { $0.contains("left out 10 factories") && $0.contains("--include-unresolved") })
        let all = try DependencyGraph(analysis: analysis, options: GraphOptions(includeUnresolved: true))
        #expect(all.nodes.count == 200)
        #expect(all.hiddenUnresolvedCount == 0)
        // A focus on a factory nobody resolved still draws it.
        let id = try #require(unresolved.first)
        let focused = try DependencyGraph(
            analysis: analysis, options: GraphOptions(focus: analysis.trace.factory(id: id).type))
        #expect(focused.nodes.map(\.factory.id).contains(id))
    }

    @Test("a trace without tests keeps every factory")
    func keepsAppFactories() throws {
        let graph = try DependencyGraph(analysis: try Fixtures.analysis("clean.ditrace"))
        #expect(graph.nodes.count == 5)
        #expect(graph.hiddenUnresolvedCount == 0)
    }

    @Test("--test draws only what the matching test resolved")
    func test() throws {
        let analysis = try analysis()
        let container = try #require(analysis.trace.containers.first { $0.test == "Feature5Tests/test4Behaviour()" })
        let resolved = Set(analysis.trace.resolutions.filter { $0.container == container.id }.map(\.factory))
        let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(test: "test4behaviour"))
        #expect(Set(graph.nodes.map(\.factory.id)) == resolved)
        #expect(!graph.edges.isEmpty)
        #expect(graph.edges.allSatisfy { resolved.contains($0.from) && resolved.contains($0.to) })
        let byID = try DependencyGraph(analysis: analysis, options: GraphOptions(container: container.id))
        #expect(byID.nodes == graph.nodes)
        #expect(byID.edges == graph.edges)
    }

    @Test("--container includes the containers nested in it")
    func nested() throws {
        let trace = try Fixtures.analysis("clean.ditrace").trace
        let inner = ContainerRecord(id: 3, kind: .nested, parent: 2, file: "T.swift", line: 2, function: "t()")
        let outer = ContainerRecord(id: 2, kind: .test, parent: 1, file: "T.swift", line: 1, function: "t()", test: "T/t()")
        let filtered = Trace(header: trace.header, containers: trace.containers + [outer, inner])
        #expect(try ContainerFilter.selection(in: filtered, options: GraphOptions(container: 2)) == [2, 3])
        #expect(try ContainerFilter.selection(in: filtered, options: GraphOptions()) == nil)
    }

    @Test("an unknown test or container is an error with what the trace has")
    func unknown() throws {
        let analysis = try analysis()
        #expect {
            try DependencyGraph(analysis: analysis, options: GraphOptions(test: "Feature5Tests/noSuchTest"))
        } throws: { error in
            guard case .testNotFound(let query, let suggestions) = error as? InspectorError else { return false }
            return query == "Feature5Tests/noSuchTest" && suggestions.allSatisfy { $0.hasPrefix("Feature5Tests/") }
                && !suggestions.isEmpty
        }
        #expect(throws: InspectorError.self) { try DependencyGraph(analysis: analysis, options: GraphOptions(container: 9_999)) }
        let result = Inspector.graph(tracePath: "clean.ditrace".fixturePath, options: GraphOptions(container: 7))
        #expect(result.exitCode == 2)
        #expect(
            result.diagnostics
                == "error: The trace has no container 7; its containers are 1 (`di-inspect trace TRACE` shows what each one resolved).\n")
    }
}
