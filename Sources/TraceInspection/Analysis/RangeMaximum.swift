/// The largest of a range of values in logarithmic time, after a linear build (an iterative segment tree).
///
/// ```swift
/// let maximum = RangeMaximum([3, 9, 4])
/// maximum.largest(in: 1..<3)   // 9
/// ```
struct RangeMaximum {
    private let count: Int
    private var tree: [UInt64]

    init(_ values: [UInt64]) {
        count = values.count
        tree = [UInt64](repeating: 0, count: 2 * max(count, 1))
        for (index, value) in values.enumerated() { tree[count + index] = value }
        var index = count - 1
        while index > 0 {
            tree[index] = max(tree[2 * index], tree[2 * index + 1])
            index -= 1
        }
    }

    /// The largest value in `range`, or `nil` when the range is empty.
    func largest(in range: Range<Int>) -> UInt64? {
        guard !range.isEmpty else { return nil }
        var low = range.lowerBound + count
        var high = range.upperBound + count
        var result: UInt64 = 0
        while low < high {
            if low & 1 == 1 {
                result = max(result, tree[low])
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                result = max(result, tree[high])
            }
            low /= 2
            high /= 2
        }
        return result
    }
}
