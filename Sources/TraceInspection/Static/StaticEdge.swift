/// A dependency the sources show: a factory's resolver resolves another factory.
///
/// ``Via/call`` is a call such as `Container.clock()` or `try await Container.store()` inside the
/// resolver's closure; ``Via/injected`` is an `@Injected`, `@LazyInjected` or `@ConstructorInjected`
/// property of a type the resolver constructs.
///
/// ```swift
/// for edge in model.edges where edge.via == .injected { print(edge.from, "->", edge.to) }
/// ```
public struct StaticEdge: Sendable, Hashable {
    /// How the sources show the dependency.
    ///
    /// The raw values are the strings a scan result uses.
    ///
    /// ```swift
    /// edge.via == .call
    /// ```
    public enum Via: String, Sendable, CaseIterable {
        /// A factory call in the resolver's closure.
        case call
        /// An injection macro on a property of a type the resolver constructs.
        case injected
    }

    /// The resolving factory's id (in the scan).
    public var from: Int
    /// The resolved factory's id (in the scan).
    public var to: Int
    /// How many places in the resolver show it.
    public var count: Int
    /// How the sources show it (a call wins over an injected property when both do).
    public var via: Via
    /// The `#fileID` of the first place that shows it.
    public var file: String
    /// The line of the first place that shows it.
    public var line: Int

    /// Creates an edge.
    ///
    /// The scanner makes these.
    ///
    /// ```swift
    /// let edge = StaticEdge(from: 1, to: 2, count: 1, via: .call, file: "App/Container+App.swift", line: 9)
    /// ```
    public init(from: Int, to: Int, count: Int, via: Via, file: String, line: Int) {
        self.from = from
        self.to = to
        self.count = count
        self.via = via
        self.file = file
        self.line = line
    }
}
