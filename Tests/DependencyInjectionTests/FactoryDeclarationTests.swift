import DependencyInjection
import Testing
import TestSupport

extension Container {
    fileprivate static let counter = Factory(scope: .cached) { Service("cached") }
}

@Suite("Members every factory kind shares")
struct FactoryDeclarationTests {
    @Test("popRegistration returns the factory, so a declaration can be chained as the seed's tests do")
    func popRegistrationChains() {
        let sync = Factory { 1 }.popRegistration()
        let throwing = Factory { () throws -> Int in 2 }.popRegistration()
        let async = Factory { () async -> Int in 3 }.popRegistration()
        let asyncThrowing = Factory { () async throws -> Int in 4 }.popRegistration()
        #expect(sync.scope == .unique && throwing.scope == .unique && async.scope == .unique && asyncThrowing.scope == .unique)
        withTestContainer {
            sync.register { 10 }
            #expect(sync() == 10)
        }
    }

    @Test("resetCache drops the cached instance in the current container and keeps the registrations")
    func resetCache() {
        withTestContainer {
            Container.counter.register { Service("double") }
            let first = Container.counter()
            #expect(Container.counter() === first)
            Container.counter.resetCache()
            let second = Container.counter()
            #expect(second !== first)
            #expect(second.label == "double")
        }
    }

    @Test("factories are equal only to themselves, in sets too")
    func identity() {
        let a = Factory { 1 }
        let b = Factory { 1 }
        #expect(a == a && a != b)
        #expect(Set([a, b, a]).count == 2)
    }
}
