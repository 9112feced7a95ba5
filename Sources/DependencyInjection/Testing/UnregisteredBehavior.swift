/// What a test container does when a factory it resolves has no test registration.
///
/// ```swift
/// withTestContainer(unregisteredBehavior: .fatalError) { … } // the default
/// ```
public enum UnregisteredBehavior: Sendable {
    /// Stop: throwing factories throw ``DependencyResolutionError``; others stop the process with a message
    /// naming the dependency, the resolution path, the call site and where the test container was created.
    case fatalError
    /// Call `action` with a description of the factory, then resolve with the production resolver.
    @available(*, deprecated, message: "Warning! Using a custom action will still resolve production dependencies unless you manually stop code execution.")
    case custom(@Sendable (String) -> Void)
}
