import InspectorKit
import Testing

@Suite("Critical path")
struct CriticalPathTests {
    /// R1 (10 ms, 3 ms itself) → C1 (2 ms) and C2 (5 ms, 1 ms itself) → D (4 ms); R2 at 50 ms, 20 ms alone.
    private func startup() -> (analysis: TraceAnalysis, ids: [String: Int]) {
        var builder = TraceBuilder()
        let r1 = builder.factory("any Root")
        let c1 = builder.factory("any First")
        let c2 = builder.factory("any Second")
        let d = builder.factory("any Deep")
        let r2 = builder.factory("any Late")
        let root = builder.resolve(r1, start: 0, ns: 10_000_000)
        builder.resolve(c1, parent: root, start: 1_000_000, ns: 2_000_000)
        let second = builder.resolve(c2, parent: root, start: 4_000_000, ns: 5_000_000)
        builder.resolve(d, parent: second, start: 4_500_000, ns: 4_000_000)
        builder.resolve(r2, start: 50_000_000, ns: 20_000_000)
        return (builder.analysis, ["r1": r1, "c2": c2, "d": d, "r2": r2])
    }

    @Test("the chain whose self times add up to the most, with each step's share")
    func chainWithShares() {
        let (analysis, ids) = startup()
        let path = CriticalPath(analysis: analysis, window: 40_000_000)
        #expect(path.steps.map(\.factory) == [ids["r1"], ids["c2"], ids["d"]])
        #expect(path.steps.map(\.selfNanoseconds) == [3_000_000, 1_000_000, 4_000_000])
        #expect(path.totalSelfNanoseconds == 8_000_000)
        #expect(path.steps.map(\.share) == [0.375, 0.125, 0.5])
    }

    @Test("without a window the whole trace counts, so a later, longer resolution wins")
    func wholeTrace() {
        let (analysis, ids) = startup()
        let path = CriticalPath(analysis: analysis)
        #expect(path.steps.map(\.factory) == [ids["r2"]])
        #expect(path.totalSelfNanoseconds == 20_000_000)
    }

    @Test("the text report names the window, the total and each step")
    func text() {
        let (analysis, _) = startup()
        let text = CriticalPathReport.text(CriticalPath(analysis: analysis, window: 40_000_000), analysis: analysis)
        #expect(
            text.hasPrefix("critical path, resolutions started in the first 40.0 ms: 8.00 ms of self time in 3 steps\n")
        )
        #expect(text.contains("any Deep"))
        #expect(text.contains("50.0%"))
        let empty = CriticalPath(analysis: analysis, window: 0)
        #expect(CriticalPathReport.text(empty, analysis: analysis).hasSuffix("no resolutions.\n"))
        #expect(CriticalPathReport.json(empty, analysis: analysis).contains(#""steps": []"#))
    }
}
