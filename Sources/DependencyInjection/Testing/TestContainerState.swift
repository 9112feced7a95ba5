internal import Synchronization

/// What makes a container a test container: whether its block still runs, and what to do on misses.
@usableFromInline
final class TestContainerState: Sendable {
    let executing = Atomic<Bool>(true)
    let unregisteredBehavior: UnregisteredBehavior
    let leakedResolutionBehavior: any LeakedResolutionBehavior

    init(unregisteredBehavior: UnregisteredBehavior, leakedResolutionBehavior: any LeakedResolutionBehavior) {
        self.unregisteredBehavior = unregisteredBehavior
        self.leakedResolutionBehavior = leakedResolutionBehavior
    }

    @usableFromInline
    var isExecuting: Bool { executing.load(ordering: .acquiring) }
}
