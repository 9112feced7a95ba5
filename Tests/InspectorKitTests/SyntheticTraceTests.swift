import InspectorKit
import Testing

@Suite("SyntheticTrace")
struct SyntheticTraceTests {
    @Test("is deterministic for a seed and has the requested sizes")
    func deterministic() throws {
        let a = SyntheticTrace.generate(factories: 50, edges: 120, resolutions: 1_001, seed: 3)
        let b = SyntheticTrace.generate(factories: 50, edges: 120, resolutions: 1_001, seed: 3)
        let c = SyntheticTrace.generate(factories: 50, edges: 120, resolutions: 1_001, seed: 4)
        #expect(a == b)
        #expect(a != c)
        let result = try TraceReader.read(data: a)
        #expect(result.warnings.isEmpty)
        let analysis = TraceAnalysis(trace: result.trace)
        #expect(result.trace.factories.count == 50)
        #expect(result.trace.resolutions.count == 1_001)
        #expect(analysis.edges.count == 120)
        // A random graph has cached factories that resolve shared and unique ones: captive dependencies only, and
        // only when asked for.
        #expect(TraceChecker.check(analysis).isEmpty)
        let options = TraceChecker.Options(reportsScopeCaptures: true)
        #expect(TraceChecker.check(analysis, options: options).allSatisfy { $0.kind == .captiveDependency })
    }

    @Test("caps edges at what an acyclic graph allows")
    func capsEdges() throws {
        let trace = try TraceReader.read(data: SyntheticTrace.generate(factories: 4, edges: 100, resolutions: 50)).trace
        #expect(TraceAnalysis(trace: trace).edges.count == 6)
    }
}
