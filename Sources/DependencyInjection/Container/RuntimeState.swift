public import Synchronization

/// The process-wide word read on every resolution.
///
/// Bit 0 is set while instrumentation needs events (a trace session or a test capture is active);
/// the remaining bits count the non-default containers alive. While the whole word is zero, a
/// resolution takes the fast path: no task-local read, no clock, no event, just the factory's own
/// default-container state. That is the "one atomic load" the instrumentation costs when off.
///
/// It lives in an object so that each factory keeps a direct reference to it and reads it without calling
/// a global's lazy-initialisation addressor on every resolution.
@usableFromInline
final class RuntimeWord: Sendable {
    @usableFromInline
    let value = Atomic<Int>(0)

    @usableFromInline
    static let shared = RuntimeWord()

    /// True when a resolution may skip containers and instrumentation entirely.
    @inlinable
    var fastPath: Bool { value.load(ordering: .relaxed) == 0 }
}

/// Changes to the runtime word, and the count of running test blocks.
@usableFromInline
enum RuntimeState {
    @usableFromInline
    static let instrumentationBit = 1
    @usableFromInline
    static let containerUnit = 2

    static var instrumentationActive: Bool {
        RuntimeWord.shared.value.load(ordering: .relaxed) & instrumentationBit != 0
    }

    static func containerCreated() { RuntimeWord.shared.value.add(containerUnit, ordering: .relaxed) }
    static func containerDestroyed() { RuntimeWord.shared.value.subtract(containerUnit, ordering: .relaxed) }

    /// Number of consumers (trace session, test captures) that want events; bit 0 mirrors `> 0`.
    private static let eventConsumers = LockedState<Int>(0)

    static func addEventConsumer() {
        eventConsumers.withLock { count in
            count += 1
            if count == 1 { RuntimeWord.shared.value.bitwiseOr(instrumentationBit, ordering: .sequentiallyConsistent) }
        }
    }

    static func removeEventConsumer() {
        eventConsumers.withLock { count in
            count -= 1
            if count == 0 { RuntimeWord.shared.value.bitwiseAnd(~instrumentationBit, ordering: .sequentiallyConsistent) }
        }
    }

    /// Number of `withTestContainer` blocks executing right now, across the process.
    @usableFromInline
    static let executingTestBlocks = Atomic<Int>(0)
}
