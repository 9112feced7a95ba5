import Foundation
import InspectorKit
import Testing

@Suite("di-inspect graph: output conventions")
struct InspectorGraphTests {
    private let trace = "clean.ditrace".fixturePath

    @Test("without -o the graph goes to standard output as DOT, as Graphviz's dot writes")
    func standardOutput() {
        let result = Inspector.graph(tracePath: trace)
        #expect(result.exitCode == 0)
        #expect(result.outputText.hasPrefix("digraph dependencies {"))
        #expect(Inspector.graph(tracePath: trace, outputPath: "-") == result)
        let svg = Inspector.graph(tracePath: trace, format: .svg, standardOutputIsTerminal: true)
        #expect(svg.outputText.contains("<svg"))
    }

    @Test("PNG and PDF are refused on a terminal, allowed into a pipe or with -o")
    func binaryOnTerminal() throws {
        for format in [GraphOptions.Format.png, .pdf] {
            let refused = Inspector.graph(tracePath: trace, format: format, standardOutputIsTerminal: true)
            #expect(refused.exitCode == 2)
            #expect(refused.output.isEmpty)
            #expect(
                refused.diagnostics
                    == "error: Not writing \(format.rawValue.uppercased()) to the terminal; pass -o graph.\(format.rawValue), "
                    + "or redirect standard output to a file.\n")
            let piped = Inspector.graph(tracePath: trace, format: format, standardOutputIsTerminal: false)
            #expect(piped.exitCode == 0)
            #expect(!piped.output.isEmpty)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = Inspector.graph(tracePath: trace, outputPath: file.path, standardOutputIsTerminal: true)
        #expect(written.exitCode == 0)
        #expect(try Data(contentsOf: file).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("notes about what the drawing leaves out go to standard error, the file is still written")
    func notices() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("s-\(UUID().uuidString).ditrace").path
        let svg = path + ".svg"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: svg)
        }
        try AppTraces.small.write(to: URL(fileURLWithPath: path))
        let result = Inspector.graph(tracePath: path, outputPath: svg)
        #expect(result.exitCode == 0)
        #expect(result.outputText == "Wrote \(svg).\n")
        #expect(result.diagnostics.hasPrefix("note: left out 10 factories"))
        #expect(FileManager.default.fileExists(atPath: svg))
    }
}

@Suite("di-inspect: misspelled subcommands")
struct CommandSuggestionTests {
    private let subcommands = ["dump", "check", "graph", "stats", "trace", "record", "help"]

    @Test("a close misspelling gets a did-you-mean; options, real names and unrelated words do not")
    func suggestions() {
        #expect(
            CommandSuggestion.unknownSubcommand("grpah", among: subcommands)
                == "Unknown subcommand \"grpah\"; did you mean \"graph\"? Subcommands: dump, check, graph, stats, trace, "
                + "record, help (di-inspect help SUBCOMMAND for one).")
        #expect(CommandSuggestion.unknownSubcommand("stast", among: subcommands)?.contains("\"stats\"") == true)
        #expect(CommandSuggestion.unknownSubcommand("Check", among: subcommands)?.contains("\"check\"") == true)
        #expect(CommandSuggestion.unknownSubcommand("graph", among: subcommands) == nil)
        #expect(CommandSuggestion.unknownSubcommand("--version", among: subcommands) == nil)
        #expect(CommandSuggestion.unknownSubcommand("app.ditrace", among: subcommands) == nil)
    }
}
