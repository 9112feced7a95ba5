/// Which of the three injection macros is expanding: it decides the resolver type the storage peer holds.
public enum InjectionStyle: Sendable, CaseIterable {
    /// `@Injected`: resolves on every read.
    case injected
    /// `@LazyInjected`: resolves on the first read, then caches.
    case lazyInjected
    /// `@ConstructorInjected`: resolves when the owner is initialised.
    case constructorInjected

    /// The attribute name users write, without `@`.
    public var macroName: String {
        switch self {
        case .injected: "Injected"
        case .lazyInjected: "LazyInjected"
        case .constructorInjected: "ConstructorInjected"
        }
    }

    /// The runtime class the `_name` storage peer holds.
    var resolverTypeName: String {
        switch self {
        case .injected: "InjectedResolver"
        case .lazyInjected: "LazyInjectedResolver"
        case .constructorInjected: "ConstructorInjectedResolver"
        }
    }
}
