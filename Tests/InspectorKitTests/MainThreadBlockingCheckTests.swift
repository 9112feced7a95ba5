import InspectorKit
import Testing

@Suite("Main-thread blocking")
struct MainThreadBlockingCheckTests {
    private static let header = TraceHeader(pid: 1, executable: "App")
    private static let factories = [
        FactoryRecord(id: 1, type: "Screen", module: "App", file: "App/A.swift", line: 1, scope: .unique),
        FactoryRecord(id: 2, type: "Layout", module: "App", file: "App/A.swift", line: 2, scope: .unique),
        FactoryRecord(id: 3, type: "Feed", module: "App", file: "App/A.swift", line: 3, scope: .unique, kind: .async),
    ]

    private func resolution(_ id: Int, factory: Int, parent: Int?, milliseconds: UInt64, main: Bool = true)
        -> ResolutionRecord
    {
        ResolutionRecord(
            id: id, factory: factory, container: 1, parent: parent, outcome: .created, source: .production,
            start: UInt64(id), nanoseconds: milliseconds * 1_000_000, isOnMainThread: main)
    }

    private func problems(_ resolutions: [ResolutionRecord], budget: UInt64? = 16_000_000) -> [Problem] {
        let trace = Trace(header: Self.header, factories: Self.factories, resolutions: resolutions)
        return TraceChecker.check(TraceAnalysis(trace: trace), options: .init(mainThreadThresholdNanoseconds: budget))
            .filter { $0.kind == .mainThreadBlocking }
    }

    @Test("self time is the duration minus the children's: a slow child is reported, not its parent")
    func selfTime() {
        let found = problems([
            resolution(1, factory: 1, parent: nil, milliseconds: 45),
            resolution(2, factory: 2, parent: 1, milliseconds: 40),
        ])
        #expect(found.map(\.factory) == [2])
        #expect(found.first?.path == [1, 2])
        #expect(found.first?.message.contains("spent 40.0 ms in its own resolver") == true, "\(found)")
    }

    @Test("off the main thread, async factories, under the budget, or with the check off: nothing")
    func notReported() {
        #expect(problems([resolution(1, factory: 2, parent: nil, milliseconds: 40, main: false)]).isEmpty)
        #expect(problems([resolution(1, factory: 3, parent: nil, milliseconds: 400)]).isEmpty)
        #expect(problems([resolution(1, factory: 2, parent: nil, milliseconds: 10)]).isEmpty)
        #expect(problems([resolution(1, factory: 2, parent: nil, milliseconds: 40)], budget: nil).isEmpty)
    }

    @Test("one warning per factory, for its worst resolution, counting the others over the budget")
    func worstOfSeveral() {
        let found = problems([
            resolution(1, factory: 2, parent: nil, milliseconds: 20),
            resolution(2, factory: 2, parent: nil, milliseconds: 50),
            resolution(3, factory: 2, parent: nil, milliseconds: 30),
        ])
        #expect(found.count == 1)
        #expect(found.first?.occurrences == 3)
        #expect(found.first?.time == 2)
    }
}

@Suite("Main-thread blocking in the example app's recorded trace")
struct ExampleAppMainThreadTests {
    @Test("nothing is reported: the app resolves from its async main, off the main thread, within budget")
    func exampleApp() throws {
        let analysis = try Fixtures.analysis("modular-app.ditrace")
        #expect(TraceChecker.check(analysis).allSatisfy { $0.kind != .mainThreadBlocking })
        #expect(
            TraceChecker.check(analysis, options: .init(mainThreadThresholdNanoseconds: 0)).allSatisfy {
                $0.kind != .mainThreadBlocking
            })
    }
}
