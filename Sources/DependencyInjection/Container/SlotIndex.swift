public import Synchronization

/// A container's slots by factory id, readable without a lock: open addressing with linear probing and a
/// multiplicative hash over the factory's serial number (no seeded hashing on the resolution path).
///
/// One writer at a time (the container's registry lock) inserts; slots are never removed. An insert writes
/// the slot, then publishes its key with a releasing store, so a reader that acquires the key sees the
/// slot. When the table is half full, the writer builds a table twice the size and the container
/// publishes that instead; the old table stays alive for readers that may still be in it.
@usableFromInline
final class SlotIndex: @unchecked Sendable {
    // @unchecked: `keys` are atomics; a `slots` entry is written once, before its key is published, and
    // `count` is only touched by the writer, under the container's registry lock.

    @usableFromInline
    let keys: UnsafeMutablePointer<Atomic<UInt64>>
    /// Unretained `ContainerSlot`s; the container's registry owns them.
    @usableFromInline
    let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    @usableFromInline
    let mask: Int
    @usableFromInline
    let shift: UInt64
    private var count = 0

    /// An empty table of `capacity` entries (a power of two).
    init(capacity: Int = 8) {
        precondition(capacity >= 2 && capacity.nonzeroBitCount == 1)
        keys = .allocate(capacity: capacity)
        for index in 0..<capacity { (keys + index).initialize(to: Atomic(0)) }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    deinit {
        keys.deinitialize(count: mask + 1)
        keys.deallocate()
        slots.deallocate()
    }

    @inlinable
    func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot for `key` (a factory id, never 0), or nil.
    @inlinable
    func find(_ key: UInt64) -> UnsafeMutableRawPointer? {
        var index = home(of: key)
        while true {
            let found = keys[index].load(ordering: .acquiring)
            if found == key { return slots[index] }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Whether one more insert keeps the table at most half full.
    var hasRoom: Bool { (count + 1) * 2 <= mask + 1 }

    /// Adds `slot` under `key`; the caller holds the registry lock and has checked that `key` is absent.
    func insert(_ key: UInt64, _ slot: UnsafeMutableRawPointer) {
        var index = home(of: key)
        while keys[index].load(ordering: .relaxed) != 0 { index = (index + 1) & mask }
        slots[index] = slot
        keys[index].store(key, ordering: .releasing)
        count += 1
    }

    /// A table twice this size holding the same entries.
    func grown() -> SlotIndex {
        let bigger = SlotIndex(capacity: (mask + 1) * 2)
        for index in 0...mask {
            let key = keys[index].load(ordering: .relaxed)
            if key != 0, let slot = slots[index] { bigger.insert(key, slot) }
        }
        return bigger
    }
}
