/// A one-shot gate for tests that must order work across tasks without sleeping: tasks `await wait()` until
/// someone calls `open()`; waits after that return at once.
///
/// ```swift
/// let gate = Gate()
/// let task = withTestContainer { Task { await gate.wait(); return Container.greeter() } }
/// gate.open() // the test container has ended: the resolution is now certainly a leaked one
/// ```
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = TestMutex(State())

    public init() {}

    /// Suspends until ``open()`` has been called.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Lets every waiter, present and future, go on.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
