// Public only for the inlinable read paths, which call its two inline read functions.
public import CThreadContext

/// Runs `body` as a read of published ``SlotSnapshot``s: load a slot's snapshot pointer, read it and take
/// what you need (+1) from it, all inside `body`, never after.
///
/// Snapshots are used without a reference count, so a replaced one is freed only after every read in
/// progress when it was replaced has ended (``SnapshotReclamation``). A read costs two thread-local stores
/// (`di_read_begin`/`di_read_end` in `CThreadContext`).
///
/// ```swift
/// let cached = readingSnapshots { slot.published.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.cached } }
/// ```
@inlinable @inline(__always)
func readingSnapshots<R>(_ body: () throws -> R) rethrows -> R {
    assert(di_read_active() == 0, "DependencyInjection: a snapshot read started inside another one (reads do not nest).")
    di_read_begin()
    defer { di_read_end() }
    return try body()
}
