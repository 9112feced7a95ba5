import DependencyInjection
import Testing

private final class Client {
    @Injected(Container.greeter) var greeter: any Greeter
    @Injected(Container.number) var number: Result<Int, any Error>
    @Injected(Container.asyncNumber) var asyncNumber: Task<Int, Never>
    @Injected(Container.asyncThrowingNumber) var asyncThrowingNumber: Task<Int, any Error>
}

private enum StaticHolder {
    @Injected(Container.greeter) static var greeter: any Greeter
}

@Suite("@Injected")
struct InjectedTests {
    @Test("resolves a sync factory on every read, never at init")
    func syncEveryRead() {
        withTestContainer {
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(counters.sync.value == 0)
            #expect(client.greeter.id == 1)
            #expect(client.greeter.id == 2)
            #expect(counters.sync.value == 2)
        }
    }

    @Test("wraps a throwing factory in a Result, resolving on every read")
    func throwingEveryRead() throws {
        try withTestContainer { () throws in
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(try client.number.get() == 1)
            #expect(try client.number.get() == 2)
            #expect(counters.throwing.value == 2)

            Container.number.register { throw FixtureError() }
            #expect(throws: FixtureError.self) { try client.number.get() }
        }
    }

    @Test("starts a new task of an async factory on every read")
    func asyncEveryRead() async {
        await withTestContainer {
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(await client.asyncNumber.value == 1)
            #expect(await client.asyncNumber.value == 2)
            #expect(counters.async.value == 2)
        }
    }

    @Test("starts a new throwing task of an async throwing factory on every read")
    func asyncThrowingEveryRead() async throws {
        try await withTestContainer { () async throws in
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(try await client.asyncThrowingNumber.value == 1)
            #expect(try await client.asyncThrowingNumber.value == 2)
            #expect(counters.asyncThrowing.value == 2)

            Container.asyncThrowingNumber.register { throw FixtureError() }
            await #expect(throws: FixtureError.self) { try await client.asyncThrowingNumber.value }
        }
    }

    @Test("projects the factory, so $name.register overrides the next read")
    func projectedValueRegisters() {
        withTestContainer {
            _ = CountingOverrides.register()
            let client = Client()
            #expect(client.$greeter == Container.greeter)
            #expect(client.$number == Container.number)
            #expect(client.$asyncNumber == Container.asyncNumber)
            #expect(client.$asyncThrowingNumber == Container.asyncThrowingNumber)

            client.$greeter.register { NumberedGreeter(id: 42) }
            #expect(client.greeter.id == 42)
            client.$greeter.popRegistration()
            #expect(client.greeter.id == 1)
        }
    }

    @Test("a static property resolves on every read too")
    func staticProperty() {
        withTestContainer {
            let counters = CountingOverrides.register()
            #expect(StaticHolder.greeter.id == 1)
            #expect(StaticHolder.greeter.id == 2)
            #expect(StaticHolder.$greeter == Container.greeter)
            #expect(counters.sync.value == 2)
        }
    }
}
