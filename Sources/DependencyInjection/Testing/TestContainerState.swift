internal import Synchronization

/// What makes a container a test container: whether its block still runs, and what to do on misses.
@usableFromInline
final class TestContainerState: Sendable {
    /// The test container's own description (site, test name), for messages about work it started.
    let info: ContainerInfo
    let executing = Atomic<Bool>(true)
    /// When the block returned, on the monotonic clock (0 while it runs).
    private let endedAt = Atomic<UInt64>(0)
    let unregisteredBehavior: UnregisteredBehavior
    let leakedResolutionBehavior: any LeakedResolutionBehavior

    init(info: ContainerInfo, unregisteredBehavior: UnregisteredBehavior, leakedResolutionBehavior: any LeakedResolutionBehavior) {
        self.info = info
        self.unregisteredBehavior = unregisteredBehavior
        self.leakedResolutionBehavior = leakedResolutionBehavior
    }

    @usableFromInline
    var isExecuting: Bool { executing.load(ordering: .acquiring) }

    /// Marks the block as returned.
    func end() {
        endedAt.store(MonotonicClock.now(), ordering: .relaxed)
        executing.store(false, ordering: .releasing)
    }

    /// Nanoseconds since the block returned; nil while it runs.
    var timeSinceEnd: UInt64? {
        guard !isExecuting else { return nil }
        let ended = endedAt.load(ordering: .relaxed)
        let now = MonotonicClock.now()
        return now > ended ? now - ended : 0
    }
}
