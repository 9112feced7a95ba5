/// An observed dependency: resolutions of ``to`` that ran inside a resolution of ``from``.
///
/// Edges are observed, not declared: while A's resolver runs, every resolution it triggers is
/// a child of A.
///
/// ```swift
/// for edge in analysis.edges { print("\(edge.from) -> \(edge.to) ×\(edge.count)") }
/// ```
public struct DependencyEdge: Sendable, Hashable {
    /// The parent factory's id.
    public var from: Int
    /// The child factory's id.
    public var to: Int
    /// How many times it was observed.
    public var count: Int

    /// Creates an edge.
    ///
    /// ``TraceAnalysis`` makes these from resolution parents.
    ///
    /// ```swift
    /// let edge = DependencyEdge(from: 1, to: 2, count: 3)
    /// ```
    public init(from: Int, to: Int, count: Int) {
        self.from = from
        self.to = to
        self.count = count
    }
}
