/// The storage behind a `@ConstructorInjected` property: resolves its factory once, when it is created.
///
/// The macro declares it as the `_name` peer of the property, so it is created (and resolves) while the owner's
/// stored properties are initialised. For async factories it starts the resolution task then, and cancels that
/// task when it is deallocated, that is when the owner goes away.
///
/// ```swift
/// final class PaymentProcessor {
///     @ConstructorInjected(Container.gateway) var gateway: any PaymentGateway
///     // expands to:
///     // var gateway: any PaymentGateway { get { _gateway.wrappedValue } }
///     // private let _gateway = ConstructorInjectedResolver(Container.gateway)
///     // var $gateway: SyncFactory<any PaymentGateway> { _gateway.projectedValue }
/// }
/// ```
public final class ConstructorInjectedResolver<Factory: Sendable & Hashable, Value> {
    /// The value resolved at initialisation (or the task started then).
    ///
    /// ```swift
    /// let gateway = _gateway.wrappedValue
    /// ```
    public let wrappedValue: Value

    /// The factory the property resolved, exposed as `$name`.
    ///
    /// ```swift
    /// processor.$gateway.register { MockGateway() as any PaymentGateway }
    /// ```
    public let projectedValue: Factory

    private let cancel: (@Sendable () -> Void)?

    /// Resolves a synchronous factory now; the value is the factory's dependency.
    ///
    /// ```swift
    /// private let _gateway = ConstructorInjectedResolver(Container.gateway)
    /// ```
    public init(
        _ factory: SyncFactory<Value>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == SyncFactory<Value> {
        projectedValue = factory
        wrappedValue = factory(file: file, filePath: filePath, line: line, function: function)
        cancel = nil
    }

    /// Resolves a throwing factory now; the value is `Result<D, any Error>`.
    ///
    /// ```swift
    /// private let _config = ConstructorInjectedResolver(Container.config)
    /// ```
    public init<D>(
        _ factory: SyncThrowingFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == SyncThrowingFactory<D>, Value == Result<D, any Error> {
        projectedValue = factory
        wrappedValue = Result { () throws(any Error) -> D in try factory(file: file, filePath: filePath, line: line, function: function) }
        cancel = nil
    }

    /// Starts resolving an async factory now; the value is that `Task<D, Never>`, cancelled on deinit.
    ///
    /// ```swift
    /// private let _session = ConstructorInjectedResolver(Container.session)
    /// ```
    public init<D>(
        _ factory: AsyncFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) where Factory == AsyncFactory<D>, Value == Task<D, Never> {
        let task = Task { await factory(file: file, filePath: filePath, line: line, function: function) }
        projectedValue = factory
        wrappedValue = task
        cancel = { task.cancel() }
    }

    /// Starts resolving an async throwing factory now; the value is that `Task<D, any Error>`, cancelled on deinit.
    ///
    /// ```swift
    /// private let _database = ConstructorInjectedResolver(Container.database)
    /// ```
    public init<D>(
        _ factory: AsyncThrowingFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == AsyncThrowingFactory<D>, Value == Task<D, any Error> {
        let task = Task { try await factory(file: file, filePath: filePath, line: line, function: function) }
        projectedValue = factory
        wrappedValue = task
        cancel = { task.cancel() }
    }

    deinit {
        cancel?()
    }
}

/// Shareable across concurrency domains when the resolved value is.
///
/// ```swift
/// let resolver = ConstructorInjectedResolver(Container.session)
/// Task.detached { _ = await resolver.wrappedValue.value }
/// ```
extension ConstructorInjectedResolver: Sendable where Value: Sendable {}
