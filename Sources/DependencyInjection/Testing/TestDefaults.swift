/// A composable set of ``TestDefault``s and other `TestDefaults`, for `withTestContainer(defaults:)`.
///
/// ```swift
/// extension TestDefaults {
///     static let networkingDefaults = TestDefaults {
///         TestDefault { Container.httpClient.testValue { MockHTTPClient() } }
///     }
///     static let featureDefaults = TestDefaults {
///         .networkingDefaults
///         TestDefault { Container.analytics.testValue { NoopAnalytics() } }
///     }
/// }
///
/// withTestContainer(defaults: .featureDefaults) { … }
/// withTestContainer(defaults: [.networkingDefaults, .featureDefaults]) { … }
/// ```
public struct TestDefaults: Sendable, ExpressibleByArrayLiteral {
    let groups: [AnyTestDefaults]

    /// Collects the defaults the builder lists, in order (later ones are registered on top).
    public init(@TestDefaultsBuilder _ make: () -> [AnyTestDefaults]) { groups = make() }

    /// Combines several sets, in order.
    public init(arrayLiteral elements: TestDefaults...) { groups = elements.map(AnyTestDefaults.init) }

    func apply(to container: Container) {
        for group in groups { group.apply(container) }
    }
}

/// A ``TestDefault`` or ``TestDefaults`` inside a ``TestDefaultsBuilder``.
///
/// You do not create these yourself; the builder wraps what you list.
///
/// ```swift
/// TestDefaults { .networkingDefaults; TestDefault { … } }
/// ```
public struct AnyTestDefaults: Sendable {
    let apply: @Sendable (Container) -> Void

    init(_ single: TestDefault) { apply = { single.apply(to: $0) } }
    init(_ group: TestDefaults) { apply = { group.apply(to: $0) } }
}

/// Builds the contents of a ``TestDefaults``.
@resultBuilder
public enum TestDefaultsBuilder {
    /// Concatenates the parts.
    public static func buildBlock(_ parts: [AnyTestDefaults]...) -> [AnyTestDefaults] { parts.flatMap { $0 } }
    /// A single default.
    public static func buildExpression(_ value: TestDefault) -> [AnyTestDefaults] { [AnyTestDefaults(value)] }
    /// A nested set.
    public static func buildExpression(_ value: TestDefaults) -> [AnyTestDefaults] { [AnyTestDefaults(value)] }
    /// An `if` without `else`.
    public static func buildOptional(_ component: [AnyTestDefaults]?) -> [AnyTestDefaults] { component ?? [] }
    /// The `if` branch.
    public static func buildEither(first: [AnyTestDefaults]) -> [AnyTestDefaults] { first }
    /// The `else` branch.
    public static func buildEither(second: [AnyTestDefaults]) -> [AnyTestDefaults] { second }
    /// A `for` loop.
    public static func buildArray(_ components: [[AnyTestDefaults]]) -> [AnyTestDefaults] { components.flatMap { $0 } }
}
