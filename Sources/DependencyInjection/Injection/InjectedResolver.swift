/// The storage behind an `@Injected` property: resolves its factory on every read.
///
/// You don't create one yourself; the macro declares it as the `_name` peer of the property.
///
/// ```swift
/// final class OrderService {
///     @Injected(Container.logger) var logger: any Logger
///     // expands to:
///     // var logger: any Logger { get { _logger.wrappedValue } }
///     // private let _logger = InjectedResolver(Container.logger)
///     // var $logger: SyncFactory<any Logger> { _logger.projectedValue }
/// }
/// ```
public final class InjectedResolver<Factory: Sendable & Hashable, Value>: Sendable {
    private let resolve: @Sendable () -> Value

    /// The factory the property resolves, exposed as `$name`.
    ///
    /// ```swift
    /// service.$logger.register { SpyLogger() as any Logger }
    /// ```
    public let projectedValue: Factory

    /// Resolves a synchronous factory on every read; the value is the factory's dependency.
    ///
    /// ```swift
    /// private let _logger = InjectedResolver(Container.logger)
    /// ```
    public init(
        _ factory: SyncFactory<Value>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == SyncFactory<Value> {
        projectedValue = factory
        resolve = { factory(file: file, filePath: filePath, line: line, function: function) }
    }

    /// Resolves a throwing factory on every read; the value is `Result<D, any Error>`.
    ///
    /// ```swift
    /// private let _config = InjectedResolver(Container.config)
    /// ```
    public init<D>(
        _ factory: SyncThrowingFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == SyncThrowingFactory<D>, Value == Result<D, any Error> {
        projectedValue = factory
        resolve = { Result { () throws(any Error) -> D in try factory(file: file, filePath: filePath, line: line, function: function) } }
    }

    /// Starts a new resolution task of an async factory on every read; the value is `Task<D, Never>`.
    ///
    /// ```swift
    /// private let _session = InjectedResolver(Container.session)
    /// ```
    public init<D>(
        _ factory: AsyncFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) where Factory == AsyncFactory<D>, Value == Task<D, Never> {
        projectedValue = factory
        resolve = { Task { await factory(file: file, filePath: filePath, line: line, function: function) } }
    }

    /// Starts a new resolution task of an async throwing factory on every read; the value is `Task<D, any Error>`.
    ///
    /// ```swift
    /// private let _database = InjectedResolver(Container.database)
    /// ```
    public init<D>(
        _ factory: AsyncThrowingFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == AsyncThrowingFactory<D>, Value == Task<D, any Error> {
        projectedValue = factory
        resolve = { Task { try await factory(file: file, filePath: filePath, line: line, function: function) } }
    }

    /// A freshly resolved value (or a freshly started task), in the current container.
    ///
    /// ```swift
    /// let logger = _logger.wrappedValue
    /// ```
    public var wrappedValue: Value { resolve() }
}
