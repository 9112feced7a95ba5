internal import Synchronization

/// The lines one thread recorded for the current trace session that are not written out yet.
///
/// Each thread formats its own events into its own buffer, so recording threads share no work and no lock
/// with each other. Full buffers (and, each millisecond, partial ones) are swapped out in one short critical
/// section and queued for the writer thread.
final class ThreadEventBuffer: Sendable {
    struct Pending {
        /// Complete JSON Lines, in the order this thread recorded them.
        var bytes: [UInt8] = []
        /// How many events `bytes` holds.
        var events = 0
    }

    let pending = LockedState(Pending())
}
