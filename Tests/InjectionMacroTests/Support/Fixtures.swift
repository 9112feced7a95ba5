import DependencyInjection
import TestSupport

/// Counts resolutions across threads.
final class Counter: Sendable {
    private let count = TestMutex(0)

    /// Adds one and returns the new count.
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }

    var value: Int { count.withLock { $0 } }
}

protocol Greeter: Sendable {
    var id: Int { get }
}

struct NumberedGreeter: Greeter {
    let id: Int
}

struct FixtureError: Error, Equatable {}

extension Container {
    static let greeter = Factory { NumberedGreeter(id: 0) as any Greeter }
    static let number = Factory { () throws -> Int in 0 }
    static let asyncNumber = Factory { () async -> Int in 0 }
    static let asyncThrowingNumber = Factory { () async throws -> Int in 0 }
}

/// One counter per factory, each registered as a counting override in the current container.
struct CountingOverrides: Sendable {
    let sync = Counter()
    let throwing = Counter()
    let async = Counter()
    let asyncThrowing = Counter()

    /// Registers the four overrides; each resolution returns the new count (the greeter's `id`).
    static func register() -> CountingOverrides {
        let counters = CountingOverrides()
        Container.greeter.register { NumberedGreeter(id: counters.sync.increment()) }
        Container.number.register { counters.throwing.increment() }
        Container.asyncNumber.register { counters.async.increment() }
        Container.asyncThrowingNumber.register { counters.asyncThrowing.increment() }
        return counters
    }
}
