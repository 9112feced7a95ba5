import InspectorKit
import Testing

/// Snapshot tests of the text, JSON, DOT and GitHub outputs on the hand-written fixtures.
/// Re-record with `DI_INSPECT_RECORD_SNAPSHOTS=1 swift test` and review the diff.
@Suite("Report snapshots")
struct ReportSnapshotTests {
    static let traces = ["clean", "cycle", "unregistered-leaked", "stale-unused"]

    @Test("dump JSON", arguments: traces)
    func dump(_ name: String) throws {
        Fixtures.assertSnapshot(DumpReport.render(try Fixtures.analysis("\(name).ditrace")), named: "\(name).dump.json")
    }

    @Test("check text", arguments: traces)
    func checkText(_ name: String) throws {
        let analysis = try Fixtures.analysis("\(name).ditrace")
        let text = CheckReport.text(TraceChecker.check(analysis), analysis: analysis, path: "\(name).ditrace")
        Fixtures.assertSnapshot(text, named: "\(name).check.txt")
    }

    @Test("check GitHub annotations", arguments: traces)
    func checkGitHub(_ name: String) throws {
        let analysis = try Fixtures.analysis("\(name).ditrace")
        Fixtures.assertSnapshot(
            CheckReport.github(TraceChecker.check(analysis), analysis: analysis), named: "\(name).check.github.txt")
    }

    @Test("graph DOT", arguments: traces)
    func dot(_ name: String) throws {
        let graph = try DependencyGraph(analysis: try Fixtures.analysis("\(name).ditrace"), options: GraphOptions(format: .dot))
        Fixtures.assertSnapshot(DOTWriter.write(graph), named: "\(name).dot")
    }

    @Test("graph DOT clustered by scope, with timings")
    func dotByScopeWithTimings() throws {
        let options = GraphOptions(format: .dot, clustering: .scope, showTimings: true)
        let graph = try DependencyGraph(analysis: try Fixtures.analysis("clean.ditrace"), options: options)
        Fixtures.assertSnapshot(DOTWriter.write(graph), named: "clean.scope-timings.dot")
    }

    @Test("graph JSON")
    func graphJSON() throws {
        let graph = try DependencyGraph(analysis: try Fixtures.analysis("cycle.ditrace"), options: GraphOptions(format: .json))
        Fixtures.assertSnapshot(GraphJSONWriter.write(graph), named: "cycle.graph.json")
    }

    @Test("stats text table", arguments: ["clean", "unregistered-leaked"])
    func statsText(_ name: String) throws {
        Fixtures.assertSnapshot(StatsReport.text(try Fixtures.analysis("\(name).ditrace")), named: "\(name).stats.txt")
    }

    @Test("stats JSON")
    func statsJSON() throws {
        Fixtures.assertSnapshot(StatsReport.json(try Fixtures.analysis("clean.ditrace")), named: "clean.stats.json")
    }

    @Test("resolution tree", arguments: traces)
    func tree(_ name: String) throws {
        Fixtures.assertSnapshot(renderResolutionTree(try Fixtures.analysis("\(name).ditrace")), named: "\(name).tree.txt")
    }
}
