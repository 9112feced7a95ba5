internal import CThreadContext

/// Frees the snapshots container slots replace, once no reader can still be using them.
///
/// Before, a slot kept every snapshot it ever replaced until the slot itself died, which for a factory's
/// default-container slot is never: a cached instance cleared by `register` or `popRegistration` stayed alive
/// (its `deinit` never ran), and every recreation of a `.shared` instance kept one more snapshot.
///
/// A slot retires the snapshot it replaces with ``retire(_:)`` while holding its lock, and calls
/// ``reclaim()`` once it has let go of the lock: that waits until every snapshot read in progress has ended
/// (`di_readers_synchronize`, a few microseconds), then drops the retired snapshots, so by the time
/// `register` returns the old instance is gone unless someone else holds it.
enum SnapshotReclamation {
    // LockedState rather than Mutex: its lock is annotated for the thread sanitizer.
    private static let retired = LockedState<[any AnyObject & Sendable]>([])

    /// Hands over a snapshot that is no longer published (retiring one still published would let another
    /// thread's ``reclaim()`` free it while new reads start).
    static func retire(_ snapshot: any AnyObject & Sendable) {
        retired.withLock { $0.append(snapshot) }
    }

    /// Frees the snapshots retired so far, once the reads that might still use them have ended.
    static func reclaim() {
        // Taken before waiting: everything in `batch` was unpublished before the wait began.
        let batch = retired.withLock { retired -> [any AnyObject & Sendable] in
            defer { retired = [] }
            return retired
        }
        guard !batch.isEmpty else { return }
        di_readers_synchronize()
        withExtendedLifetime(batch) {}
    }
}
