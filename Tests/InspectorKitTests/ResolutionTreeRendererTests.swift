import InspectorKit
import Testing

@Suite("Resolution tree")
struct ResolutionTreeRendererTests {
    @Test("indents children under their parent with outcome, source and duration")
    func indentsChildren() throws {
        let tree = renderResolutionTree(try TraceReader.read(path: "clean.ditrace".fixturePath).trace)
        #expect(tree.contains("""
              any AppCoordinating  created · production · 2.60 ms
              ├─ any CalendarServicing  created · production · 45.0 µs
              │  ├─ any CalendarStoring "sqlite"  created · production · 40.0 µs
              │  └─ any Clock  created · production · 800 ns
              └─ any LLMEngine  created · production · 2.50 ms
                 └─ any Clock  created · production · 700 ns
            """))
    }

    @Test("groups by container and shows the test name")
    func groupsByContainer() throws {
        let tree = renderResolutionTree(try TraceReader.read(path: "unregistered-leaked.ditrace".fixturePath).trace)
        #expect(tree.hasPrefix(#"container 2 · test "OrderTests/placesOrder()" · AppTests/OrderTests.swift:10 in placesOrder() · parent 1"#))
    }

    @Test("filters by container, test and factory")
    func filters() throws {
        let trace = try TraceReader.read(path: "stale-unused.ditrace".fixturePath).trace
        #expect(renderResolutionTree(trace, filter: .init(container: 1)) == "No resolutions match.\n")
        #expect(renderResolutionTree(trace, filter: .init(test: "buildsreport")).contains("any ReportBuilding"))
        #expect(renderResolutionTree(trace, filter: .init(test: "other")) == "No resolutions match.\n")
        let clean = try TraceReader.read(path: "clean.ditrace".fixturePath).trace
        let onlyStore = renderResolutionTree(clean, filter: .init(factory: "sqlite"))
        #expect(onlyStore.contains("any CalendarStoring"))
        #expect(onlyStore.contains("any AppCoordinating"))
        #expect(!onlyStore.contains("any LLMEngine"))
    }

    @Test("renders a model built directly, as the test-integration library does")
    func directModel() {
        let trace = Trace(
            header: TraceHeader(pid: 1, executable: "Tests"),
            factories: [FactoryRecord(id: 1, type: "any Clock", module: "App", file: "App/Clock.swift", line: 3, scope: .unique)],
            resolutions: [
                ResolutionRecord(
                    id: 1, factory: 1, container: 7, parent: nil, outcome: .created, source: .override, start: 0,
                    nanoseconds: 1_500)
            ])
        #expect(renderResolutionTree(trace) == "container 7\n  any Clock  created · override · 1.50 µs\n")
    }

    @Test("a very deep chain does not overflow the stack")
    func deepChain() {
        let depth = 2_000
        let resolutions = (1...depth).map {
            ResolutionRecord(
                id: $0, factory: 1, container: 1, parent: $0 == 1 ? nil : $0 - 1, outcome: .created,
                source: .production, start: UInt64($0), nanoseconds: 1)
        }
        let tree = renderResolutionTree(Trace(header: TraceHeader(pid: 1, executable: "x"), resolutions: resolutions))
        #expect(tree.split(separator: "\n").count == depth + 1)
    }
}

@Suite("Colour in text output")
struct TextStyleTests {
    @Test("colour only on a terminal, without NO_COLOR, and not for TERM=dumb")
    func whenColoured() {
        #expect(TextStyle.forStandardOutput(environment: [:], isTerminal: true).isColored)
        #expect(TextStyle.forStandardOutput(environment: ["NO_COLOR": ""], isTerminal: true).isColored)
        #expect(!TextStyle.forStandardOutput(environment: ["NO_COLOR": "1"], isTerminal: true).isColored)
        #expect(!TextStyle.forStandardOutput(environment: ["TERM": "dumb"], isTerminal: true).isColored)
        #expect(!TextStyle.forStandardOutput(environment: [:], isTerminal: false).isColored)
    }

    @Test("a hostile message keeps only the style's own escape sequences")
    func escapedBeforeColour() throws {
        let analysis = try Fixtures.analysis("cycle.ditrace")
        var problems = TraceChecker.check(analysis)
        problems[0].message = "evil \u{1B}]0;title\u{07} \u{1B}[2J message"
        let text = CheckReport.text(problems, analysis: analysis, path: "cycle.ditrace", style: TextStyle(isColored: true))
        #expect(text.hasPrefix("\u{1B}[1;31merror[cycle]\u{1B}[0m: evil "))
        let sequences = text.components(separatedBy: "\u{1B}[").count - 1
        #expect(sequences == 8, "error, -->, hint and the summary, each opened and reset: \(text.debugDescription)")
        #expect(!text.contains("\u{07}") && !text.contains("\u{1B}]"))
        #expect(CheckReport.text(problems, analysis: analysis, path: "cycle.ditrace") == CheckReport.text(
            problems, analysis: analysis, path: "cycle.ditrace", style: .plain))
        #expect(!CheckReport.text(problems, analysis: analysis, path: "cycle.ditrace").contains("\u{1B}"))
    }
}
