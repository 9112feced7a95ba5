import InspectorKit
import Testing

@Suite("The test verify (check --scan): factories a test container would hit unregistered")
struct TestRegistrationVerifyTests {
    /// store → clock, store → cache; report → store; all in App/Container+App.swift.
    private static func model(contexts: [StaticTestContext], registrations: [StaticRegistration]) -> StaticModel {
        let factories = ["clock", "cache", "store", "report"].enumerated().map { offset, name in
            FactoryRecord(
                id: offset + 1, type: name.capitalized, module: "App", file: "App/Container+App.swift",
                line: offset + 3,
                scope: .unique, property: "Container.\(name)")
        }
        return StaticModel(
            factories: factories,
            edges: [
                StaticEdge(from: 3, to: 1, count: 1, via: .call, file: "App/Container+App.swift", line: 5),
                StaticEdge(from: 3, to: 2, count: 1, via: .injected, file: "App/Store.swift", line: 2),
                StaticEdge(from: 4, to: 3, count: 1, via: .call, file: "App/Container+App.swift", line: 6),
            ],
            registrations: registrations,
            testDefaults: [
                StaticTestDefaults(name: "base", file: "App/D.swift", line: 1),
                StaticTestDefaults(name: "app", file: "App/D.swift", line: 5, includes: ["base"]),
            ],
            testContexts: contexts)
    }

    private static let defaults = [
        StaticRegistration(action: .testDefault, factory: 1, file: "App/D.swift", line: 2, defaults: "base"),
        StaticRegistration(action: .testDefault, factory: 3, file: "App/D.swift", line: 6, defaults: "app"),
    ]

    private func verify(_ model: StaticModel) -> [Problem] {
        ScanChecker.check(join: StaticJoin(model: model), traces: []).filter { $0.kind == .wouldBeUnregistered }
    }

    @Test("useProduction chains are followed to a factory nothing registers; included TestDefaults count")
    func missingThroughProduction() {
        let context = StaticTestContext(
            id: 1, kind: .trait, file: "AppTests/T.swift", line: 9, function: "t()", test: "T/t()", defaults: ["app"],
            resolves: [4])
        let model = Self.model(
            contexts: [context],
            registrations: Self.defaults + [
                StaticRegistration(action: .useProduction, factory: 4, file: "AppTests/T.swift", line: 10, context: 1),
                StaticRegistration(action: .useProduction, factory: 3, file: "AppTests/T.swift", line: 11, context: 1),
            ])
        let problems = verify(model)
        #expect(problems.map(\.path) == [[4, 3, 2]], "clock has a test value from .base, through .app; cache has none")
        #expect(problems.first?.message.contains("(test T/t())") == true)
        #expect(problems.first?.message.contains("the TestDefaults applied (app) have none") == true)
        #expect(
            problems.first?.sites.first
                == SourceSite(label: "test container made at", file: "AppTests/T.swift", line: 9, function: "t()"))
        #expect(problems.first?.kind.isError == true)
    }

    @Test("an overridden factory ends the walk; a nested container sees its parent's registrations")
    func overridesAndNesting() {
        let parent = StaticTestContext(
            id: 1, kind: .trait, file: "AppTests/T.swift", line: 9, function: "t()", resolves: [])
        let nested = StaticTestContext(
            id: 2, kind: .withTestContainer, file: "AppTests/T.swift", line: 12, function: "t()", parent: 1,
            resolves: [4])
        let model = Self.model(
            contexts: [parent, nested],
            registrations: [
                StaticRegistration(action: .useProduction, factory: 4, file: "AppTests/T.swift", line: 10, context: 1),
                StaticRegistration(action: .push, factory: 3, file: "AppTests/T.swift", line: 13, context: 2),
            ])
        #expect(verify(model).isEmpty)
    }

    @Test("a container with its own unregisteredBehavior is not verified; the same gap in two tests is one problem")
    func customBehaviourAndMerging() {
        let contexts = [
            StaticTestContext(
                id: 1, kind: .withTestContainer, file: "AppTests/T.swift", line: 3, function: "a()", resolves: [1]),
            StaticTestContext(
                id: 2, kind: .withTestContainer, file: "AppTests/T.swift", line: 8, function: "b()", resolves: [1]),
            StaticTestContext(
                id: 3, kind: .withTestContainer, file: "AppTests/T.swift", line: 13, function: "c()", resolves: [2],
                hasCustomUnregisteredBehavior: true),
        ]
        let problems = verify(Self.model(contexts: contexts, registrations: []))
        #expect(problems.map(\.factory) == [1])
        #expect(problems.first?.occurrences == 2)
        #expect(problems.first?.message.contains("the test resolves Container.clock (Clock)") == true)
    }
}
