import Synchronization

/// A thread-safe call counter for tests that count resolutions.
public final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    public init() {}

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int { value.add(1, ordering: .relaxed).newValue }

    /// The current count.
    public var count: Int { value.load(ordering: .relaxed) }
}
