import DependencyInjection
import Testing
import TestSupport

extension Container {
    fileprivate static let greeter = Factory { NamedGreeter("production") as any Greeter }
    fileprivate static let throwingGreeter = Factory { () throws -> any Greeter in NamedGreeter("throwing") }
    fileprivate static let asyncGreeter = Factory { () async -> NamedGreeter in NamedGreeter("async") }
    fileprivate static let asyncThrowingGreeter = Factory { () async throws -> NamedGreeter in NamedGreeter("async throwing") }
    fileprivate static let failing = Factory { () throws -> Int in throw FixtureError("boom") }
    fileprivate static let optionalThrowingGreeter = Factory { () throws -> (any Greeter)? in nil }
}

@Suite("Factories")
struct FactoryTests {
    @Test("messages name an optional existential as people write it: Optional<any Greeter>")
    func optionalExistentialName() throws {
        let error = try withTestContainer {
            try #require(throws: DependencyResolutionError.self) { try Container.optionalThrowingGreeter() }
        }
        #expect(error.message.contains("Optional<any Greeter>"), "\(error.message)")
        #expect(!error.message.contains("Optional<Greeter>"), "\(error.message)")
    }

    @Test("the closure's effects choose the factory type")
    func overloads() {
        #expect(type(of: Container.greeter) == SyncFactory<any Greeter>.self)
        #expect(type(of: Container.throwingGreeter) == SyncThrowingFactory<any Greeter>.self)
        #expect(type(of: Container.asyncGreeter) == AsyncFactory<NamedGreeter>.self)
        #expect(type(of: Container.asyncThrowingGreeter) == AsyncThrowingFactory<NamedGreeter>.self)
    }

    @Test("each kind resolves its registered override inside a test container")
    func resolvesEachKind() async throws {
        try await withTestContainer { () async throws in
            Container.greeter.register { NamedGreeter("sync") }
            Container.throwingGreeter.register { NamedGreeter("throwing") }
            Container.asyncGreeter.register { NamedGreeter("async") }
            Container.asyncThrowingGreeter.register { NamedGreeter("async throwing") }
            #expect(Container.greeter().greeting == "sync")
            #expect(try Container.throwingGreeter().greeting == "throwing")
            #expect(await Container.asyncGreeter().greeting == "async")
            #expect(try await Container.asyncThrowingGreeter().greeting == "async throwing")
        }
    }

    @Test("a throwing resolver's error reaches the caller")
    func throwingResolverError() {
        withTestContainer {
            Container.failing.useProduction()
            #expect(throws: FixtureError("boom")) { try Container.failing() }
        }
    }

    @Test("register and popRegistration form a LIFO stack per container")
    func lifo() {
        withTestContainer {
            Container.greeter.register { NamedGreeter("first") }
            Container.greeter.register { NamedGreeter("second") }
            #expect(Container.greeter().greeting == "second")
            Container.greeter.popRegistration()
            #expect(Container.greeter().greeting == "first")
        }
    }

    @Test("useProduction runs the declared resolver inside a test container")
    func useProduction() {
        withTestContainer {
            Container.greeter.useProduction()
            #expect(Container.greeter().greeting == "production")
        }
    }

    @Test("a factory declared in a local scope is freed with it")
    func localFactoryIsFreed() {
        weak var weakFactory: SyncFactory<Service>?
        do {
            let local = Factory(scope: .cached) { Service("local") }
            weakFactory = local
            withTestContainer {
                local.register { Service("test") }
                #expect(local().label == "test")
            }
        }
        #expect(weakFactory == nil)
    }

    @Test("factories are equal only to themselves")
    func identity() {
        let a = Factory { 1 }
        let b = Factory { 1 }
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, a, b]).count == 2)
    }
}
