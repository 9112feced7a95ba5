internal import CThreadContext

/// Frees the snapshots container slots replace, once no reader can still be using them.
///
/// Before, a slot kept every snapshot it ever replaced until the slot itself died, which for a factory's
/// default-container slot is never: a cached instance cleared by `register` or `popRegistration` stayed alive
/// (its `deinit` never ran), and every recreation of a `.shared` instance kept one more snapshot.
///
/// The thread that replaced a snapshot releases it with ``release(_:)`` once it has let go of the slot's lock:
/// that waits until every snapshot read in progress has ended (`di_readers_synchronize`, a few microseconds)
/// and then drops the last reference, so by the time `register` returns the old instance is gone unless
/// someone else holds it.
enum SnapshotReclamation {
    /// Drops `snapshot`, which is no longer published, once the reads that might still use it have ended.
    ///
    /// ```swift
    /// let replaced = state.withLock { state in publish(new, into: &state) }
    /// SnapshotReclamation.release(replaced)
    /// ```
    static func release(_ snapshot: consuming (any AnyObject & Sendable)?) {
        guard snapshot != nil else { return }
        di_readers_synchronize()
        _ = consume snapshot
    }
}
