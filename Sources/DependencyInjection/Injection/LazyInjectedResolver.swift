import Synchronization

/// The storage behind a `@LazyInjected` property: resolves its factory on the first read, then keeps the value.
///
/// The first read resolves under a `Mutex`, so concurrent first reads still resolve once. For async factories
/// the resolution task is started eagerly, when the resolver is created (with the owner), and the first read
/// caches that task; a task that was never read is cancelled when the resolver is deallocated.
///
/// ```swift
/// final class ReportGenerator {
///     @LazyInjected(Container.formatter) var formatter: DateFormatter
///     // expands to:
///     // var formatter: DateFormatter { get { _formatter.wrappedValue } }
///     // private let _formatter = LazyInjectedResolver(Container.formatter)
///     // var $formatter: SyncFactory<DateFormatter> { _formatter.projectedValue }
/// }
/// ```
public final class LazyInjectedResolver<Factory: Sendable & Hashable, Value> {
    /// The factory the property resolves, exposed as `$name`.
    ///
    /// ```swift
    /// generator.$formatter.register { DateFormatter() }
    /// ```
    public let projectedValue: Factory

    private let resolve: @Sendable () -> Value
    private let cache = LockedState<Value?>(nil)
    private let cancelUnread: (@Sendable () -> Void)?

    /// Resolves a synchronous factory on the first read; the value is the factory's dependency.
    ///
    /// ```swift
    /// private let _formatter = LazyInjectedResolver(Container.formatter)
    /// ```
    public init(
        _ factory: SyncFactory<Value>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == SyncFactory<Value> {
        projectedValue = factory
        resolve = { factory(file: file, filePath: filePath, line: line, function: function) }
        cancelUnread = nil
    }

    /// Resolves a throwing factory on the first read; the value is `Result<D, any Error>`.
    ///
    /// ```swift
    /// private let _config = LazyInjectedResolver(Container.config)
    /// ```
    public init<D>(
        _ factory: SyncThrowingFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == SyncThrowingFactory<D>, Value == Result<D, any Error> {
        projectedValue = factory
        resolve = { Result { () throws(any Error) -> D in try factory(file: file, filePath: filePath, line: line, function: function) } }
        cancelUnread = nil
    }

    /// Starts resolving an async factory now; the first read caches that `Task<D, Never>`.
    ///
    /// ```swift
    /// private let _session = LazyInjectedResolver(Container.session)
    /// ```
    public init<D>(
        _ factory: AsyncFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, function: StaticString = #function
    ) where Factory == AsyncFactory<D>, Value == Task<D, Never> {
        let task = Task { await factory(file: file, filePath: filePath, line: line, function: function) }
        projectedValue = factory
        resolve = { task }
        cancelUnread = { task.cancel() }
    }

    /// Starts resolving an async throwing factory now; the first read caches that `Task<D, any Error>`.
    ///
    /// ```swift
    /// private let _database = LazyInjectedResolver(Container.database)
    /// ```
    public init<D>(
        _ factory: AsyncThrowingFactory<D>, file: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        function: StaticString = #function
    ) where Factory == AsyncThrowingFactory<D>, Value == Task<D, any Error> {
        let task = Task { try await factory(file: file, filePath: filePath, line: line, function: function) }
        projectedValue = factory
        resolve = { task }
        cancelUnread = { task.cancel() }
    }

    /// The value resolved on the first read; later reads return it without resolving again.
    ///
    /// ```swift
    /// let formatter = _formatter.wrappedValue
    /// ```
    public var wrappedValue: Value {
        cache.withLock { cached in
            if let cached { return cached }
            let value = resolve()
            cached = value
            return value
        }
    }

    deinit {
        if let cancelUnread, cache.withLock({ $0 == nil }) {
            cancelUnread()
        }
    }
}

/// Shareable across concurrency domains when the resolved value is; the cache is behind a `Mutex`.
///
/// ```swift
/// let resolver = LazyInjectedResolver(Container.session)
/// Task.detached { _ = await resolver.wrappedValue.value }
/// ```
extension LazyInjectedResolver: Sendable where Value: Sendable {}
