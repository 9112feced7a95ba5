import Foundation
import InspectorKit
import Testing

@Suite("Diff: what changed between two traces")
struct TraceDiffTests {
    /// Old: App (cached, sync) → Clock ×6, Legacy, a test registration of Clock. New: App (unique, async) →
    /// Clock ×6 (much slower) and → Logger, App resolved 3 times, Clock's registration replaced by a test
    /// default, and a cycle. Ids differ between the two on purpose.
    static func pair() -> (old: TraceAnalysis, new: TraceAnalysis) {
        var old = TraceBuilder()
        let oldApp = old.factory("any App", line: 5)
        let oldClock = old.factory("any Clock", line: 9)
        let legacy = old.factory("any Legacy", line: 30)
        let oldRoot = old.resolve(oldApp, start: 0, ns: 100_000)
        for index in 0..<6 {
            old.resolve(oldClock, parent: oldRoot, start: 1_000 + UInt64(index) * 10_000, ns: 5_000)
        }
        old.resolve(legacy, start: 200_000, ns: 1_000)
        let oldTest = old.testContainer("AppTests/test()")
        old.register(oldClock, in: oldTest, line: 14, at: 300_000)

        var new = TraceBuilder()
        let logger = new.factory("any Logger", line: 40)
        let newClock = new.factory("any Clock", line: 9)
        let newApp = new.factory("any App", line: 5, scope: .unique, kind: .async)
        let loopA = new.factory("any LoopA", line: 50)
        let loopB = new.factory("any LoopB", line: 51)
        for round in 0..<3 {
            let root = new.resolve(newApp, start: UInt64(round) * 1_000_000, ns: 900_000)
            new.resolve(logger, parent: root, start: UInt64(round) * 1_000_000 + 10, ns: 100)
            if round == 0 {
                for index in 0..<6 {
                    new.resolve(newClock, parent: root, start: 1_000 + UInt64(index) * 100_000, ns: 2_000_000)
                }
            }
        }
        let newTest = new.testContainer("AppTests/test()")
        new.register(newClock, .testDefault, in: newTest, line: 20, at: 5_000_000)
        new.issues.append(
            IssueRecord(
                kind: .cycle, factory: loopA, container: 1, path: [loopB, loopA, loopB], file: "App/main.swift",
                line: 3, function: "main()", message: "Dependency cycle.", time: 6_000_000))
        return (old.analysis, new.analysis)
    }

    @Test("matches factories by site and type and finds every kind of change")
    func changes() throws {
        let (old, new) = Self.pair()
        let diff = TraceDiff(old: old, new: new)
        let kinds = diff.changes.map(\.kind)
        #expect(
            Set(kinds) == [
                .newFactory, .removedFactory, .scopeChange, .kindChange, .newEdge, .removedRegistration,
                .newTestDefault,
                .countChange, .timeRegression, .newCycle,
            ])
        #expect(kinds == kinds.sorted())
        let scope = try #require(diff.changes.first { $0.kind == .scopeChange })
        #expect(scope.factory.type == "any App")
        #expect((scope.before, scope.after) == ("cached", "unique"))
        #expect(diff.changes.first { $0.kind == .kindChange }?.message.contains("from sync to async") == true)
        #expect(
            diff.changes.filter { $0.kind == .newFactory }.map(\.factory.type) == [
                "any Logger", "any LoopA", "any LoopB",
            ])
        #expect(diff.changes.first { $0.kind == .removedFactory }?.factory.type == "any Legacy")
        let edge = try #require(diff.changes.first { $0.kind == .newEdge })
        #expect(edge.related.map(\.type) == ["any Logger"])
        let time = try #require(diff.changes.first { $0.kind == .timeRegression })
        #expect(time.factory.type == "any Clock")
        #expect(time.metrics["newSelfP50Nanoseconds"] == 2_000_000)
        #expect(
            diff.changes.first { $0.kind == .countChange }?.message.contains("3 times, once before (+200%)") == true)
        let cycle = try #require(diff.changes.first { $0.kind == .newCycle })
        #expect(cycle.message.contains("any LoopA"))
        #expect(TraceDiff(old: new, new: new).changes.isEmpty)
    }

    @Test("thresholds and the minimum count keep noise out")
    func thresholds() {
        let (old, new) = Self.pair()
        let strict = TraceDiff(
            old: old, new: new, options: .init(countThresholdPercent: 500, timeThresholdPercent: 100_000))
        #expect(!strict.changes.contains { $0.kind == .countChange || $0.kind == .timeRegression })
        let few = TraceDiff(old: old, new: new, options: .init(minimumResolutions: 7))
        #expect(!few.changes.contains { $0.kind == .timeRegression })
        let floor = TraceDiff(old: old, new: new, options: .init(timeFloorNanoseconds: 10_000_000))
        #expect(!floor.changes.contains { $0.kind == .timeRegression })
    }

    @Test("text, JSON and Markdown output, with the --fail-on kinds marked")
    func formats() throws {
        let (old, new) = Self.pair()
        let diff = TraceDiff(old: old, new: new)
        let labels = (old: "old.ditrace", new: "new.ditrace")
        let text = DiffReport.text(diff, labels: labels, failOn: [.newCycle])
        #expect(text.hasPrefix("old: old.ditrace (3 factories, 1 edge, 8 resolutions)\n"))
        #expect(text.contains("new-cycle (1)  ✗ fails --fail-on\n"))
        #expect(text.hasSuffix("1 fails --fail-on (new-cycle).\n"))
        let json = DiffReport.json(diff, labels: labels, failOn: [.newCycle, .scopeChange])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["failingCount"] as? Int == 2)
        #expect((object["changes"] as? [Any])?.count == diff.changes.count)
        let markdown = DiffReport.markdown(diff, labels: labels, failOn: [.newCycle])
        #expect(markdown.hasPrefix("### di-inspect diff\n"))
        #expect(markdown.contains("#### ❌ `new-cycle` (1)"))
        #expect(DiffReport.summary(TraceDiff(old: old, new: old), failOn: []) == "No changes.")
    }

    @Test("GitHub annotations escape %, CR, LF (also as one CRLF character), and : and , in properties")
    func gitHubEscaping() {
        var old = TraceBuilder()
        _ = old.factory("any Old")
        var new = TraceBuilder()
        let hostile = new.factory(
            "Bad%\r\nType\r::warning file=x::pwned", module: "M", file: "M,odd/Fi:le.swift", line: 7)
        new.resolve(hostile, start: 0, ns: 10)
        let output = DiffReport.github(TraceDiff(old: old.analysis, new: new.analysis), failOn: [.newFactory])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 2)
        let added = String(lines[0])
        #expect(added.hasPrefix("::error file=M%2Codd/Fi%3Ale.swift,line=7,title=di-inspect diff new-factory::"))
        #expect(added.contains("Bad%25%0D%0AType%0D::warning file=x::pwned"))
        #expect(!output.contains("\r"))
        #expect(lines[1].hasPrefix("::notice "))
    }

    @Test("Markdown escapes what Markdown would interpret")
    func markdownEscaping() {
        var old = TraceBuilder()
        _ = old.factory("any Old")
        var new = TraceBuilder()
        _ = new.factory("Array<any Clock> | *x* [a](b)\n# h")
        let markdown = DiffReport.markdown(
            TraceDiff(old: old.analysis, new: new.analysis), labels: ("a", "b"), failOn: [])
        #expect(markdown.contains(#"Array\<any Clock\> \| \*x\* \[a\](b) # h"#))
    }

    @Test("diff reads directories of traces, exits 1 only for --fail-on kinds, 2 for bad input")
    func command() throws {
        let clean = "clean.ditrace".fixturePath
        let cycle = "cycle.ditrace".fixturePath
        #expect(Inspector.diff(oldPaths: [clean], newPaths: [clean], failOn: [.newCycle]).exitCode == 0)
        #expect(Inspector.diff(oldPaths: [clean], newPaths: [cycle]).exitCode == 0)
        let failing = Inspector.diff(oldPaths: [clean], newPaths: [cycle], failOn: [.newCycle])
        #expect(failing.exitCode == 1)
        #expect(failing.outputText.contains("new-cycle (1)"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("di-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: clean, toPath: directory.appendingPathComponent("a.ditrace").path)
        try FileManager.default.copyItem(atPath: cycle, toPath: directory.appendingPathComponent("b.ditrace").path)
        let both = Inspector.diff(
            oldPaths: [clean], newPaths: [directory.path], format: .json, failOn: [.removedFactory])
        #expect(both.exitCode == 0, "\(both.diagnostics)")
        #expect(both.outputText.contains(#""kind": "new-cycle""#))

        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let bad = Inspector.diff(oldPaths: [empty.path], newPaths: [clean])
        #expect(bad.exitCode == 2)
        #expect(
            bad.diagnostics
                == "error: \(empty.path) is a directory with no .ditrace files in it; record into it first, or pass trace files.\n"
        )
        #expect(Inspector.diff(oldPaths: ["/no/such.ditrace"], newPaths: [clean]).exitCode == 2)
    }
}
