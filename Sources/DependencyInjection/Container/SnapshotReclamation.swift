internal import CThreadContext

/// Frees the snapshots container slots replace, once no reader can still be using them.
///
/// Before, a slot kept every snapshot it ever replaced until the slot itself died, which for a factory's
/// default-container slot is never: a cached instance cleared by `register` or `popRegistration` stayed alive
/// (its `deinit` never ran), and every recreation of a `.shared` instance kept one more snapshot.
///
/// The thread that replaced a snapshot hands it to ``release(_:holdingInstance:)`` once it has let go of the
/// slot's lock. Freeing waits until every snapshot read in progress has ended (`di_readers_synchronize`, a
/// few microseconds). A snapshot that holds a cached instance is freed at once, so by the time `register`
/// returns the old instance is gone unless someone else holds it; others (the empty snapshot a first
/// registration or creation replaces, a `.shared` instance's weak reference) are freed 64 at a time, so that
/// registering in a fresh nested container, once per request, costs no wait.
enum SnapshotReclamation {
    /// How many snapshots without an instance wait to be freed together.
    static let batchSize = 64

    private static let deferred = LockedState<[any AnyObject & Sendable]>([])

    /// Frees `snapshot`, which is no longer published, once the reads that might still use it have ended:
    /// before returning if it holds a cached instance, else with the next batch.
    ///
    /// ```swift
    /// let replaced = state.withLock { state in publish(new, into: &state) }
    /// SnapshotReclamation.release(replaced, holdingInstance: replaced.cached != nil)
    /// ```
    static func release(_ snapshot: consuming (any AnyObject & Sendable)?, holdingInstance: Bool) {
        guard let snapshot else { return }
        if holdingInstance {
            di_readers_synchronize()
            _ = consume snapshot
            return
        }
        let batch = deferred.withLock { deferred -> [any AnyObject & Sendable]? in
            deferred.append(snapshot)
            guard deferred.count >= batchSize else { return nil }
            defer { deferred = [] }
            return deferred
        }
        guard let batch else { return }
        di_readers_synchronize()
        _ = consume batch
    }
}
