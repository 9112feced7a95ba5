import DependencyInjection
import Testing

private final class Client {
    @ConstructorInjected(Container.greeter) var greeter: any Greeter
    @ConstructorInjected(Container.number) var number: Result<Int, any Error>
    @ConstructorInjected(Container.asyncNumber) var asyncNumber: Task<Int, Never>
    @ConstructorInjected(Container.asyncThrowingNumber) var asyncThrowingNumber: Task<Int, any Error>
}

private final class SlowSessionOwner {
    @ConstructorInjected(Container.asyncNumber) var session: Task<Int, Never>
}

private final class SlowDatabaseOwner {
    @ConstructorInjected(Container.asyncThrowingNumber) var database: Task<Int, any Error>
}

private struct ValueOwner {
    @ConstructorInjected(Container.greeter) var greeter: any Greeter
}

@Suite("@ConstructorInjected")
struct ConstructorInjectedTests {
    @Test("resolves every factory once, when the owner is initialised")
    func resolvesAtInit() async throws {
        try await withTestContainer { () async throws in
            let counters = CountingOverrides.register()
            let client = Client()
            #expect(counters.sync.value == 1)
            #expect(counters.throwing.value == 1)

            #expect(client.greeter.id == 1)
            #expect(client.greeter.id == 1)
            #expect(try client.number.get() == 1)
            #expect(try client.number.get() == 1)
            #expect(await client.asyncNumber.value == 1)
            #expect(await client.asyncNumber.value == 1)
            #expect(try await client.asyncThrowingNumber.value == 1)
            #expect(client.asyncThrowingNumber == client.asyncThrowingNumber)

            #expect(counters.sync.value == 1)
            #expect(counters.throwing.value == 1)
            #expect(counters.async.value == 1)
            #expect(counters.asyncThrowing.value == 1)

            let second = Client()
            #expect(second.greeter.id == 2)
            _ = await second.asyncNumber.value
            _ = try await second.asyncThrowingNumber.value
        }
    }

    @Test("a throwing factory's failure is stored in the Result")
    func storesFailure() {
        withTestContainer {
            _ = CountingOverrides.register()
            Container.number.register { throw FixtureError() }
            let owner = ThrowingOwner()
            #expect(throws: FixtureError.self) { try owner.number.get() }
        }
    }

    @Test("a struct owner resolves at its initialisation too")
    func structOwner() {
        withTestContainer {
            let counters = CountingOverrides.register()
            let owner = ValueOwner()
            let copy = owner
            #expect(counters.sync.value == 1)
            #expect(owner.greeter.id == 1)
            #expect(copy.greeter.id == 1)
        }
    }

    @Test("projects the factory, so $name.register affects later owners, not this one")
    func projectedValueRegisters() {
        withTestContainer {
            _ = CountingOverrides.register()
            let owner = ValueOwner()
            #expect(owner.$greeter == Container.greeter)
            owner.$greeter.register { NumberedGreeter(id: 42) }
            #expect(owner.greeter.id == 1)
            #expect(ValueOwner().greeter.id == 42)
        }
    }

    @Test("deinit cancels the owner's async task", .timeLimit(.minutes(1)))
    func deinitCancelsAsyncTask() async {
        await withTestContainer {
            let started = Counter()
            Container.asyncNumber.register {
                _ = started.increment()
                try? await Task.sleep(for: .seconds(30))
                return Task.isCancelled ? -1 : 1
            }
            var owner: SlowSessionOwner? = SlowSessionOwner()
            weak let weakOwner = owner
            let session = owner?.session
            owner = nil
            #expect(weakOwner == nil)
            #expect(await session?.value == -1)
            #expect(started.value == 1)
        }
    }

    @Test("deinit cancels the owner's async throwing task", .timeLimit(.minutes(1)))
    func deinitCancelsAsyncThrowingTask() async {
        await withTestContainer {
            Container.asyncThrowingNumber.register {
                try await Task.sleep(for: .seconds(30))
                return 1
            }
            var owner: SlowDatabaseOwner? = SlowDatabaseOwner()
            let database = owner?.database
            owner = nil
            await #expect(throws: CancellationError.self) { try await database?.value }
        }
    }
}

private final class ThrowingOwner {
    @ConstructorInjected(Container.number) var number: Result<Int, any Error>
}
