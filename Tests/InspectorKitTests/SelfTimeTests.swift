import InspectorKit
import Testing

@Suite("Self time")
struct SelfTimeTests {
    @Test("self time is the resolution's time minus its children's, each instant counted once")
    func perResolution() {
        var builder = TraceBuilder()
        let parent = builder.factory("any Parent")
        let child = builder.factory("any Child")
        // Children one after the other: 1,000 − 200 − 300.
        let sequential = builder.resolve(parent, start: 0, ns: 1_000)
        builder.resolve(child, parent: sequential, start: 100, ns: 200)
        builder.resolve(child, parent: sequential, start: 400, ns: 300)
        // Overlapping children (async let): 100…600 and 200…700 cover 600 ns, not 1,000.
        let overlapping = builder.resolve(parent, start: 10_000, ns: 1_000)
        builder.resolve(child, parent: overlapping, start: 10_100, ns: 500)
        builder.resolve(child, parent: overlapping, start: 10_200, ns: 500)
        // A child that outlived its parent (an unstructured Task) counts only while the parent ran.
        let outlived = builder.resolve(parent, start: 20_000, ns: 1_000)
        builder.resolve(child, parent: outlived, start: 20_900, ns: 5_000)
        let analysis = builder.analysis

        #expect(analysis.selfNanoseconds == [500, 200, 300, 400, 500, 500, 900, 5_000])
        let parentStats = analysis.statistics(for: parent)
        #expect(parentStats.selfTotalNanoseconds == 1_800)
        #expect(parentStats.selfMaxNanoseconds == 900)
        #expect(parentStats.totalNanoseconds == 3_000)
        #expect(analysis.statistics(for: child).selfMaxNanoseconds == 5_000)
    }

    /// A root that spends 40 µs itself, a middle factory 60 µs, and a slow leaf 9.9 ms.
    private func slowLeaf() -> (analysis: TraceAnalysis, root: Int, middle: Int, leaf: Int) {
        var builder = TraceBuilder()
        let root = builder.factory("any Root")
        let middle = builder.factory("any Middle")
        let leaf = builder.factory("any Leaf")
        let top = builder.resolve(root, start: 0, ns: 10_000_000)
        let between = builder.resolve(middle, parent: top, start: 25_000, ns: 9_960_000)
        builder.resolve(leaf, parent: between, start: 50_000, ns: 9_900_000)
        return (builder.analysis, root, middle, leaf)
    }

    @Test("stats shows self and inclusive time and sorts by self time")
    func statsSortBySelf() {
        let (analysis, root, middle, leaf) = slowLeaf()
        #expect(StatsReport.rows(analysis).map(\.factory.id) == [leaf, middle, root])
        let text = StatsReport.text(analysis)
        #expect(text.hasPrefix("FACTORY"))
        #expect(text.contains("SELF P95  SELF MAX  SELF TOTAL"))
        let leafLine = text.split(separator: "\n")[1]
        #expect(leafLine.hasPrefix("any Leaf"))
        #expect(StatsReport.json(analysis).contains(#""selfTotalNanoseconds": 9900000"#))
    }

    @Test("check --slow-ms reports the slow resolver once, not every factory above it")
    func slowResolverUsesSelfTime() {
        let (analysis, _, _, leaf) = slowLeaf()
        let problems = TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: 1_000_000))
        #expect(problems.map(\.factory) == [leaf])
        #expect(problems.first?.message.contains("self time") == true)
    }

    @Test("graph --timings shades nodes by self time")
    func timingsShadeBySelfTime() throws {
        let (analysis, root, _, leaf) = slowLeaf()
        let graph = try DependencyGraph(
            analysis: analysis, options: GraphOptions(format: .dot, clustering: .none, showTimings: true))
        let dot = DOTWriter.write(graph)
        let lines = dot.split(separator: "\n")
        let leafLine = try #require(lines.first { $0.contains("f\(leaf) [") })
        let rootLine = try #require(lines.first { $0.contains("f\(root) [") })
        #expect(leafLine.contains(#"fillcolor="0.600 0.600 1.000""#))
        #expect(rootLine.contains(#"fillcolor="0.600 0.052 1.000""#))
        #expect(leafLine.contains("self 9.90 ms · total 9.90 ms"))
    }
}
