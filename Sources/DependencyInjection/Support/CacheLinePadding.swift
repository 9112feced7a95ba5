/// 128 unused bytes: placed after a thread's hot fields, so that whatever the allocator puts next (another
/// thread's hot state, say) never shares their cache line or adjacent-line prefetch pair.
struct CacheLinePadding {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
