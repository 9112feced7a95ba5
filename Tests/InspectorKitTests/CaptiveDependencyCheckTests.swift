import InspectorKit
import Testing

@Suite("Captive dependencies")
struct CaptiveDependencyCheckTests {
    private static let header = TraceHeader(pid: 1, executable: "App")
    private static let factories = [
        FactoryRecord(id: 1, type: "Model", module: "App", file: "App/A.swift", line: 1, scope: .cached),
        FactoryRecord(id: 2, type: "Tokenizer", module: "App", file: "App/A.swift", line: 2, scope: .shared),
        FactoryRecord(id: 3, type: "Clock", module: "App", file: "App/A.swift", line: 3, scope: .unique),
        FactoryRecord(id: 4, type: "Config", module: "App", file: "App/A.swift", line: 4, scope: .cached),
    ]

    private func resolution(
        _ id: Int, factory: Int, parent: Int?, container: Int = 1, outcome: ResolutionRecord.Outcome = .created
    ) -> ResolutionRecord {
        ResolutionRecord(
            id: id, factory: factory, container: container, parent: parent, outcome: outcome, source: .production,
            start: UInt64(id * 10), nanoseconds: 5)
    }

    @Test("with --captive-scopes, a cached instance keeping a shared and a unique dependency: one warning each, repeats counted")
    func sharedAndUnique() {
        let trace = Trace(
            header: Self.header, factories: Self.factories,
            resolutions: [
                resolution(1, factory: 1, parent: nil), resolution(2, factory: 2, parent: 1),
                resolution(3, factory: 3, parent: 1), resolution(4, factory: 4, parent: 1),
                resolution(5, factory: 1, parent: nil, container: 2),
                resolution(6, factory: 2, parent: 5, container: 2),
                resolution(7, factory: 1, parent: nil, outcome: .cacheHit),
            ])
        let byDefault = TraceChecker.check(TraceAnalysis(trace: trace)).filter { $0.kind == .captiveDependency }
        #expect(byDefault.isEmpty, "keeping a .shared or .unique dependency is usually intended: off by default")
        let options = TraceChecker.Options(reportsScopeCaptures: true)
        let problems = TraceChecker.check(TraceAnalysis(trace: trace), options: options).filter { $0.kind == .captiveDependency }
        #expect(problems.map(\.path) == [[1, 2], [1, 3]])
        #expect(problems.map(\.occurrences) == [2, 1])
        #expect(problems.allSatisfy { !$0.kind.isError })
        #expect(problems[0].message.contains("weak .shared scope is defeated"))
        #expect(problems[1].message.contains("meant to get a new instance"))
        #expect(
            problems[0].sites.first == SourceSite(label: "cached factory declared at", file: "App/A.swift", line: 1))
    }

    @Test("a cached instance outside any test keeping what it resolved in a test container")
    func testContainerCaptured() {
        let trace = Trace(
            header: Self.header, factories: Self.factories,
            containers: [
                ContainerRecord(
                    id: 1, kind: .default, parent: nil, file: "App/main.swift", line: 1, function: "main()"),
                ContainerRecord(
                    id: 2, kind: .test, parent: 1, file: "AppTests/T.swift", line: 5, function: "t()", test: "T/t()"),
            ],
            resolutions: [resolution(1, factory: 1, parent: nil), resolution(2, factory: 4, parent: 1, container: 2)])
        let problems = TraceChecker.check(TraceAnalysis(trace: trace)).filter { $0.kind == .captiveDependency }
        #expect(problems.count == 1)
        #expect(
            problems.first?.message.contains(
                "outside any test, keeps the Config it resolved in test container 2 (test T/t())") == true)
    }

    @Test("children of cache hits, of non-cached factories and of failed resolutions are not captive")
    func notCaptive() {
        let trace = Trace(
            header: Self.header, factories: Self.factories,
            resolutions: [
                resolution(1, factory: 3, parent: nil), resolution(2, factory: 2, parent: 1),
                resolution(3, factory: 1, parent: nil), resolution(4, factory: 3, parent: 3, outcome: .failed),
                resolution(5, factory: 4, parent: 3),
            ])
        let options = TraceChecker.Options(reportsScopeCaptures: true)
        #expect(TraceChecker.check(TraceAnalysis(trace: trace), options: options).filter { $0.kind == .captiveDependency }.isEmpty)
    }
}

@Suite("Captive dependencies in the example app's recorded trace")
struct ExampleAppCaptiveTests {
    @Test("none by default: the app keeps .shared and .unique dependencies on purpose")
    func exampleAppByDefault() throws {
        let analysis = try Fixtures.analysis("modular-app.ditrace")
        #expect(TraceChecker.check(analysis).filter { $0.kind == .captiveDependency }.isEmpty)
    }

    @Test("with --captive-scopes, exactly the three it has: two shared dependencies and a unique clock kept by cached services")
    func exampleApp() throws {
        let analysis = try Fixtures.analysis("modular-app.ditrace")
        let options = TraceChecker.Options(reportsScopeCaptures: true)
        let pairs = TraceChecker.check(analysis, options: options).filter { $0.kind == .captiveDependency }.map { problem in
            problem.path.suffix(2).map { analysis.trace.factory(id: $0).type }
        }
        #expect(
            pairs == [
                ["any CalendarServicing", "any CalendarBackend"], ["any CalendarStoring", "any CalendarClock"],
                ["any LanguageModeling", "any Tokenizing"],
            ])
    }
}
