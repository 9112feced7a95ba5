import Foundation
import Testing

/// `why`, `diff`, `stats --critical-path` and `report` on traces recorded from two versions of the fixture
/// program ("app-v1" and "app-v2": a scope changed, a dependency and a factory added, one dropped, a slower
/// resolver, a test registration replaced by a test default).
@Suite("End to end: explain and compare recorded traces")
struct ExplainEndToEndTests {
    static func record(_ scenario: String) throws -> String {
        let trace = temporaryTrace(scenario)
        let run = try Binaries.run(Binaries.fixture, [scenario], environment: ["DI_INSPECT_TRACE": trace])
        #expect(run.status == 0 || scenario.hasSuffix("crash"), "\(run.output)")
        return trace
    }

    @Test("diff of two versions finds what changed, in every format, and --fail-on sets the exit code")
    func diffTwoVersions() throws {
        let v1 = try Self.record("app-v1")
        let v2 = try Self.record("app-v2")
        let text = try Binaries.run(Binaries.inspect, ["diff", v1, v2])
        #expect(text.status == 0, "\(text.output)")
        for expected in [
            "new-factory (1)", "+ New factory Logger (TraceFixture/main.swift:", "removed-factory (1)",
            "Legacy (TraceFixture/main.swift:", "scope-change (1)", "changed scope from cached to unique",
            "new-edge (1)", "Network (TraceFixture/main.swift:", "now resolves Logger", "removed-registration (1)",
            "new-test-default (1)", "count-change", "Analytics (TraceFixture/main.swift:",
        ] {
            #expect(text.output.contains(expected), "diff output lacks \(expected):\n\(text.output)")
        }
        #expect(text.output.contains("got slower: self time p50"), "\(text.output)")

        let json = try Binaries.run(
            Binaries.inspect, ["diff", v1, v2, "--format", "json", "--fail-on", "scope-change"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["failingCount"] as? Int == 1)
        let markdown = try Binaries.run(Binaries.inspect, ["diff", v1, v2, "--format", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.output.hasPrefix("### di-inspect diff"))
        let github = try Binaries.run(
            Binaries.inspect, ["diff", v1, v2, "--format", "github", "--fail-on", "new-edge,removed-factory"])
        #expect(github.status == 1)
        let lines = github.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("::notice ") || $0.hasPrefix("::error ") }, "\(github.output)")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 2)

        #expect(try Binaries.run(Binaries.inspect, ["diff", v1, v2, "--fail-on", "new-cycle"]).status == 0)
        #expect(try Binaries.run(Binaries.inspect, ["diff", v2, v2, "--fail-on", "any"]).status == 0)
        let unknown = try Binaries.run(Binaries.inspect, ["diff", v1, v2, "--fail-on", "new-cycles"])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains(#"--fail-on does not know the kind "new-cycles""#))
        let cycle = try Self.record("cycle-crash")
        let newCycle = try Binaries.run(
            Binaries.inspect, ["diff", try Self.record("clean"), cycle, "--fail-on", "new-cycle"])
        #expect(newCycle.status == 1, "\(newCycle.output)")
        #expect(newCycle.output.contains("New dependency cycle: "))
    }

    @Test("why explains a recorded factory, and an unknown one is exit 2 with a suggestion, as for trace --factory")
    func why() throws {
        let v2 = try Self.record("app-v2")
        let why = try Binaries.run(Binaries.inspect, ["why", v2, "Logger"])
        #expect(why.status == 0, "\(why.output)")
        #expect(why.output.contains("×10  Network → Logger"), "\(why.output)")
        #expect(why.output.contains("Network  ×10"))
        let json = try Binaries.run(Binaries.inspect, ["why", v2, "clock", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.output.contains(#""kind": "testDefault""#), "\(json.output)")
        for command in [["why", v2, "Loger"], ["trace", v2, "--factory", "Loger"]] {
            let missing = try Binaries.run(Binaries.inspect, command)
            #expect(missing.status == 2, "\(command)")
            #expect(
                missing.output.contains(#"No factory has the name or type "Loger"; did you mean "Logger"?"#),
                "\(missing.output)")
        }
        #expect(try Binaries.run(Binaries.inspect, ["why", v2]).status == 2)
    }

    @Test("stats --critical-path and report work on a recorded trace")
    func criticalPathAndReport() throws {
        let v2 = try Self.record("app-v2")
        let path = try Binaries.run(Binaries.inspect, ["stats", v2, "--critical-path", "--startup-ms", "60000"])
        #expect(path.status == 0, "\(path.output)")
        #expect(path.output.hasPrefix("critical path, resolutions started in the first 60.0 s: "))
        #expect(try Binaries.run(Binaries.inspect, ["stats", v2, "--startup-ms", "5"]).status == 2)
        #expect(
            try Binaries.run(Binaries.inspect, ["stats", v2, "--critical-path", "--startup-ms", "nan"]).status == 2)
        let html = v2 + ".html"
        let report = try Binaries.run(Binaries.inspect, ["report", v2, try Self.record("app-v1"), "-o", html])
        #expect(report.status == 0, "\(report.output)")
        #expect(
            try String(contentsOfFile: html, encoding: .utf8).contains(
                #"<script type="application/json" id="report-data">"#))
    }
}
