import Foundation
import TestSupport
import Testing

/// The trace fixture's sources, scanned by the tests below.
private let fixtureSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/TraceFixture").path

private func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// Records the fixture running `scenario` and returns the trace's path.
private func record(_ scenario: String) throws -> String {
    let trace = temporaryTrace(scenario)
    let run = try Binaries.run(Binaries.fixture, [scenario], environment: ["DI_INSPECT_TRACE": trace])
    #expect(run.status == 0, "\(run.output)")
    return trace
}

/// Scans the fixture's sources into a file and returns its path.
private func scanFixture() throws -> String {
    let scan = temporaryTrace("scan") + ".json"
    let result = try Binaries.run(Binaries.inspect, ["scan", fixtureSources, "-o", scan])
    #expect(result.status == 0, "\(result.output)")
    return scan
}

@Suite("End to end: di-inspect scan against real traces")
struct ScanEndToEndTests {
    @Test("a scan and traces of the same program name every factory alike: Module/File.swift:line")
    func joinByIdentity() throws {
        let scan = try json(try String(contentsOfFile: try scanFixture(), encoding: .utf8))
        #expect(scan["static"] as? Bool == true)
        let declared = try #require(scan["factories"] as? [[String: Any]])
        var scanned: [String: String] = [:]
        for factory in declared {
            scanned["\(factory["file"] as? String ?? ""):\(factory["line"] as? Int ?? 0)"] =
                factory["property"] as? String
        }
        var recorded = 0
        for scenario in ["clean", "captive", "main-thread", "verify"] {
            let dump = try json(try Binaries.run(Binaries.inspect, ["dump", try record(scenario)]).output)
            for factory in try #require(dump["factories"] as? [[String: Any]])
            where factory["declared"] as? Bool == true {
                let site = "\(factory["file"] as? String ?? ""):\(factory["line"] as? Int ?? 0)"
                #expect(scanned[site] != nil, "the trace's \(factory["type"] ?? "") at \(site) is not in the scan")
                if factory["name"] as? String == "clock" { #expect(scanned[site] == "Container.clock") }
                if factory["type"] as? String == "Model" { #expect(scanned[site] == "Container.model") }
                recorded += 1
            }
        }
        #expect(recorded >= 12)
    }

    @Test("check finds captive dependencies in a recorded trace, and none in the clean run")
    func captive() throws {
        let captiveTrace = try record("captive")
        let check = try Binaries.run(Binaries.inspect, ["check", captiveTrace])
        #expect(check.status == 1, "\(check.output)")
        #expect(check.output.contains("outside any test, keeps the String it resolved in test container"))
        #expect(!check.output.contains("keeps the .shared Tokenizer"), "scope captures are reported only when asked")
        let scopes = try Binaries.run(Binaries.inspect, ["check", "--captive-scopes", captiveTrace])
        #expect(scopes.status == 1, "\(scopes.output)")
        #expect(scopes.output.contains("warning[captive-dependency]: The cached Model keeps the .shared Tokenizer"))
        #expect(scopes.output.contains("outside any test, keeps the String it resolved in test container"))
        let cleanTrace = try record("clean")
        let clean = try Binaries.run(Binaries.inspect, ["check", cleanTrace])
        #expect(clean.status == 0, "\(clean.output)")
        let lines = try String(contentsOfFile: cleanTrace, encoding: .utf8)
        #expect(lines.contains(#""main":true"#), "the clean run resolves on the main thread, within the frame budget")
    }

    #if os(Linux)
    @Test("check and trace colour their text on a terminal, never in a pipe, and not with NO_COLOR set")
    func colourOnTerminalOnly() throws {
        let trace = try record("captive")
        let piped = try Binaries.run(Binaries.inspect, ["check", trace])
        #expect(piped.status == 1, "\(piped.output)")
        #expect(!piped.output.contains("\u{1B}["), "a pipe never gets escape sequences: \(piped.output)")
        // util-linux `script` runs the command with a pseudo-terminal as its standard output.
        func onTerminal(_ arguments: String, noColor: String) throws -> String {
            try Binaries.run(
                "/usr/bin/script", ["-qec", "\(Binaries.inspect) \(arguments) \(trace)", "/dev/null"],
                environment: ["NO_COLOR": noColor, "TERM": "xterm"]
            ).output
        }
        let coloured = try onTerminal("check", noColor: "")
        #expect(coloured.contains("\u{1B}[1;33mwarning[captive-dependency]\u{1B}[0m: The cached TokenHolder"), "\(coloured)")
        #expect(coloured.contains("\u{1B}[32mhint:\u{1B}[0m"), "\(coloured)")
        let plain = try onTerminal("check", noColor: "1")
        #expect(plain.contains("warning[captive-dependency]: The cached TokenHolder"), "\(plain)")
        #expect(!plain.contains("\u{1B}["), "NO_COLOR turns colour off: \(plain)")
        #expect(try onTerminal("trace", noColor: "").contains("└─"))
    }
    #endif

    #if os(Linux)
    @Test("- reads the trace from standard input for every command; an empty or terminal standard input is one sentence and exit 2")
    func standardInput() throws {
        let trace = try record("captive")
        func shell(_ command: String) throws -> (status: Int32, output: String) {
            try Binaries.run("/bin/bash", ["-c", command], environment: ["NO_COLOR": "1"])
        }
        let inspect = Binaries.inspect
        let fromFile = try Binaries.run(inspect, ["check", trace])
        let piped = try shell("cat '\(trace)' | '\(inspect)' check -")
        #expect(piped.status == 1, "\(piped.output)")
        #expect(piped.output.contains("warning[captive-dependency]: The cached TokenHolder"), "\(piped.output)")
        #expect(piped.output.components(separatedBy: "\n").dropLast(2) == fromFile.output.components(separatedBy: "\n").dropLast(2))
        for command in ["dump", "stats", "trace", "why", "export"] {
            let arguments = command == "why" ? "why - TokenHolder" : "\(command) -"
            let result = try shell("'\(inspect)' \(arguments) < '\(trace)'")
            #expect(result.status == 0, "\(command): \(result.output)")
            #expect(!result.output.isEmpty, "\(command)")
        }
        let empty = try shell("'\(inspect)' check - < /dev/null")
        #expect(empty.status == 2)
        #expect(empty.output.contains("standard input was empty, so it held no trace"), "\(empty.output)")
        let garbage = try shell("echo nonsense | '\(inspect)' stats -")
        #expect(garbage.status == 2)
        #expect(garbage.output.contains("standard input:1: this is not a di-trace file"), "\(garbage.output)")
        let terminal = try Binaries.run("/usr/bin/script", ["-qec", "\(inspect) check -", "/dev/null"])
        #expect(terminal.output.contains("- stands for standard input, which is a terminal here, not a trace"), "\(terminal.output)")
    }
    #endif

    @Test("check finds a main-thread resolution over the frame budget, not the same work on another thread")
    func mainThread() throws {
        let trace = try record("main-thread")
        let check = try Binaries.run(Binaries.inspect, ["check", trace, "--format", "json"])
        #expect(check.status == 1, "\(check.output)")
        let problems = try #require(
            (try json(check.output)["traces"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]])
        let blocking = problems.filter { $0["kind"] as? String == "main-thread-blocking" }
        #expect(blocking.count == 1)
        #expect(blocking.first?["occurrences"] as? Int == 1, "the resolution on the background thread is not counted")
        #expect(try Binaries.run(Binaries.inspect, ["check", trace, "--main-thread-ms", "500"]).status == 0)
        #expect(try Binaries.run(Binaries.inspect, ["check", trace, "--main-thread-ms", "-1"]).status == 2)
    }

    @Test("check --scan: the test verify, a dependency only a helper shows, factories never resolved")
    func checkWithScan() throws {
        let scan = try scanFixture()
        let check = try Binaries.run(Binaries.inspect, ["check", "--scan", scan, try record("verify")])
        #expect(check.status == 1, "\(check.output)")
        #expect(
            check.output.contains(
                "error[would-be-unregistered]: In the test container made at TraceFixture/main.swift:"),
            "\(check.output)")
        #expect(
            check.output.contains("resolving Container.service (Service) reaches Container.repository (Repository)"))
        #expect(
            check.output.contains(
                "warning[hidden-dependency]: Container.reporter (String) resolved Container.clock (any Clock)"))
        #expect(check.output.contains("warning[never-resolved]: Container.loopA (Int) is declared at"))
        #expect(!check.output.contains("fixtureDefaults) have none"), "the container with the defaults is complete")
    }

    @Test("coverage per module and factory, JSON, and --min as a CI gate")
    func coverage() throws {
        let scan = try scanFixture()
        let traces = [try record("clean"), try record("verify")]
        let text = try Binaries.run(Binaries.inspect, ["coverage", "--scan", scan] + traces)
        #expect(text.status == 0, "\(text.output)")
        #expect(text.output.contains("TraceFixture"))
        #expect(text.output.contains("Never resolved ("))
        let summary = try #require(text.output.split(separator: "\n").last)
        #expect(summary.contains("declared factories ("), "\(summary)")
        let report = try json(
            try Binaries.run(Binaries.inspect, ["coverage", "--scan", scan, "--format", "json"] + traces).output)
        let totals = try #require(report["summary"] as? [String: Any])
        let percent = try #require(totals["percent"] as? Double)
        #expect(percent > 0 && percent < 100)
        #expect(try Binaries.run(Binaries.inspect, ["coverage", "--scan", scan, "--min", "100%"] + traces).status == 1)
        #expect(try Binaries.run(Binaries.inspect, ["coverage", "--scan", scan, "--min", "1"] + traces).status == 0)
        #expect(try Binaries.run(Binaries.inspect, ["coverage", "--scan", scan, "--min", "150"] + traces).status == 2)
    }

    @Test("the benchmark's generated tree is deterministic, and a scan finds every factory in it")
    func generatedTree() throws {
        let generator = Binaries.directory.appendingPathComponent("ScanTreeGenerator").path
        let base = temporaryTrace("tree")
        var scans: [String] = []
        for copy in ["a", "b"] {
            let tree = base + copy
            #expect(try Binaries.run(generator, [tree, "--factories", "120", "--files", "12", "--seed", "7"]).status == 0)
            let scan = try Binaries.run(Binaries.inspect, ["scan", tree + "/Sources", "-o", "-"])
            #expect(scan.status == 0, "\(scan.output)")
            scans.append(scan.output.replacingOccurrences(of: tree, with: "TREE"))
            try? FileManager.default.removeItem(atPath: tree)
        }
        #expect(scans[0] == scans[1])
        let model = try json(scans[0])
        #expect((model["factories"] as? [[String: Any]])?.count == 120)
        let modules = Set((model["factories"] as? [[String: Any]] ?? []).compactMap { $0["module"] as? String })
        #expect(modules == ["Module00", "Module01"])
        #expect(((model["edges"] as? [[String: Any]])?.count ?? 0) > 100)
    }
}
