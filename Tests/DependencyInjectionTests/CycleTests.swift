import DependencyInjection
import Testing
import TestSupport

extension Container {
    fileprivate static let cycleA: SyncThrowingFactory<Int> = Factory(name: "cycleA") { () throws -> Int in try Container.cycleB() + 1 }
    fileprivate static let cycleB: SyncThrowingFactory<Int> = Factory(name: "cycleB") { () throws -> Int in try Container.cycleC() + 1 }
    fileprivate static let cycleC: SyncThrowingFactory<Int> = Factory(name: "cycleC") { () throws -> Int in try Container.cycleA() + 1 }
    fileprivate static let asyncCycleA: AsyncThrowingFactory<Int> = Factory(scope: .cached, name: "asyncCycleA") { () async throws -> Int in try await Container.asyncCycleB() + 1 }
    fileprivate static let asyncCycleB: AsyncThrowingFactory<Int> = Factory(name: "asyncCycleB") { () async throws -> Int in try await Container.asyncCycleA() + 1 }
    fileprivate static let deep = Factory { () throws -> Int in 1 }
    fileprivate static let crossA: AsyncThrowingFactory<Int> = Factory(scope: .cached, name: "crossA") { () async throws -> Int in 1 }
    fileprivate static let crossB: AsyncThrowingFactory<Int> = Factory(scope: .cached, name: "crossB") { () async throws -> Int in 2 }
    fileprivate static let cachedSpawner: AsyncThrowingFactory<Int> = Factory(scope: .cached, name: "cachedSpawner") { () async throws -> Int in 0 }
    fileprivate static let uniqueSpawner: AsyncThrowingFactory<Int> = Factory(name: "uniqueSpawner") { () async throws -> Int in 0 }
}

@Suite("Cycles")
struct CycleTests {
    @Test("A → B → C → A is stopped with an error naming every step and its declaration site")
    func syncCycle() throws {
        let error = try withTestContainer {
            Container.cycleA.useProduction()
            Container.cycleB.useProduction()
            Container.cycleC.useProduction()
            return try #require(throws: DependencyResolutionError.self) { try Container.cycleA() }
        }
        #expect(error.kind == .cycle)
        #expect(error.path.count == 4)
        #expect(error.path.first?.hasPrefix("cycleA: Int (DependencyInjectionTests/CycleTests.swift:") == true)
        #expect(error.path.last?.hasPrefix("cycleA: Int") == true)
        #expect(error.message.contains("cycleB: Int (DependencyInjectionTests/CycleTests.swift:"))
        #expect(error.message.contains("cycleC: Int (DependencyInjectionTests/CycleTests.swift:"))
        #expect(error.message.contains("Fix: break the cycle"))
    }

    @Test("an async cycle through a cached factory is stopped instead of waiting for itself")
    func asyncCycle() async throws {
        let error = try await withTestContainer {
            Container.asyncCycleA.useProduction()
            Container.asyncCycleB.useProduction()
            return try await #require(throws: DependencyResolutionError.self) { try await Container.asyncCycleA() }
        }
        #expect(error.kind == .cycle)
        #expect(error.path.map { $0.components(separatedBy: ":").first ?? "" } == ["asyncCycleA", "asyncCycleB", "asyncCycleA"])
    }

    @Test("a cycle through cached async creations running in two tasks is stopped instead of waiting forever")
    func crossTaskCycle() async throws {
        try await withTestContainer {
            // Each resolver starts, waits until the other one has started, then resolves the other factory: each
            // task then waits for the other's creation, and neither task's own path repeats a factory.
            let aStarted = Gate()
            let bStarted = Gate()
            Container.crossA.register {
                aStarted.open()
                await bStarted.wait()
                return try await Container.crossB() + 1
            }
            Container.crossB.register {
                bStarted.open()
                await aStarted.wait()
                return try await Container.crossA() + 1
            }
            let outcomes = Outcomes()
            // Unstructured tasks: if the tasks did wait for each other forever, the test fails after 10 s
            // instead of hanging the suite.
            Task { await outcomes.record { try await Container.crossA() } }
            Task { await outcomes.record { try await Container.crossB() } }
            for _ in 0..<1_000 where outcomes.all.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
            let all = outcomes.all
            try #require(all.count == 2, "the two tasks are still waiting for each other")
            for outcome in all {
                let error = try #require(outcome.error as? DependencyResolutionError, "\(outcome)")
                #expect(error.kind == .cycle)
                #expect(error.message.contains("crossA: Int"))
                #expect(error.message.contains("crossB: Int"))
                #expect(error.message.contains("running in other tasks"))
            }
        }
    }

    @Test(
        "a task started inside a resolver, resolving the same factory after that resolver returned, is not a cycle",
        arguments: ["cached", "unique"]
    )
    func taskOutlivingItsResolver(scope: String) async throws {
        try await withTestContainer {
            // The task inherits the resolution's task-local path; once the resolver has returned, that path is over.
            let factory = scope == "cached" ? Container.cachedSpawner : Container.uniqueSpawner
            let returned = Gate()
            let outcomes = Outcomes()
            let spawned = TestMutex(false)
            factory.register {
                if spawned.withLock({ let first = !$0; $0 = true; return first }) {
                    Task {
                        await returned.wait()
                        await outcomes.record { try await factory() }
                    }
                }
                return 7
            }
            #expect(try await factory() == 7)
            returned.open()
            for _ in 0..<1_000 where outcomes.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            let all = outcomes.all
            try #require(all.count == 1, "the task never finished")
            #expect(all[0].value == 7, "\(all[0])")
        }
    }

    @Test("resolving the same factory twice in a row, not nested, is not a cycle")
    func siblingsAreNotCycles() throws {
        try withTestContainer { () throws in
            Container.deep.useProduction()
            #expect(try Container.deep() + Container.deep() == 2)
        }
    }
}

/// What each of several tasks' resolutions ended with.
private final class Outcomes: Sendable {
    struct Outcome: Sendable { let value: Int?; let error: (any Error)? }
    private let outcomes = TestMutex<[Outcome]>([])

    func record(_ resolve: () async throws -> Int) async {
        let outcome: Outcome
        do { outcome = Outcome(value: try await resolve(), error: nil) } catch { outcome = Outcome(value: nil, error: error) }
        outcomes.withLock { $0.append(outcome) }
    }

    var all: [Outcome] { outcomes.withLock { $0 } }
}
