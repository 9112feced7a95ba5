// The four `Factory { … }` overloads: the closure's effects choose the factory type.

/// Declares a factory whose resolver is synchronous.
///
/// The factory records where it was declared (`#fileID`, `#line`) and its dependency type, so traces and
/// error messages can name it; `name` adds a readable key.
///
/// ```swift
/// extension Container {
///     static let logger = Factory { ConsoleLogger() as Logger }
///     static let analytics = Factory(scope: .cached, name: "analytics") { AnalyticsService() }
/// }
/// ```
public func Factory<D>(
    scope: Scope = .unique,
    name: String? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    resolver: @escaping () -> D
) -> SyncFactory<D> {
    SyncFactory(scope: scope, name: name, fileID: file, line: line, resolver: resolver)
}

/// Declares a factory whose resolver can throw; resolve it with `try`.
///
/// ```swift
/// extension Container {
///     static let config = Factory { try loadConfig() }
/// }
/// let config = try Container.config()
/// ```
public func Factory<D>(
    scope: Scope = .unique,
    name: String? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    resolver: @escaping () throws -> D
) -> SyncThrowingFactory<D> {
    SyncThrowingFactory(scope: scope, name: name, fileID: file, line: line, resolver: resolver)
}

/// Declares a factory whose resolver is asynchronous; resolve it with `await`.
///
/// ```swift
/// extension Container {
///     static let session = Factory { await Session.make() }
/// }
/// let session = await Container.session()
/// ```
public func Factory<D: Sendable>(
    scope: Scope = .unique,
    name: String? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    resolver: @escaping @Sendable () async -> D
) -> AsyncFactory<D> {
    AsyncFactory(scope: scope, name: name, fileID: file, line: line, resolver: resolver)
}

/// Declares a factory whose resolver is asynchronous and can throw; resolve it with `try await`.
///
/// ```swift
/// extension Container {
///     static let database = Factory(scope: .cached) { try await Database.connect() }
/// }
/// let database = try await Container.database()
/// ```
public func Factory<D: Sendable>(
    scope: Scope = .unique,
    name: String? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    resolver: @escaping @Sendable () async throws -> D
) -> AsyncThrowingFactory<D> {
    AsyncThrowingFactory(scope: scope, name: name, fileID: file, line: line, resolver: resolver)
}
