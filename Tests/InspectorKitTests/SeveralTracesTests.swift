import Foundation
import InspectorKit
import Testing

/// `check`, `dump`, `graph`, `stats` and `trace` read several traces, or a directory of them, as one analysis.
@Suite("Several traces, one analysis")
struct SeveralTracesTests {
    /// A directory holding two S traces: two processes of one app.
    private func directory() throws -> (path: String, files: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-several-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var files: [String] = []
        for process in 1...2 {
            let file = "\(path)/process-\(process).ditrace"
            try AppTraces.small.write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        return (path, files)
    }

    private func lastLine(_ result: CommandResult) -> String {
        String(result.outputText.split(separator: "\n").last ?? "")
    }

    @Test("stats of a directory counts every process's resolutions, and a factory both declare is one row")
    func stats() throws {
        let (path, files) = try directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let together = Inspector.stats(tracePaths: [path])
        let first = Inspector.stats(tracePaths: [files[0]])
        let exitCode = together.exitCode
        #expect(exitCode == 0)
        // The same app (same declarations) in two processes: 200 factories, twice the resolutions.
        let (line, firstLine) = (lastLine(together), lastLine(first))
        #expect(line == "200 factories, 40000 resolutions.")
        #expect(firstLine == "200 factories, 20000 resolutions.")
        let listed = lastLine(Inspector.stats(tracePaths: files))
        #expect(listed == line)
    }

    @Test("dump of a directory names the file of every container, registration and issue; ids stay apart")
    func dump() throws {
        let (path, files) = try directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = Inspector.dump(tracePaths: [path])
        let object = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let traces = try #require(object["traces"] as? [[String: Any]])
        let paths = traces.compactMap { $0["path"] as? String }
        #expect(paths == files)
        let containers = try #require(object["containers"] as? [[String: Any]])
        let ids = containers.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == ids.count)
        let sources = Set(containers.compactMap { $0["trace"] as? Int })
        #expect(sources == [0, 1])
        let defaults = containers.filter { $0["kind"] as? String == "default" }.count
        #expect(defaults == 2)
        let registrations = try #require(object["registrations"] as? [[String: Any]])
        let unnamed = registrations.filter { $0["trace"] == nil }.count
        #expect(unnamed == 0)
        // One trace: no `traces`, no `trace` fields, as before.
        let single = try #require(
            try JSONSerialization.jsonObject(with: Inspector.dump(tracePaths: [files[0]]).output) as? [String: Any])
        let singleTraces = single["traces"]
        #expect(singleTraces == nil)
    }

    @Test("check of a directory checks each file; graph and trace of it draw and print both processes")
    func checkGraphTrace() throws {
        let (path, files) = try directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let check = Inspector.check(tracePaths: [path])
        let (checkExit, checkText) = (check.exitCode, check.outputText)
        #expect(checkExit == 1)
        for file in files { #expect(checkText.contains(file)) }

        let graph = Inspector.graph(tracePaths: [path], format: .json)
        let graphExit = graph.exitCode
        #expect(graphExit == 0)

        let tree = Inspector.trace(tracePaths: [path])
        let one = Inspector.trace(tracePaths: [files[0]])
        let (treeLines, oneLines) = (tree.outputText.count, one.outputText.count)
        #expect(tree.exitCode == 0)
        #expect(treeLines > oneLines)

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("di-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = Inspector.stats(tracePaths: [empty])
        let (noneExit, noneError) = (none.exitCode, none.diagnostics)
        #expect(noneExit == 2)
        #expect(noneError.contains("no .ditrace"))
    }

    @Test("traces whose ids cannot be numbered one after another are refused in one sentence, not a crash")
    func idsTooLarge() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-huge-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = [
            #"{"format":"di-trace","version":1,"pid":1,"executable":"/a","argumentCount":0,"startTime":"x","clock":"monotonic-ns"}"#,
            #"{"event":"factory","id":1,"type":"T","name":null,"module":"M","file":"M/F.swift","line":1,"scope":"cached","kind":"sync","t":1}"#,
            #"{"event":"container","id":9223372036854775807,"kind":"test","parent":null,"file":"T.swift","line":1,"function":"f","test":"t","t":1}"#,
            #"{"event":"resolution","id":9223372036854775807,"factory":1,"container":9223372036854775807,"parent":null,"outcome":"created","source":"production","start":1,"ns":5,"thread":1}"#,
            #"{"event":"end","t":9}"#,
        ]
        for name in ["a", "b"] {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: "\(path)/\(name).ditrace"))
        }
        for result in [
            Inspector.stats(tracePaths: [path]), Inspector.dump(tracePaths: [path]), Inspector.trace(tracePaths: [path]),
            Inspector.graph(tracePaths: [path], format: .dot), Inspector.why(tracePaths: [path], factory: "T"),
        ] {
            let (exitCode, diagnostics) = (result.exitCode, result.diagnostics)
            #expect(exitCode == 2)
            #expect(diagnostics.contains("b.ditrace: its container or resolution ids are too large"))
            #expect(diagnostics.filter { $0 == "\n" }.count == 1)
        }
    }
}
