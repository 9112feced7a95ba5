internal import Synchronization

/// The lines one thread recorded for the current trace session that are not written out yet.
///
/// Each thread formats its own events into its own buffer, so recording threads share no work and no lock
/// with each other; the writer thread (or the recording thread itself, once the buffer is full) swaps the
/// bytes out in one short critical section.
final class ThreadEventBuffer: Sendable {
    struct Pending {
        /// Complete JSON Lines, in the order this thread recorded them.
        var bytes: [UInt8] = []
        /// How many events `bytes` holds.
        var events = 0
    }

    let pending = LockedState(Pending())
    let thread: Int

    init(thread: Int) { self.thread = thread }
}
