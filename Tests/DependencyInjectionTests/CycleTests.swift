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

    @Test("resolving the same factory twice in a row, not nested, is not a cycle")
    func siblingsAreNotCycles() throws {
        try withTestContainer { () throws in
            Container.deep.useProduction()
            #expect(try Container.deep() + Container.deep() == 2)
        }
    }
}
