import SourceScanning
import Testing
import TraceInspection

@Suite("Scanning test sources: registrations, TestDefaults and test containers")
struct TestSourceScanTests {
    private static let declarations = """
        extension Container {
            static let clock = Factory { SystemClock() as any Clock }
            static let store = Factory(scope: .cached) { Store(clock: Container.clock()) }
            static let analytics = Factory { Analytics() }
        }
        """

    @Test("TestDefaults builders: test values, included sets, arrays and single TestDefault values")
    func testDefaults() throws {
        let tree = SourceTree()
        tree.write("Sources/App/Container+App.swift", Self.declarations)
        tree.write(
            "Sources/App/TestDefaults+App.swift",
            """
            let clockDefault = TestDefault {
                Container.clock.testValue { FixedClock() }
            }
            extension TestDefaults {
                static let base = TestDefaults {
                    clockDefault
                    TestDefault { Container.analytics.testValue { NoopAnalytics() } }
                }
                static let app = TestDefaults {
                    .base
                    if useStore {
                        TestDefault { Container.store.testValue { StubStore() } }
                    }
                }
                static let both: TestDefaults = [.base, TestDefaults.app]
            }
            """)
        let model = tree.scan().model
        #expect(model.testDefaults.map(\.name) == ["clockDefault", "base", "app", "both"])
        #expect(model.testDefaults.map(\.includes) == [[], ["clockDefault"], ["base"], ["base", "app"]])
        let values = model.registrations.filter { $0.action == .testDefault }
        #expect(
            values.map { model.factory(id: $0.factory)?.property ?? "" } == [
                "Container.clock", "Container.analytics", "Container.store",
            ])
        #expect(values.map { $0.defaults ?? "" } == ["clockDefault", "base", "app"])
        #expect(
            values.first?.site == "App/TestDefaults+App.swift:2", "the line of testValue's `{`, as #line records it")
    }

    @Test("withTestContainer and suite traits: contexts with their defaults, registrations and resolutions")
    func testContainers() throws {
        let tree = SourceTree()
        tree.write("Sources/App/Container+App.swift", Self.declarations)
        tree.write(
            "Tests/AppTests/StoreTests.swift",
            """
            import Testing

            @Suite(.testContainer(defaults: .app))
            struct StoreTests {
                @Test("caches the week")
                func cachesTheWeek() {
                    Container.store.useProduction()
                    Container.clock.register { FixedClock() }
                    _ = Container.store()
                }

                func helper() {}
            }

            @Test func free() {
                withTestContainer(defaults: [.base, .extra]) {
                    let report = Report()
                    Container.analytics.register { Spy() }
                }
                withTestContainer(unregisteredBehavior: .custom { _ in }) {
                    _ = Container.clock()
                    withContainer(Container.default) { _ = Container.store() }
                }
            }

            struct Report {
                @Injected(Container.analytics) var analytics: Analytics
            }
            """)
        let model = tree.scan().model
        #expect(model.testContexts.count == 3)
        let trait = model.testContexts[0]
        #expect(trait.kind == .trait)
        #expect(
            (trait.file, trait.function, trait.test) == (
                "AppTests/StoreTests.swift", "cachesTheWeek()", "StoreTests/cachesTheWeek()"
            ))
        #expect(trait.defaults == ["app"])
        #expect(trait.resolves.compactMap { model.factory(id: $0)?.property } == ["Container.store"])
        let registrations = model.registrations.filter { $0.context == trait.id }
        #expect(registrations.map(\.action) == [.useProduction, .push])
        #expect(registrations.map(\.line) == [7, 8])
        #expect(trait.line == 5, "the line of @Test, as Swift Testing records the test's location")

        let call = model.testContexts[1]
        #expect(
            (call.kind, call.line, call.function, call.defaults) == (
                .withTestContainer, 16, "free()", ["base", "extra"]
            ))
        #expect(
            call.resolves.compactMap { model.factory(id: $0)?.property } == ["Container.analytics"],
            "constructing Report resolves its injected analytics")
        #expect(!call.hasCustomUnregisteredBehavior)
        #expect(model.testContexts[2].hasCustomUnregisteredBehavior)
        #expect(
            model.testContexts[2].resolves.compactMap { model.factory(id: $0)?.property } == ["Container.clock"],
            "a resolution inside withContainer { … } runs in the container it names, not the test's")
    }

    @Test("the module of a file comes from Package.swift's explicit target paths, as SwiftPM names it")
    func moduleFromManifest() throws {
        let tree = SourceTree()
        tree.write(
            "Package.swift",
            """
            let package = Package(name: "P", targets: [
                .executableTarget(name: "Trace-Fixture", path: "Tests/Fixtures/TraceFixture"),
                .target(name: "Core"),
            ])
            """)
        tree.write("Tests/Fixtures/TraceFixture/main.swift", "extension Container { static let a = Factory { 1 } }")
        tree.write("Sources/Core/Nested/Deep.swift", "extension Container { static let b = Factory { 2 } }")
        let model = tree.scan().model
        #expect(model.factories.map(\.file) == ["Core/Deep.swift", "Trace_Fixture/main.swift"])
    }
}
