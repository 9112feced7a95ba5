import Synchronization

/// A `Mutex` for tests that the thread sanitizer can see.
///
/// On Linux the sanitizer does not see the synchronisation inside `Synchronization.Mutex` and reports guarded
/// accesses from two threads as races; built with `-DDI_TSAN_ANNOTATIONS` (as `make test-tsan` does), this
/// tells it about each acquire and release, as the runtime's `LockedState` does.
///
/// ```swift
/// let count = TestMutex(0)
/// count.withLock { $0 += 1 }
/// ```
public final class TestMutex<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `mutex.withLock`, which serialises all access.
    private let mutex = Mutex<Void>(())
    private var state: State

    public init(_ state: State) { self.state = state }

    /// Runs `body` with the state, holding the lock.
    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try mutex.withLock { _ in
            #if DI_TSAN_ANNOTATIONS
            let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
            threadSanitizerAcquire(address)
            defer { threadSanitizerRelease(address) }
            #endif
            return try body(&state)
        }
    }
}

#if DI_TSAN_ANNOTATIONS
@_silgen_name("__tsan_acquire")
private func threadSanitizerAcquire(_ address: UnsafeMutableRawPointer)

@_silgen_name("__tsan_release")
private func threadSanitizerRelease(_ address: UnsafeMutableRawPointer)
#endif
