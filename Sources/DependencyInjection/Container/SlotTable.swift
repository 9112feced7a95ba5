/// A container's slots by factory id: open addressing with linear probing and a multiplicative hash.
///
/// Factory ids are serial numbers, so a Fibonacci hash spreads them well; this avoids `Dictionary`'s
/// seeded SipHash on every resolution. Slots are never removed (they live as long as the container).
@usableFromInline
struct SlotTable {
    @usableFromInline var keys: [UInt64]
    @usableFromInline var values: [AnyObject?]
    @usableFromInline var count = 0
    @usableFromInline var shift: UInt64

    @usableFromInline
    init() {
        keys = Array(repeating: 0, count: 8)
        values = Array(repeating: nil, count: 8)
        shift = 64 - 3
    }

    @inlinable
    func index(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot for `key` (a factory id, never 0).
    @inlinable
    subscript(key: UInt64) -> AnyObject? {
        get {
            let mask = keys.count - 1
            var index = index(for: key)
            while true {
                let found = keys[index]
                if found == key { return values[index] }
                if found == 0 { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            guard let newValue else { return }
            if (count + 1) * 2 > keys.count { grow() }
            insert(key, newValue)
        }
    }

    @usableFromInline
    mutating func insert(_ key: UInt64, _ value: AnyObject) {
        let mask = keys.count - 1
        var index = index(for: key)
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        if keys[index] == 0 { count += 1 }
        keys[index] = key
        values[index] = value
    }

    @usableFromInline
    mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            if let value { insert(key, value) }
        }
    }
}
