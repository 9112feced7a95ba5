public import Synchronization

/// Process-wide switches read on every resolution.
///
/// Bit 0 is set while instrumentation needs events (a trace session or a test capture is active);
/// the remaining bits count the non-default containers alive. While the whole word is zero, a
/// resolution takes the fast path: no task-local read, no clock, no event, just the factory's own
/// default-container state. That is the "one atomic load" the instrumentation costs when off.
@usableFromInline
let runtimeSlowPathWord = Atomic<Int>(0)

@usableFromInline
enum RuntimeState {
    static let instrumentationBit = 1
    @usableFromInline
    static let containerUnit = 2

    /// True when a resolution may skip containers and instrumentation entirely.
    @inlinable
    static var fastPath: Bool { runtimeSlowPathWord.load(ordering: .relaxed) == 0 }

    static var instrumentationActive: Bool {
        runtimeSlowPathWord.load(ordering: .relaxed) & instrumentationBit != 0
    }

    static func containerCreated() { runtimeSlowPathWord.add(containerUnit, ordering: .relaxed) }
    static func containerDestroyed() { runtimeSlowPathWord.subtract(containerUnit, ordering: .relaxed) }

    /// Number of consumers (trace session, test captures) that want events; bit 0 mirrors `> 0`.
    private static let eventConsumers = LockedState<Int>(0)

    static func addEventConsumer() {
        eventConsumers.withLock { count in
            count += 1
            if count == 1 { runtimeSlowPathWord.bitwiseOr(instrumentationBit, ordering: .sequentiallyConsistent) }
        }
    }

    static func removeEventConsumer() {
        eventConsumers.withLock { count in
            count -= 1
            if count == 0 { runtimeSlowPathWord.bitwiseAnd(~instrumentationBit, ordering: .sequentiallyConsistent) }
        }
    }

    /// Number of `withTestContainer` blocks executing right now, across the process.
    @usableFromInline
    static let executingTestBlocks = Atomic<Int>(0)
}
