import InspectorKit
import Testing

@Suite("Coverage of a scan by traces")
struct CoverageAnalysisTests {
    private static let model = StaticModel(
        factories: [
            FactoryRecord(
                id: 1, type: "Clock", module: "Core", file: "Core/C.swift", line: 3, scope: .unique,
                property: "Container.clock"),
            FactoryRecord(
                id: 2, type: "Store", module: "Core", file: "Core/C.swift", line: 4, scope: .cached,
                property: "Container.store"),
            FactoryRecord(
                id: 3, type: "Mailer", module: "Mail", file: "Mail/M.swift", line: 7, scope: .unique,
                property: "Container.mailer"),
        ],
        registrations: [
            StaticRegistration(action: .testDefault, factory: 1, file: "Core/D.swift", line: 5, defaults: "core"),
            StaticRegistration(action: .testDefault, factory: 2, file: "Core/D.swift", line: 6, defaults: "core"),
        ])

    /// A test container (2) applies both test values; the store's is replaced by a `register` before it is resolved.
    private static let trace = Trace(
        header: TraceHeader(pid: 1, executable: "xctest"),
        factories: [
            FactoryRecord(id: 7, type: "Clock", module: "Core", file: "Core/C.swift", line: 3, scope: .unique),
            FactoryRecord(id: 8, type: "Store", module: "Core", file: "Core/C.swift", line: 4, scope: .cached),
            FactoryRecord(id: 9, type: "Other", module: "X", file: "X/X.swift", line: 1, scope: .unique),
        ],
        containers: [
            ContainerRecord(id: 1, kind: .default, parent: nil, file: "X/main.swift", line: 1, function: "main()"),
            ContainerRecord(id: 2, kind: .test, parent: 1, file: "T/T.swift", line: 4, function: "t()"),
        ],
        registrations: [
            RegistrationRecord(
                action: .testDefault, factory: 7, container: 2, file: "Core/D.swift", line: 5, depth: 1, time: 10),
            RegistrationRecord(
                action: .testDefault, factory: 8, container: 2, file: "Core/D.swift", line: 6, depth: 1, time: 11),
            RegistrationRecord(action: .push, factory: 8, container: 2, file: "T/T.swift", line: 6, depth: 2, time: 12),
        ],
        resolutions: [
            ResolutionRecord(
                id: 1, factory: 7, container: 2, parent: nil, outcome: .created, source: .override, start: 20,
                nanoseconds: 5),
            ResolutionRecord(
                id: 2, factory: 8, container: 2, parent: nil, outcome: .created, source: .override, start: 30,
                nanoseconds: 5),
            ResolutionRecord(
                id: 3, factory: 8, container: 2, parent: nil, outcome: .cacheHit, source: .override, start: 40,
                nanoseconds: 5),
        ])

    @Test("per factory and module: resolved, created, overridden; never resolved; the percentage")
    func counts() {
        let coverage = CoverageAnalysis(model: Self.model, traces: [TraceAnalysis(trace: Self.trace)])
        #expect(coverage.factories.map(\.resolutions) == [1, 2, 0])
        #expect(coverage.factories.map(\.creations) == [1, 1, 0])
        #expect(coverage.factories.map(\.overrides) == [1, 2, 0])
        #expect(coverage.modules.map(\.module) == ["Core", "Mail"])
        #expect(coverage.modules.map(\.percent) == [100, 0])
        #expect(coverage.neverResolved.map(\.id) == [3])
        #expect(abs(coverage.percent - 200.0 / 3) < 0.001)
        #expect(coverage.unknownFactoryCount == 1)
        #expect(coverage.testContainerCount == 1)
        #expect(CoverageReport.summary(coverage).hasPrefix("2 of 3 declared factories (66.7%) resolved in 1 trace"))
    }

    @Test("a test value replaced by a register before any resolution is never used")
    func unusedTestValues() {
        let coverage = CoverageAnalysis(model: Self.model, traces: [TraceAnalysis(trace: Self.trace)])
        #expect(coverage.unusedTestDefaults.map(\.registration.site) == ["Core/D.swift:6"])
        #expect(coverage.unusedTestDefaults.first?.applied == 1)
        #expect(
            CoverageReport.text(coverage).contains(
                "Container.store.testValue at Core/D.swift:6 in core: applied 1 time, never resolved"))
    }
}
