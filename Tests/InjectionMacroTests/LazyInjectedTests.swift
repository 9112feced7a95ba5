import DependencyInjection
import Testing

private final class Client {
    @LazyInjected(Container.greeter) var greeter: any Greeter
    @LazyInjected(Container.number) var number: Result<Int, any Error>
}

private final class AsyncClient {
    @LazyInjected(Container.asyncNumber) var asyncNumber: Task<Int, Never>
    @LazyInjected(Container.asyncThrowingNumber) var asyncThrowingNumber: Task<Int, any Error>
}

/// `Sendable` because every resolved type is: the macro's storage is then `Sendable` too.
private final class SharedClient: Sendable {
    @LazyInjected(Container.greeter) var greeter: any Greeter
}

private enum StaticHolder {
    @LazyInjected(Container.greeter) static var greeter: any Greeter
}

@Suite("@LazyInjected")
struct LazyInjectedTests {
    @Test("resolves a sync factory on the first read only")
    func syncFirstRead() {
        withTestContainer {
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(counters.sync.value == 0)
            #expect(client.greeter.id == 1)
            #expect(client.greeter.id == 1)
            #expect(counters.sync.value == 1)
        }
    }

    @Test("caches the Result of a throwing factory from the first read, failure included")
    func throwingFirstRead() throws {
        try withTestContainer { () throws in
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(counters.throwing.value == 0)
            #expect(try client.number.get() == 1)
            #expect(try client.number.get() == 1)
            #expect(counters.throwing.value == 1)

            Container.number.register { throw FixtureError() }
            let failing = Client()
            #expect(throws: FixtureError.self) { try failing.number.get() }
            Container.number.register { 7 }
            #expect(throws: FixtureError.self) { try failing.number.get() }
        }
    }

    @Test("starts async tasks eagerly and caches the task on the first read")
    func asyncTasksEagerCachedOnRead() async throws {
        try await withTestContainer { () async throws in
            let counters = CountingOverrides.register()
            let client = AsyncClient()
            #expect(client.$asyncNumber == Container.asyncNumber)
            #expect(client.$asyncThrowingNumber == Container.asyncThrowingNumber)
            let first = client.asyncNumber
            #expect(client.asyncNumber == first)
            #expect(await first.value == 1)
            #expect(await client.asyncNumber.value == 1)
            #expect(counters.async.value == 1)

            let throwing = client.asyncThrowingNumber
            #expect(client.asyncThrowingNumber == throwing)
            #expect(try await throwing.value == 1)
            #expect(counters.asyncThrowing.value == 1)
        }
    }

    @Test("1,000 concurrent first reads resolve once")
    func concurrentFirstReads() async {
        await withTestContainer {
            let counters = CountingOverrides.register()
            let client = SharedClient()
            let ids = await withTaskGroup(of: Int.self, returning: Set<Int>.self) { group in
                for _ in 0..<1_000 {
                    group.addTask { client.greeter.id }
                }
                return await group.reduce(into: []) { $0.insert($1) }
            }
            #expect(ids == [1])
            #expect(counters.sync.value == 1)
        }
    }

    @Test("projects the factory, so $name.register overrides a first read")
    func projectedValueRegisters() {
        withTestContainer {
            _ = CountingOverrides.register()
            let client = Client()
            #expect(client.$greeter == Container.greeter)
            #expect(client.$number == Container.number)
            client.$greeter.register { NumberedGreeter(id: 42) }
            #expect(client.greeter.id == 42)
            client.$greeter.register { NumberedGreeter(id: 43) }
            #expect(client.greeter.id == 42)
        }
    }

    @Test("a static property resolves once")
    func staticProperty() {
        withTestContainer {
            let counters = CountingOverrides.register()
            #expect(StaticHolder.greeter.id == 1)
            #expect(StaticHolder.greeter.id == 1)
            #expect(StaticHolder.$greeter == Container.greeter)
            #expect(counters.sync.value == 1)
        }
    }
}
