/// The chain of resolutions (each one triggered by the one before) whose self times add up to the most:
/// where the time of a slow start-up actually went.
///
/// Only resolutions that started within the window (the first N nanoseconds of the process, or the whole
/// trace) take part. A step's ``Step/share`` is its self time over the chain's total.
///
/// ```swift
/// let path = CriticalPath(analysis: analysis, window: 100_000_000)   // the first 100 ms
/// for step in path.steps { print(analysis.trace.factory(id: step.factory).displayName, step.share) }
/// ```
public struct CriticalPath: Sendable, Equatable {
    /// One resolution on the path.
    ///
    /// Steps are ordered from the outermost resolution down.
    ///
    /// ```swift
    /// path.steps.first?.selfNanoseconds
    /// ```
    public struct Step: Sendable, Equatable {
        /// The resolution's id.
        public var resolution: Int
        /// The resolved factory's id.
        public var factory: Int
        /// The container the resolution ran in.
        public var container: Int
        /// When the resolution started.
        public var start: UInt64
        /// Its self time.
        public var selfNanoseconds: UInt64
        /// Its duration including its children.
        public var nanoseconds: UInt64
        /// Its self time over the path's total, from 0 to 1.
        public var share: Double
    }

    /// The steps, outermost first; empty when no resolution started within the window.
    public var steps: [Step]
    /// The sum of the steps' self times.
    public var totalSelfNanoseconds: UInt64
    /// The window the path was searched in, `nil` for the whole trace.
    public var window: UInt64?

    /// Finds the path in `analysis`, among resolutions that started before `window` (nanoseconds since the
    /// trace began; `nil` for all of them).
    ///
    /// Linear in the number of resolutions. Ties go to the chain that started first; a chain does not go on
    /// into children whose self times add up to nothing.
    ///
    /// ```swift
    /// let startup = CriticalPath(analysis: analysis, window: 50_000_000)
    /// ```
    public init(analysis: TraceAnalysis, window: UInt64? = nil) {
        let resolutions = analysis.trace.resolutions
        let inWindow: (Int) -> Bool = { index in window.map { resolutions[index].start < $0 } ?? true }
        // best[i]: the largest self-time sum of a chain starting at i; next[i]: the child that chain goes on to.
        var best = [UInt64](repeating: 0, count: resolutions.count)
        var next = [Int32](repeating: -1, count: resolutions.count)
        var visited = [Bool](repeating: false, count: resolutions.count)
        var bestRoot = -1
        for root in analysis.rootIndices where inWindow(Int(root)) {
            // Iterative post-order: a resolution is finished once all its children are.
            var stack: [(index: Int, expanded: Bool)] = [(Int(root), false)]
            while let (index, expanded) = stack.popLast() {
                if expanded {
                    var chosen: Int32 = -1
                    var chosenBest: UInt64 = 0
                    for child in analysis.children(of: index) where inWindow(Int(child)) && visited[Int(child)] {
                        if best[Int(child)] > chosenBest {
                            chosen = child
                            chosenBest = best[Int(child)]
                        }
                    }
                    best[index] = analysis.selfNanoseconds[index] &+ chosenBest
                    next[index] = chosen
                    continue
                }
                guard !visited[index] else { continue }
                visited[index] = true
                stack.append((index, true))
                for child in analysis.children(of: index) where inWindow(Int(child)) && !visited[Int(child)] {
                    stack.append((Int(child), false))
                }
            }
            if bestRoot < 0 || best[Int(root)] > best[bestRoot] { bestRoot = Int(root) }
        }

        var steps: [Step] = []
        var current = bestRoot
        let total = bestRoot < 0 ? 0 : best[bestRoot]
        while current >= 0, steps.count < resolutions.count {
            let resolution = resolutions[current]
            let own = analysis.selfNanoseconds[current]
            steps.append(
                Step(
                    resolution: resolution.id, factory: resolution.factory, container: resolution.container,
                    start: resolution.start, selfNanoseconds: own, nanoseconds: resolution.nanoseconds,
                    share: total == 0 ? 0 : Double(own) / Double(total)))
            current = Int(next[current])
        }
        self.steps = steps
        self.totalSelfNanoseconds = total
        self.window = window
    }
}
