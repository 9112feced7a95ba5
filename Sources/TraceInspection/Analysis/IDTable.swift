/// A hash table from resolution ids to non-negative `Int32`s, for ``ResolutionWindow``'s lookups, which run
/// several times per resolution read.
///
/// Open addressing with linear probing and Fibonacci hashing (one multiplication instead of `Hasher`'s SipHash),
/// kept at most half full, with backward-shift deletion so no tombstones pile up. Ids are not secret and a trace
/// is read once, so hash flooding is not a concern; ids in arithmetic progressions (what the runtime writes) spread
/// evenly. `Dictionary<Int, Int32>` made a fifth of `di-inspect check`'s time on a 10,000,000-resolution trace.
///
/// ```swift
/// var table = IDTable()
/// table.updateValue(7, forKey: 1_000)   // nil: it was not there
/// table[1_000]                          // 7
/// ```
package struct IDTable: Sendable {
    private var keys: [Int]
    /// -1 marks an empty slot.
    private var values: [Int32]
    private var shift: Int
    package private(set) var count = 0

    package init() {
        keys = [Int](repeating: 0, count: 16)
        values = [Int32](repeating: -1, count: 16)
        shift = 64 - 4
    }

    private var mask: Int { values.count - 1 }

    private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The value for `key`, or `nil`.
    package subscript(key: Int) -> Int32? {
        var index = home(key)
        while values[index] >= 0 {
            if keys[index] == key { return values[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Sets the value for `key` (`value` must not be negative) and returns the one it replaced.
    @discardableResult
    package mutating func updateValue(_ value: Int32, forKey key: Int) -> Int32? {
        if (count + 1) * 2 > values.count { grow() }
        var index = home(key)
        while values[index] >= 0 {
            if keys[index] == key {
                let old = values[index]
                values[index] = value
                return old
            }
            index = (index + 1) & mask
        }
        keys[index] = key
        values[index] = value
        count += 1
        return nil
    }

    /// Removes `key` and returns its value, or `nil` if it was not there.
    @discardableResult
    package mutating func removeValue(forKey key: Int) -> Int32? {
        var index = home(key)
        while values[index] >= 0 {
            if keys[index] == key {
                let old = values[index]
                close(index)
                count -= 1
                return old
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Empties slot `hole`, moving later entries of its probe run back so every entry stays reachable.
    private mutating func close(_ hole: Int) {
        var hole = hole
        var index = hole
        while true {
            index = (index + 1) & mask
            guard values[index] >= 0 else { break }
            let wanted = home(keys[index])
            // The entry may move to `hole` unless its home lies cyclically in (hole, index].
            let staysPut = hole <= index ? (wanted > hole && wanted <= index) : (wanted > hole || wanted <= index)
            if !staysPut {
                keys[hole] = keys[index]
                values[hole] = values[index]
                hole = index
            }
        }
        values[hole] = -1
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = [Int](repeating: 0, count: oldValues.count * 2)
        values = [Int32](repeating: -1, count: oldValues.count * 2)
        shift -= 1
        count = 0
        for index in oldValues.indices where oldValues[index] >= 0 {
            updateValue(oldValues[index], forKey: oldKeys[index])
        }
    }
}
