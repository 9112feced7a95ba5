public import Synchronization

/// State guarded by a `Mutex`: the one lock type of the runtime.
///
/// `Mutex.withLock` requires values crossing the lock to be `sending`, which a cache of arbitrary
/// dependencies cannot promise; this wrapper keeps the Mutex's exclusion and hands the state out only
/// inside the critical section. Built with `-DDI_TSAN_ANNOTATIONS` (as `make test-tsan` does), it also tells
/// the thread sanitizer about each acquire and release: on Linux the sanitizer cannot see the
/// synchronisation inside `Synchronization.Mutex` and would report every guarded access as a race.
@usableFromInline
final class LockedState<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `mutex.withLock`, which serialises all access.
    @usableFromInline
    let mutex = Mutex<Void>(())
    // Unchecked: every access happens inside `mutex.withLock`, which already guarantees exclusivity.
    @usableFromInline @exclusivity(unchecked)
    var state: State

    @usableFromInline
    init(_ state: State) { self.state = state }

    @inlinable
    func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        nonisolated(unsafe) var result: R?
        try mutex.withLock { (_: inout Void) throws(E) -> Void in
            #if DI_TSAN_ANNOTATIONS
            let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
            threadSanitizerAcquire(address)
            defer { threadSanitizerRelease(address) }
            #endif
            result = try body(&self.state)
        }
        return result!
    }
}

#if DI_TSAN_ANNOTATIONS
/// The thread sanitizer's runtime: a happens-before edge from every release to the next acquire of an address.
@usableFromInline @_silgen_name("__tsan_acquire")
func threadSanitizerAcquire(_ address: UnsafeMutableRawPointer)

@usableFromInline @_silgen_name("__tsan_release")
func threadSanitizerRelease(_ address: UnsafeMutableRawPointer)
#endif
