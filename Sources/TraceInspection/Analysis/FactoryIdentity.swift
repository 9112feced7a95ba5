/// How a factory is recognised across traces, whose ids differ: its declaration site
/// (`Module/File.swift:line`) and its type.
///
/// `diff` matches factories with it, and several traces are combined into one analysis with it.
///
/// ```swift
/// let old = Dictionary(uniqueKeysWithValues: oldTrace.factories.map { (FactoryIdentity($0), $0) })
/// let same = old[FactoryIdentity(newFactory)]
/// ```
public struct FactoryIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The module that declared the factory.
    public var module: String
    /// The `#fileID` of the declaration.
    public var file: String
    /// The line of the declaration.
    public var line: Int
    /// The dependency type as written.
    public var type: String

    /// The identity of `factory`.
    ///
    /// Two declarations at the same site with the same type are the same factory.
    ///
    /// ```swift
    /// FactoryIdentity(factory).description   // "any Clock (App/Clock.swift:3)"
    /// ```
    public init(_ factory: FactoryRecord) {
        self.module = factory.module
        self.file = factory.file
        self.line = factory.line
        self.type = factory.type
    }

    /// The type and the declaration site, as reports print it.
    ///
    /// Used wherever a factory must be named without a trace's id.
    ///
    /// ```swift
    /// identity.description   // "any Clock (App/Clock.swift:3)"
    /// ```
    public var description: String { "\(type) (\(file):\(line))" }

    /// Orders by file, line, then type, so reports list factories in source order.
    ///
    /// Deterministic for any set of identities.
    ///
    /// ```swift
    /// identities.sorted()
    /// ```
    public static func < (lhs: FactoryIdentity, rhs: FactoryIdentity) -> Bool {
        (lhs.file, lhs.line, lhs.type, lhs.module) < (rhs.file, rhs.line, rhs.type, rhs.module)
    }
}
