import Foundation
import InspectorKit
import Testing

/// `check`, `stats`, `graph` and `dump` fold resolutions while reading (``ResolutionWindow``, ``ResolutionFacts``)
/// instead of keeping them: their figures must be those of the resolutions, however they are ordered in the file,
/// in memory that does not grow with the trace.
@Suite("Analysing a trace while streaming it")
struct StreamingAnalysisTests {
    private func file(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("di-fold-\(UUID().uuidString).ditrace").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A trace of cached factories `A`, `B`, … (ids 1, 2, …) and these resolutions, in this order.
    private func trace(
        factories: [String], _ resolutions: [(id: Int, factory: Int, parent: Int?, start: UInt64, ns: UInt64)]
    ) -> Data {
        var lines = [
            #"{"format":"di-trace","version":1,"pid":1,"executable":"/a","argumentCount":0,"startTime":"x","clock":"monotonic-ns"}"#
        ]
        for (index, type) in factories.enumerated() {
            lines.append(
                #"{"event":"factory","id":\#(index + 1),"type":"\#(type)","name":null,"module":"M","file":"M/F.swift","line":\#(index + 1),"scope":"cached","kind":"sync","t":1}"#
            )
        }
        for r in resolutions {
            lines.append(
                #"{"event":"resolution","id":\#(r.id),"factory":\#(r.factory),"container":1,"parent":\#(r.parent.map(String.init) ?? "null"),"outcome":"created","source":"production","start":\#(r.start),"ns":\#(r.ns),"thread":1}"#
            )
        }
        lines.append(#"{"event":"end","t":100000}"#)
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// `data` with its resolution lines shuffled within blocks of `block` lines, as threads' chunks interleave:
    /// children then come after their parents, up to `block` lines later.
    private func interleaved(_ data: Data, block: Int) -> Data {
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var generator = SplitMix64(seed: 7)
        var index = 1
        while index < lines.count {
            let end = min(index + block, lines.count)
            let range = index..<end
            let resolutions = range.filter { lines[$0].contains(#""event":"resolution""#) }
            var shuffled = resolutions.map { lines[$0] }
            shuffled.shuffle(using: &generator)
            for (position, line) in zip(resolutions, shuffled) { lines[position] = line }
            index = end
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// Statistics and edges computed the old way, from every resolution and its exact parent link.
    private func oracle(_ trace: Trace) -> (statistics: [Int: FactoryStatistics], edges: [DependencyEdge]) {
        let analysis = TraceAnalysis(trace: trace)
        let links = ResolutionLinks(trace.resolutions)
        var statistics: [Int: FactoryStatistics] = [:]
        var edges: [[Int]: Int] = [:]
        for (index, resolution) in trace.resolutions.enumerated() {
            var stats = statistics[resolution.factory] ?? FactoryStatistics(factory: resolution.factory)
            stats.add(resolution)
            stats.addSelfTime(analysis.selfNanoseconds[index])
            statistics[resolution.factory] = stats
            let parent = Int(links.parentIndex[index])
            if parent >= 0 { edges[[trace.resolutions[parent].factory, resolution.factory], default: 0] += 1 }
        }
        return (
            statistics,
            edges.map { DependencyEdge(from: $0.key[0], to: $0.key[1], count: $0.value) }.sorted {
                ($0.from, $0.to) < ($1.from, $1.to)
            }
        )
    }

    @Test(
        "S and L, in file order and with children written up to 500 lines after their parents, fold to the figures and problems of the whole trace",
        arguments: [("S", 0), ("S", 500), ("L", 500)])
    func sameAsWholeTrace(size: String, block: Int) throws {
        let base = size == "S" ? AppTraces.small : AppTraces.large
        let data = block == 0 ? base : interleaved(base, block: block)
        let path = try file(data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try TraceReader.read(path: path)
        // A window of 1,000 resolutions: every late child is still linkable, and families leave it all the time.
        let streamed = try TraceReader.analyze(path: path, windowCapacity: 1_000)
        let (streamedWarnings, wholeWarnings) = (streamed.warnings, whole.warnings)
        let kept = streamed.trace.resolutions.count
        #expect(kept == 0)
        #expect(streamedWarnings == wholeWarnings)

        let expected = oracle(whole.trace)
        let analysis = streamed.analysis
        let (count, edges, statistics) = (analysis.resolutionCount, analysis.edges, analysis.statistics)
        let wholeCount = whole.trace.resolutions.count
        #expect(count == wholeCount)
        #expect(edges == expected.edges)
        for stats in statistics where stats.resolutions > 0 {
            let oracleStats = expected.statistics[stats.factory]
            #expect(stats == oracleStats)
        }
        let wholeAnalysis = whole.analysis
        let (dump, wholeDump) = (DumpReport.render(analysis), DumpReport.render(wholeAnalysis))
        #expect(dump == wholeDump)
        let (stats, wholeStats) = (StatsReport.text(analysis), StatsReport.text(wholeAnalysis))
        #expect(stats == wholeStats)
        let options = TraceChecker.Options(
            slowThresholdNanoseconds: 100_000, mainThreadThresholdNanoseconds: 1_000, reportsScopeCaptures: true)
        let folded = TraceChecker.check(
            try TraceReader.analyze(path: path, options: .init(mainThreadThresholdNanoseconds: 1_000)).analysis,
            options: options)
        let wholeProblems = TraceChecker.check(wholeAnalysis, options: options)
        #expect(folded == wholeProblems)
        #expect(folded.contains { $0.kind == .captiveDependency })
    }

    @Test("a child written after its parent is linked while the parent is in the window; its self time is left out")
    func lateChild() throws {
        let (parent, child) = (1, 2)
        // The child (resolution 2) is written after its parent (resolution 1) ended.
        let path = try file(
            trace(factories: ["Parent", "Child"], [(1, parent, nil, 0, 1_000), (2, child, 1, 100, 400)]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let analysis = try TraceReader.analyze(path: path).analysis
        let edges = analysis.edges
        let (parentSelf, childSelf) = (
            analysis.statistics(for: parent).selfTotalNanoseconds, analysis.statistics(for: child).selfTotalNanoseconds
        )
        #expect(edges == [DependencyEdge(from: parent, to: child, count: 1)])
        #expect(parentSelf == 600)
        #expect(childSelf == 400)
    }

    @Test("memory holds the window and the children waiting for their parent, not the resolutions read")
    func boundedMemory() {
        var window = ResolutionWindow(capacity: 64, facts: ResolutionFacts())
        var held = 0
        // 100,000 resolutions in trees of 10: each parent comes right after its 9 children.
        var id = 0
        for tree in 0..<10_000 {
            let root = tree * 10 + 10
            for _ in 0..<9 {
                id += 1
                window.add(
                    ResolutionRecord(
                        id: id, factory: 2, container: 1, parent: root, outcome: .created, source: .production,
                        start: UInt64(id), nanoseconds: 1),
                    line: id)
            }
            id += 1
            window.add(
                ResolutionRecord(
                    id: id, factory: 1, container: 1, parent: nil, outcome: .created, source: .production,
                    start: UInt64(id - 9), nanoseconds: 20),
                line: id)
            held = max(held, window.heldCount)
        }
        // The window (64), the children of the parents in it (at most 64) and those of one parent not read yet.
        #expect(held <= 2 * 64 + 9)
        let facts = window.finish()
        let count = facts.resolutionCount
        let edge = facts.edgeCounts[.init(from: 1, to: 2)]
        let rootSelf = facts.statistics[1]?.selfTotalNanoseconds
        #expect(count == 100_000)
        #expect(edge == 90_000)
        #expect(rootSelf == 10_000 * 11)
    }

    @Test("a repeated id and a loop of parents are warned about, each with its line")
    func hostileLinks() throws {
        let path = try file(
            trace(factories: ["A"], [(1, 1, 2, 0, 10), (2, 1, 1, 0, 10), (3, 1, nil, 0, 10), (3, 1, nil, 0, 10)]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let streamed = try TraceReader.analyze(path: path)
        let warnings = streamed.warnings.map(\.description)
        let kinds = streamed.warnings.map { warning -> String in
            switch warning {
            case .duplicateID: "duplicate"
            case .parentCycle: "cycle"
            default: "other"
            }
        }
        #expect(kinds.contains("duplicate"))
        #expect(kinds.contains("cycle"))
        // Read whole, the loop is cut at the first resolution of it met (line 3); streaming, where it closes.
        #expect(
            warnings == [
                "\(path):4: the parents of resolution 2 lead back to it; the loop is cut there and it is shown as a "
                    + "top-level resolution.",
                "\(path):6: resolution id 3 was already used on line 5; the first one counts, and two processes may "
                    + "have written into one file, so counts can be wrong.",
            ])
        let count = streamed.analysis.resolutionCount
        let problems = TraceChecker.check(streamed.analysis)
        #expect(count == 4)
        #expect(problems.isEmpty)
    }

    @Test("percentiles are exact up to 512 values and within 0.4 % beyond")
    func percentileSketch() {
        var generator = SplitMix64(seed: 3)
        var values: [UInt64] = []
        var sketch = PercentileSketch()
        for count in 1...20_000 {
            let value = UInt64.random(in: 50...50_000_000, using: &generator)
            values.append(value)
            sketch.add(value)
            guard count == 1 || count == 512 || count == 20_000 else { continue }
            let sorted = values.sorted()
            for fraction in [0.5, 0.95] {
                let exact = PercentileSketch.nearestRank(sorted, fraction)
                let estimate = sketch.percentile(fraction)
                if count <= PercentileSketch.exactLimit {
                    #expect(estimate == exact)
                } else {
                    #expect(abs(Double(estimate) - Double(exact)) <= Double(exact) * 0.004)
                }
            }
        }
        var extremes = PercentileSketch()
        for _ in 0..<600 { extremes.add(.max) }
        #expect(extremes.percentile(0.5) >= UInt64.max - UInt64.max / 200)
    }
}

@Suite("IDTable")
struct IDTableTests {
    @Test("random inserts, replacements and removals agree with a Dictionary, ids in progressions included")
    func agreesWithDictionary() {
        var table = IDTable()
        var reference: [Int: Int32] = [:]
        var state: UInt64 = 11
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            return (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9
        }
        for step in 0..<200_000 {
            let random = next()
            // Keys: a small range (many collisions and removals), multiples of 2^20, and any Int.
            let key: Int =
                switch random % 3 {
                case 0: Int(random >> 40 % 5_000)
                case 1: Int((random >> 40) % 5_000) << 20
                default: Int(bitPattern: UInt(random))
                }
            if random % 5 < 2 {
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            } else {
                let value = Int32(step)
                #expect(table.updateValue(value, forKey: key) == reference.updateValue(value, forKey: key))
            }
            #expect(table.count == reference.count)
        }
        for (key, value) in reference { #expect(table[key] == value) }
    }
}
