// `@ConstructorInjected`: four overloads, one per factory type. The type checker picks the overload from the factory
// argument, so each implementation type knows its factory kind and checks the declared type's shape.

/// Injects from a `SyncFactory<T>`, resolving once, when the owner is initialised; the property's type is `T`.
///
/// The property becomes a getter backed by a private `ConstructorInjectedResolver` peer `_logger`; `$logger`
/// projects the factory, so `$logger.register { … }` overrides it in the current container.
///
/// ```swift
/// final class PaymentProcessor {
///     @ConstructorInjected(Container.logger) var logger: any Logger
///
///     func log() { logger.log("hello") }
/// }
/// ```
@attached(accessor)
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ConstructorInjected<T>(_ factory: SyncFactory<T>) =
    #externalMacro(module: "DependencyInjectionMacros", type: "ConstructorInjectedSyncMacro")

/// Injects from a `SyncThrowingFactory<T>`, resolving once, when the owner is initialised; the property's type is
/// `Result<T, any Error>`.
///
/// The property becomes a getter backed by a private `ConstructorInjectedResolver` peer `_config`; `$config`
/// projects the factory, so `$config.register { … }` overrides it in the current container.
///
/// ```swift
/// final class PaymentProcessor {
///     @ConstructorInjected(Container.config) var config: Result<Config, any Error>
///
///     func load() throws -> Config { try config.get() }
/// }
/// ```
@attached(accessor)
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ConstructorInjected<T>(_ factory: SyncThrowingFactory<T>) =
    #externalMacro(module: "DependencyInjectionMacros", type: "ConstructorInjectedSyncThrowingMacro")

/// Injects from an `AsyncFactory<T>`, starting its task when the owner is initialised and cancelling it on deinit;
/// the property's type is `Task<T, Never>`.
///
/// The property becomes a getter backed by a private `ConstructorInjectedResolver` peer `_session`; `$session`
/// projects the factory, so `$session.register { … }` overrides it in the current container.
///
/// ```swift
/// final class PaymentProcessor {
///     @ConstructorInjected(Container.session) var session: Task<Session, Never>
///
///     func fetch() async -> Session { await session.value }
/// }
/// ```
@attached(accessor)
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ConstructorInjected<T: Sendable>(_ factory: AsyncFactory<T>) =
    #externalMacro(module: "DependencyInjectionMacros", type: "ConstructorInjectedAsyncMacro")

/// Injects from an `AsyncThrowingFactory<T>`, starting its task when the owner is initialised and cancelling it on
/// deinit; the property's type is `Task<T, any Error>`.
///
/// The property becomes a getter backed by a private `ConstructorInjectedResolver` peer `_database`; `$database`
/// projects the factory, so `$database.register { … }` overrides it in the current container.
///
/// ```swift
/// final class PaymentProcessor {
///     @ConstructorInjected(Container.database) var database: Task<Database, any Error>
///
///     func query() async throws -> Database { try await database.value }
/// }
/// ```
@attached(accessor)
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ConstructorInjected<T: Sendable>(_ factory: AsyncThrowingFactory<T>) =
    #externalMacro(module: "DependencyInjectionMacros", type: "ConstructorInjectedAsyncThrowingMacro")
