/// Which async creations in progress are waiting for which other ones, so that a cycle spanning tasks is
/// stopped instead of waiting forever.
///
/// Task 1 creates cached `A`, whose resolver resolves cached `B`; task 2 is already creating `B`, whose resolver
/// resolves `A`. Each task waits for the other's creation, and neither task-local resolution path shows a
/// cycle. Every wait for another task's creation is registered here first (a rare path: only while two
/// resolutions of one cached factory overlap), with the creations the waiting task is running; the wait that
/// would close a loop fails as a cycle instead.
enum CreationWaits {
    /// For each creation whose task waits: the creation it waits for.
    private static let blockedOn = LockedState<[ObjectIdentifier: PendingCreation]>([:])

    /// Registers that the creations in `running` (the waiting task's, outermost first) wait for `awaited`.
    ///
    /// Returns nil when that closes no loop, and the loop otherwise: `awaited`, the creations it transitively
    /// waits for, and last the creation of `running` they wait for (nothing is registered then).
    static func register(running: [PendingCreation], awaited: PendingCreation) -> [PendingCreation]? {
        guard !running.isEmpty else { return nil }
        let mine = Set(running.map { ObjectIdentifier($0) })
        return blockedOn.withLock { blocked in
            var loop = [awaited]
            var cursor = awaited
            while !mine.contains(ObjectIdentifier(cursor)) {
                guard let next = blocked[ObjectIdentifier(cursor)], loop.count <= blocked.count else {
                    for creation in running { blocked[ObjectIdentifier(creation)] = awaited }
                    return nil
                }
                loop.append(next)
                cursor = next
            }
            return loop
        }
    }

    /// Removes what ``register(running:awaited:)`` registered, once the wait is over.
    static func unregister(running: [PendingCreation], awaited: PendingCreation) {
        guard !running.isEmpty else { return }
        blockedOn.withLock { blocked in
            for creation in running where blocked[ObjectIdentifier(creation)] === awaited {
                blocked[ObjectIdentifier(creation)] = nil
            }
        }
    }
}
