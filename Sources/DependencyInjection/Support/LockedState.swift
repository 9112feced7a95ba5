public import Synchronization

/// State guarded by a `Mutex`, for state that holds the user's non-`Sendable` values (instances, resolvers).
///
/// `Mutex.withLock` requires values crossing the lock to be `sending`, which a cache of arbitrary
/// dependencies cannot promise; this wrapper keeps the Mutex's exclusion and hands the state out only
/// inside the critical section.
@usableFromInline
final class LockedState<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `mutex.withLock`, which serialises all access.
    @usableFromInline
    let mutex = Mutex<Void>(())
    // Unchecked: every access happens inside `mutex.withLock`, which already guarantees exclusivity.
    @usableFromInline @exclusivity(unchecked)
    var state: State

    init(_ state: State) { self.state = state }

    @inlinable
    func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        nonisolated(unsafe) var result: R?
        try mutex.withLock { (_: inout Void) throws(E) -> Void in
            result = try body(&self.state)
        }
        return result!
    }
}
