/// How the resolutions of a trace link to their parents, by index, with what had to be set aside: ids used
/// twice and parent chains that loop.
///
/// Made once per trace (by the reader, or by ``TraceAnalysis`` for a trace built in code) in linear time. For a
/// repeated id the first resolution with it counts; a loop of parents is cut at the first resolution of the loop
/// met, which then has no parent, so every resolution is reachable from a root.
///
/// ```swift
/// let links = ResolutionLinks(trace.resolutions)
/// links.parentIndex[5]   // index of resolution 5's parent, or -1
/// ```
package struct ResolutionLinks: Sendable {
    /// Resolution id to the index of the first resolution with that id.
    package let indexByID: [Int: Int32]
    /// For each resolution, the index of its parent, or -1 (no parent, unknown parent, itself, or a loop cut).
    package let parentIndex: [Int32]
    /// Indices of resolutions whose id an earlier resolution already had, with that earlier index.
    package let duplicates: [(first: Int32, repeated: Int32)]
    /// Indices of resolutions whose parent link was removed to break a loop.
    package let cycleCuts: [Int32]

    package init(_ resolutions: [ResolutionRecord]) {
        let count = resolutions.count
        var indexByID = [Int: Int32](minimumCapacity: count)
        var duplicates: [(first: Int32, repeated: Int32)] = []
        for index in 0..<count {
            let position = Int32(index)
            let first = indexByID[resolutions[index].id, default: position]
            if first == position {
                indexByID[resolutions[index].id] = position
            } else {
                duplicates.append((first, position))
            }
        }
        var parentIndex = [Int32](repeating: -1, count: count)
        for index in 0..<count {
            if let parent = resolutions[index].parent, let position = indexByID[parent], Int(position) != index {
                parentIndex[index] = position
            }
        }
        // Each resolution has at most one parent, so a walk up from any resolution either ends or enters one loop.
        // 0: not seen, 1: on the current walk, 2: done.
        var state = [UInt8](repeating: 0, count: count)
        var cycleCuts: [Int32] = []
        var walk: [Int32] = []
        for start in 0..<count where state[start] == 0 {
            var current = Int32(start)
            while current >= 0, state[Int(current)] == 0 {
                state[Int(current)] = 1
                walk.append(current)
                current = parentIndex[Int(current)]
            }
            if current >= 0, state[Int(current)] == 1 {
                parentIndex[Int(current)] = -1
                cycleCuts.append(current)
            }
            for index in walk { state[Int(index)] = 2 }
            walk.removeAll(keepingCapacity: true)
        }
        self.indexByID = indexByID
        self.parentIndex = parentIndex
        self.duplicates = duplicates
        self.cycleCuts = cycleCuts
    }
}
