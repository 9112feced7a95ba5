import Foundation
import InspectorKit
import Testing

@Suite("Inspector commands")
struct InspectorTests {
    @Test("dump prints deterministic JSON with the documented fields")
    func dump() throws {
        let first = Inspector.dump(tracePath: "clean.ditrace".fixturePath)
        let second = Inspector.dump(tracePath: "clean.ditrace".fixturePath)
        #expect(first.exitCode == 0)
        #expect(first == second)
        let object = try #require(try JSONSerialization.jsonObject(with: first.output) as? [String: Any])
        for key in ["factories", "edges", "registrations", "containers", "issues"] { #expect(object[key] != nil) }
        let factory = try #require((object["factories"] as? [[String: Any]])?.first)
        for key in ["id", "type", "name", "module", "file", "line", "scope", "kind", "resolutions", "creations",
                    "totalNanoseconds", "maxNanoseconds"] {
            #expect(factory[key] != nil, "factory lacks \(key)")
        }
    }

    @Test("check --format json lists problems per trace")
    func checkJSON() throws {
        let result = Inspector.check(tracePaths: ["stale-unused.ditrace".fixturePath], format: .json)
        #expect(result.exitCode == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        #expect(object["problemCount"] as? Int == 2)
        let traces = try #require(object["traces"] as? [[String: Any]])
        let kinds = (traces.first?["problems"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["unused-test-registration", "stale-singleton"])
    }

    @Test("check --format github writes workflow commands")
    func checkGitHub() {
        let result = Inspector.check(tracePaths: ["cycle.ditrace".fixturePath], format: .github)
        #expect(result.outputText.hasPrefix("::error file=App/main.swift,line=20,title=di-inspect cycle::Dependency cycle"))
    }

    @Test("trace and stats succeed on a fixture, warnings go to diagnostics")
    func traceAndStats() {
        let tree = Inspector.trace(tracePath: "truncated.ditrace".fixturePath)
        #expect(tree.exitCode == 0)
        #expect(tree.diagnostics.hasPrefix("warning: "))
        #expect(tree.outputText.contains("any Clock  created · production · 500 ns"))
        let stats = Inspector.stats(tracePath: "clean.ditrace".fixturePath)
        #expect(stats.outputText.hasPrefix("FACTORY"))
        #expect(Inspector.stats(tracePath: "clean.ditrace".fixturePath, json: true).outputText.hasPrefix("{"))
    }

    @Test("record runs the command with DI_INSPECT_TRACE set, passes its exit code through, and summarises")
    func record() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("di-inspect-\(UUID().uuidString).ditrace")
        defer { try? FileManager.default.removeItem(at: trace) }
        let fixture = "clean.ditrace".fixturePath
        let result = Inspector.record(
            tracePath: trace.path, command: ["/bin/sh", "-c", "cp \"$1\" \"$DI_INSPECT_TRACE\"; exit 3", "sh", fixture])
        #expect(result.exitCode == 3)
        #expect(result.diagnostics.contains("command exited with 3"))
        #expect(result.diagnostics.contains("factories:    5"))
        #expect(result.diagnostics.contains("1. any LLMEngine"))
        #expect(result.diagnostics.contains(trace.path))
    }

    @Test("record reports a missing command with exit code 2 and a trace-less run with a warning")
    func recordErrors() {
        let missing = Inspector.record(tracePath: "/tmp/x.ditrace", command: ["no-such-command-di-inspect"])
        #expect(missing.exitCode == 2)
        #expect(missing.diagnostics.contains(#"Command "no-such-command-di-inspect" was not found in PATH"#))
        let silent = Inspector.record(tracePath: "/tmp/di-inspect-none.ditrace", command: ["/bin/sh", "-c", "exit 0"])
        #expect(silent.exitCode == 0)
        #expect(silent.diagnostics.contains("wrote no trace"))
    }
}
