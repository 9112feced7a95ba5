/// One factory-to-test-double binding, made by a factory's `testValue { … }` and applied later.
///
/// ```swift
/// let binding: FactoryDefault = Container.logger.testValue { MockLogger() }
/// ```
public struct FactoryDefault: @unchecked Sendable {
    // @unchecked: holds the test double's resolver, which (like any sync resolver in this API) need not be
    // @Sendable; it is only run by resolutions in the test container it is applied to.
    let apply: (Container) -> Void

    init(apply: @escaping (Container) -> Void) { self.apply = apply }
}

/// Builds the ``FactoryDefault`` list of a ``TestDefault``.
@resultBuilder
public enum TestDefaultBuilder {
    /// Concatenates the parts.
    public static func buildBlock(_ parts: [FactoryDefault]...) -> [FactoryDefault] { parts.flatMap { $0 } }
    /// One binding.
    public static func buildExpression(_ value: FactoryDefault) -> [FactoryDefault] { [value] }
    /// An `if` without `else`.
    public static func buildOptional(_ component: [FactoryDefault]?) -> [FactoryDefault] { component ?? [] }
    /// The `if` branch.
    public static func buildEither(first: [FactoryDefault]) -> [FactoryDefault] { first }
    /// The `else` branch.
    public static func buildEither(second: [FactoryDefault]) -> [FactoryDefault] { second }
    /// A `for` loop.
    public static func buildArray(_ components: [[FactoryDefault]]) -> [FactoryDefault] { components.flatMap { $0 } }
}

/// A reusable group of test doubles, registered when applied to a test container.
///
/// ```swift
/// let loggerDefault = TestDefault {
///     Container.logger.testValue { MockLogger() }
/// }
/// withTestContainer(defaults: [TestDefaults { loggerDefault }]) { … }
/// ```
public struct TestDefault: Sendable {
    let bindings: [FactoryDefault]

    /// Collects the bindings the builder lists.
    public init(@TestDefaultBuilder _ make: () -> [FactoryDefault]) { bindings = make() }

    func apply(to container: Container) {
        for binding in bindings { binding.apply(container) }
    }
}
