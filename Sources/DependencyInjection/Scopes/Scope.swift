/// How long a resolved instance lives.
///
/// A scope is chosen when a factory is declared and applies per container: each container keeps
/// its own cache, so a test container never sees an instance created by production code or by
/// another test.
///
/// ```swift
/// extension Container {
///     static let logger    = Factory(scope: .unique) { ConsoleLogger() }   // the default
///     static let analytics = Factory(scope: .cached) { AnalyticsService() }
///     static let session   = Factory(scope: .shared) { Session() }
/// }
/// ```
public struct Scope: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: UInt8, Sendable, CaseIterable {
        case unique
        case cached
        case shared
    }

    @usableFromInline
    let kind: Kind

    @usableFromInline
    init(kind: Kind) { self.kind = kind }

    /// A new instance on every resolution.
    ///
    /// ```swift
    /// static let formatter = Factory(scope: .unique) { DateFormatter() }
    /// ```
    public static let unique = Scope(kind: .unique)

    /// One instance per container, created on first resolution and held strongly for the container's lifetime.
    ///
    /// Concurrent async resolutions are deduplicated: the resolver runs once and every caller gets the same
    /// instance.
    ///
    /// ```swift
    /// static let database = Factory(scope: .cached) { try await Database.connect() }
    /// ```
    public static let cached = Scope(kind: .cached)

    /// One instance per container, held weakly: recreated once every outside reference is released.
    ///
    /// A value type cannot be referenced weakly, so `.shared` factories of value types behave like `.unique`.
    ///
    /// ```swift
    /// static let session = Factory(scope: .shared) { Session() }
    /// ```
    public static let shared = Scope(kind: .shared)

    /// Whether instances are kept per container (`cached` strongly, `shared` weakly); `unique` keeps none.
    @inlinable
    var keepsInstances: Bool { kind != .unique }

    /// `unique`, `cached` or `shared`.
    public var description: String {
        switch kind {
        case .unique: "unique"
        case .cached: "cached"
        case .shared: "shared"
        }
    }
}
