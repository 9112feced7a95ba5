import Foundation
import InspectorKit
import Testing

@Suite("AppTrace (app-shaped synthetic traces)")
struct AppTraceTests {
    @Test("S is deterministic, reads without warnings and has the sizes it promises")
    func smallShape() throws {
        #expect(AppTrace.generate(.small) == AppTraces.small)
        var other = AppTraceShape.small
        other.seed = 2
        #expect(AppTrace.generate(other) != AppTraces.small)

        let result = try TraceReader.read(data: AppTraces.small)
        #expect(result.warnings.isEmpty)
        let trace = result.trace
        let analysis = TraceAnalysis(trace: trace)
        #expect(trace.factories.count == 200)
        #expect(Set(trace.factories.map(\.module)).count == 10)
        #expect(trace.resolutions.count == 20_000)
        #expect(analysis.edges.count == 700)
        #expect(trace.endTime != nil)
    }

    @Test("S has every scope, kind, outcome, source, registration action and issue kind, and several threads")
    func smallVariety() throws {
        let trace = try TraceReader.read(data: AppTraces.small).trace
        #expect(Set(trace.factories.map(\.scope)) == Set(FactoryRecord.Scope.allCases))
        #expect(Set(trace.factories.map(\.kind)) == Set(FactoryRecord.Kind.allCases))
        #expect(Set(trace.resolutions.map(\.outcome)) == Set(ResolutionRecord.Outcome.allCases))
        #expect(Set(trace.resolutions.map(\.source)) == [.production, .override, .leaked])
        #expect(Set(trace.registrations.map(\.action)) == [.push, .pop, .testDefault])
        #expect(Set(trace.issues.map(\.kind)) == Set(IssueRecord.Kind.allCases))
        #expect(trace.containers.filter { $0.kind == .test }.count == 20)
        #expect(Set(trace.resolutions.map(\.thread)).count == 4)
        // Cross-module edges, and factories never resolved.
        let analysis = TraceAnalysis(trace: trace)
        let crossModule = analysis.edges.filter { trace.factory(id: $0.from).module != trace.factory(id: $0.to).module }
        #expect(crossModule.count > 100)
        #expect(analysis.statistics.contains { $0.resolutions == 0 })
        #expect(analysis.statistics.contains { $0.cacheHits > 0 })
    }

    @Test("some factory names hold characters that renderers must escape")
    func hostileNames() throws {
        let names = try TraceReader.read(data: AppTraces.small).trace.factories.compactMap(\.name)
        for fragment in ["\"hello\"", "<b>markup</b>", "&", "\r\n", "\\", "{x|y}", "☕"] {
            #expect(names.contains { $0.contains(fragment) }, "no name contains \(fragment.debugDescription)")
        }
    }

    @Test("writing to a file streams the same bytes as generating in memory")
    func writesFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("app-trace-\(UUID().uuidString).ditrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var shape = AppTraceShape.small
        shape.resolutions = 60_000  // several flushes of the 1 MB buffer
        try AppTrace.write(shape, toFile: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == AppTrace.generate(shape))
    }

    @Test("an unwritable path is a sentence naming it")
    func unwritable() {
        #expect(throws: SyntheticTraceError.cannotWrite(path: "/no/such/folder/x.ditrace", reason: "the file could not be created")) {
            try AppTrace.write(.small, toFile: "/no/such/folder/x.ditrace")
        }
        #expect(
            SyntheticTraceError.cannotWrite(path: "/x", reason: "disk full").description
                == "Could not write the trace to /x (disk full); check that its folder exists, is writable and has room.")
    }

    @Test("L's graph has 2,000 factories in 60 modules and 8,000 edges; module imports keep it shallow")
    func largeShape() throws {
        let analysis = try AppTraces.analysis(AppTraces.large)
        #expect(analysis.trace.factories.count == 2_000)
        #expect(Set(analysis.trace.factories.map(\.module)).count == 60)
        #expect(analysis.edges.count == 8_000)
        var modulePairs = Set<[String]>()
        for edge in analysis.edges {
            let pair = [analysis.trace.factory(id: edge.from).module, analysis.trace.factory(id: edge.to).module]
            if pair[0] != pair[1] { modulePairs.insert(pair) }
        }
        #expect(modulePairs.count < 600)  // a handful of imports per module, not every pair
    }

    @Test("the presets are named S, L and XL")
    func presets() {
        #expect(AppTraceShape.preset(named: "s") == .small)
        #expect(AppTraceShape.preset(named: "L") == .large)
        #expect(AppTraceShape.preset(named: "xl")?.resolutions == 10_000_000)
        #expect(AppTraceShape.preset(named: "M") == nil)
    }
}
