import Foundation
import InspectorKit
import Testing

@Suite("HTML report")
struct HTMLReportTests {
    static let hostileType = "</script><script>alert(1)</script><!--"
    static let hostileName = "\"q\" & 'a' \u{2028}\u{2029} \u{1B}[31m <b>"

    static func hostileAnalysis() -> TraceAnalysis {
        var b = TraceBuilder()
        let bad = b.factory(hostileType, name: hostileName, module: "<img src=x onerror=alert(2)>")
        let clock = b.factory("any Clock", module: "Time")
        let root = b.resolve(bad, start: 0, ns: 1_000)
        b.resolve(clock, parent: root, start: 10, ns: 100)
        return b.analysis
    }

    /// The text of every `<script type="application/json" id=…>` block, by id.
    static func blocks(_ html: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = html[...]
        while let open = rest.range(of: #"<script type="application/json" id=""#) {
            let afterID = rest[open.upperBound...]
            guard let quote = afterID.firstIndex(of: "\""), let start = afterID[quote...].firstIndex(of: ">"),
                let end = afterID.range(of: "</script>")
            else { break }
            result[String(afterID[..<quote])] = String(afterID[afterID.index(after: start)..<end.lowerBound])
            rest = afterID[end.upperBound...]
        }
        return result
    }

    @Test("the data is JSON inside a script block, and hostile names come back exactly, never as markup")
    func hostileNamesAreEscaped() throws {
        let html = HTMLReport.render(Self.hostileAnalysis(), title: "</title><script>x</script>")
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("\u{2028}") && !html.contains("\u{2029}") && !html.contains("\u{1B}"))
        #expect(html.components(separatedBy: "<script").count == html.components(separatedBy: "</script>").count)

        let blocks = Self.blocks(html)
        let data = try #require(blocks["report-data"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "</title><script>x</script>")
        let factories = try #require(object["factories"] as? [[String: Any]])
        #expect(factories.first?["type"] as? String == Self.hostileType)
        #expect(factories.first?["name"] as? String == Self.hostileName)
        #expect((object["modules"] as? [String])?.contains("<img src=x onerror=alert(2)>") == true)
        for key in ["why", "edges", "problems", "criticalPath", "trees", "graph", "containers", "summary"] {
            #expect(object[key] != nil, "the data has no \(key)")
        }
    }

    @Test("the page loads nothing from anywhere: no external scripts, styles, images or fonts")
    func selfContained() throws {
        let html = HTMLReport.render(try Fixtures.analysis("clean.ditrace"), title: "clean.ditrace")
        #expect(
            html.contains(
                #"content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:""#))
        for forbidden in ["<script src", "<link", "@import", "url(http", "src=\"http", "href=\"http"] {
            #expect(!html.contains(forbidden), "the page contains \(forbidden)")
        }
        let graph = Self.blocks(html)["graph-main"].flatMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) as? String
        }
        #expect(graph?.hasPrefix("<svg") == true)
        #expect(graph?.contains("<title>f1</title>") == true)
    }

    @Test("above the full-graph limit the graph is one node per module, each module its own graph")
    func moduleView() throws {
        let analysis = try Fixtures.analysis("clean.ditrace")
        let html = HTMLReport.render(analysis, title: "clean", options: .init(fullGraphLimit: 3))
        let blocks = Self.blocks(html)
        let data = try #require(blocks["report-data"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect((object["graph"] as? [String: Any])?["mode"] as? String == "modules")
        let modules = try #require(object["modules"] as? [String])
        #expect(modules == ["App", "CalendarService", "CalendarStore", "LLMEngine"])
        for index in modules.indices { #expect(blocks["graph-\(index)"] != nil) }
        let overview = try #require(blocks["graph-main"])
        #expect(overview.contains("m0") && overview.contains("App"))
        let full = HTMLReport.render(analysis, title: "clean", options: .init(view: .full, fullGraphLimit: 3))
        #expect(Self.blocks(full)["graph-0"] == nil)
    }

    @Test("report writes the file, and an unwritable path is exit 2 with one sentence")
    func command() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-report-\(UUID().uuidString).html")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = Inspector.report(tracePaths: ["clean.ditrace".fixturePath], outputPath: path)
        #expect(result.exitCode == 0)
        #expect(result.outputText == "Wrote \(path).\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let bad = Inspector.report(tracePaths: ["clean.ditrace".fixturePath], outputPath: "/no/such/folder/r.html")
        #expect(bad.exitCode == 2)
        #expect(bad.diagnostics.hasPrefix("error: Could not write /no/such/folder/r.html"))
        #expect(Inspector.report(tracePaths: ["empty.ditrace".fixturePath], outputPath: path).exitCode == 2)
    }
}
