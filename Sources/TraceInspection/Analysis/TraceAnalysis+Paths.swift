extension TraceAnalysis {
    /// The factory ids from the outermost resolution down to the resolution at `index` (by index in
    /// ``Trace/resolutions``).
    ///
    /// Stops at a parent loop, which a well-formed trace never has.
    func factoryPath(toResolutionAt index: Int) -> [Int] {
        let resolutions = trace.resolutions
        var path = [resolutions[index].factory]
        var seen: Set<Int> = [index]
        var current = Int(parentIndex[index])
        while current >= 0, seen.insert(current).inserted {
            path.append(resolutions[current].factory)
            current = Int(parentIndex[current])
        }
        return path.reversed()
    }

    /// Whether the container or one of its ancestors is a test container.
    func isInTestContainer(_ container: Int) -> Bool {
        trace.containerLineage(container).contains { trace.container(id: $0)?.kind == .test }
    }
}
