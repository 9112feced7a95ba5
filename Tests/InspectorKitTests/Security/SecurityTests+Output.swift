import Foundation
import InspectorKit
import Testing

#if canImport(FoundationXML)
import FoundationXML
import TraceVocabulary
#endif

extension SecurityTests {
    /// Scalars that must never reach a terminal raw.
    static let unsafeScalars: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\r", "\u{00}", "\u{202E}", "\u{2066}", "\u{9B}"]

    /// A cycle whose names, file and message carry injection attempts and control characters.
    static func hostileTrace() -> Data {
        let inject = "Inj\r\n::warning file=pwned.swift,line=1::injected %0A"
        let evil = "Evil\u{1B}[2J\u{07}\r\u{00}\u{202E}TXT\u{2066}\u{9B}"
        let issue: [String: Any] = [
            "event": "issue", "kind": "cycle", "factory": 1, "container": 1, "resolution": NSNull(), "path": [1, 2, 1],
            "file": "App/a,b:c.swift\r\n::error::x", "line": 3, "function": "main()",
            "message": "cycle \(inject) \(evil)", "fatal": true, "t": 2,
        ]
        let issueLine = String(decoding: try! JSONSerialization.data(withJSONObject: issue), as: UTF8.self)
        return trace([
            factory(1, inject), factory(2, evil), resolution(1, factory: 1), resolution(2, factory: 2, parent: 1),
            resolution(3, factory: 1, parent: 2), issueLine,
        ])
    }

    @Test("GitHub annotations escape %, CR, LF and CRLF by scalar, and : and , in properties")
    func githubEscaping() throws {
        #expect(GitHubEscaping.message("50%\r\n::warning::x\rA\nB") == "50%25%0D%0A::warning::x%0DA%0AB")
        #expect(GitHubEscaping.property("App/a,b:c.swift\r\n") == "App/a%2Cb%3Ac.swift%0D%0A")
        let path = try Self.temporaryFile(Self.hostileTrace())
        let result = Inspector.check(tracePaths: [path], format: .github)
        #expect(result.exitCode == 1)
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "one line per problem: \(result.outputText)")
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") })
        #expect(!result.outputText.unicodeScalars.contains("\r"))
        #expect(result.outputText.contains("file=App/a%2Cb%3Ac.swift%0D%0A%3A%3Aerror%3A%3Ax,line=3"))
        #expect(result.outputText.contains("Inj%0D%0A::warning file=pwned.swift,line=1::injected %250A"))
    }

    @Test("control characters from a trace are shown as visible escapes in check, stats, trace and diagnostics")
    func terminalEscaping() throws {
        #expect(TerminalEscaping.escape("a\u{1B}[31mb\u{202E}c\td") == "a\\u{1B}[31mb\\u{202E}c\td")
        let path = try Self.temporaryFile(Self.hostileTrace())
        let unknownEvent = try Self.temporaryFile(Self.trace([#"{"event":"x\u001b[2J"}"#]))
        let results = [
            Inspector.check(tracePaths: [path]), Inspector.stats(tracePath: path), Inspector.trace(tracePath: path),
            Inspector.trace(tracePath: unknownEvent),
        ]
        for result in results {
            for scalar in Self.unsafeScalars {
                #expect(!result.outputText.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in output")
                #expect(!result.diagnostics.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in stderr")
            }
        }
        #expect(results[0].outputText.contains("Evil\\u{1B}[2J\\u{07}\\u{0D}\\u{00}\\u{202E}TXT"))
        #expect(results[3].diagnostics.contains(#"unknown event "x\u{1B}[2J""#))
    }

    @Test("the SVG of a trace with control characters is valid XML, and its DOT has no raw controls")
    func svgAndDOT() throws {
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: Self.hostileTrace()).trace)
        let dot = String(decoding: try renderGraph(analysis, options: GraphOptions(format: .dot)), as: UTF8.self)
        for scalar in Self.unsafeScalars { #expect(!dot.unicodeScalars.contains(scalar)) }
        let svg = try renderGraph(analysis, options: GraphOptions(format: .svg))
        let parser = XMLParser(data: svg)
        #expect(parser.parse(), "SVG is not valid XML: \(String(describing: parser.parserError))")
        #expect(String(decoding: svg, as: UTF8.self).contains("\\u{1B}"))
    }

    @Test("a label longer than Graphviz's 16 KB limit is cut with an ellipsis, and Graphviz reads the DOT")
    func longLabel() throws {
        let data = Self.trace([Self.factory(1, String(repeating: "T", count: 40_000)), Self.resolution(1, factory: 1)])
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: data).trace)
        let dot = String(decoding: try renderGraph(analysis, options: GraphOptions(format: .dot)), as: UTF8.self)
        let label = try #require(dot.split(separator: "\n").first { $0.contains("TTTT") })
        // Graphviz's limit is per quoted string (the label and the node's tooltip each carry the name).
        #expect(label.split(separator: "\"").allSatisfy { $0.utf8.count < 16_384 })
        #expect(label.contains("T…\""))
        let svg = try renderGraph(analysis, options: GraphOptions(format: .svg))
        #expect(String(decoding: svg, as: UTF8.self).contains("TTTT"))
        #expect(DOTEscaping.quoted("a&#8238;\"\\\n").hasPrefix(#""a&amp;#8238;\"\\\n"#))
    }

    @Test("JSON output keeps every name exactly, control and bidirectional characters included")
    func jsonExact() throws {
        let path = try Self.temporaryFile(Self.hostileTrace())
        let dump = Inspector.dump(tracePath: path)
        let object = try #require(try JSONSerialization.jsonObject(with: dump.output) as? [String: Any])
        let types = (object["factories"] as? [[String: Any]])?.compactMap { $0["type"] as? String } ?? []
        #expect(types.contains("Evil\u{1B}[2J\u{07}\r\u{00}\u{202E}TXT\u{2066}\u{9B}"))
        #expect(types.contains("Inj\r\n::warning file=pwned.swift,line=1::injected %0A"))
    }
}

extension SecurityTests {
    // MARK: graph, report and scan -o

    @Test("graph -o: a directory, a FIFO and a socket path are refused at once and left as they were")
    func outputNotAFile() throws {
        let trace = "clean.ditrace".fixturePath
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/inside.txt"))
        let directory = Inspector.graph(tracePath: trace, outputPath: folder, format: .dot)
        #expect(directory.exitCode == 2)
        #expect(directory.diagnostics.contains("is a directory, not a file, and was left as it is"), "\(directory.diagnostics)")
        #expect(try String(contentsOfFile: folder + "/inside.txt", encoding: .utf8) == "keep")
        let fifo = folder + "/pipe.svg"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let piped = Inspector.graph(tracePath: trace, outputPath: fifo)
        #expect(piped.exitCode == 2 && piped.diagnostics.contains("is a FIFO, not a file"), "\(piped.diagnostics)")
        #expect(Date().timeIntervalSince(started) < 30, "no reader: writing would have blocked")
        let report = Inspector.report(tracePaths: [trace], outputPath: fifo)
        #expect(report.exitCode == 2 && report.diagnostics.contains("is a FIFO, not a file"), "\(report.diagnostics)")
    }

    @Test("graph -o replaces a file whole, keeps its permissions, and through a symbolic link replaces the target, not the link")
    func outputReplacedWhole() throws {
        let trace = "clean.ditrace".fixturePath
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/graph.dot"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o640) == 0)
        let link = folder + "/link.dot"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = Inspector.graph(tracePath: trace, outputPath: link)
        #expect(result.exitCode == 0, "\(result.diagnostics)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "the link is kept")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("digraph"))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "no temporary file is left behind: \(leftovers)")
        #expect(Inspector.graph(tracePath: trace, outputPath: "/dev/null", format: .dot).exitCode == 0, "a device is written to")
    }
}
