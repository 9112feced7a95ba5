internal import Synchronization

/// The events one thread recorded for the current trace session and the writer has not taken yet.
///
/// Each thread appends to its own buffer, so recording threads do not contend with each other; the
/// writer thread swaps the array out in one short critical section.
final class ThreadEventBuffer: Sendable {
    let events = LockedState<[TraceEvent]>([])
    let thread: Int

    init(thread: Int) { self.thread = thread }
}
