/// Which of the four factory shapes a factory is: the effects of its resolver.
///
/// ```swift
/// Factory { ConsoleLogger() }              // .sync
/// Factory { try loadConfig() }             // .syncThrowing
/// Factory { await Session.make() }         // .async
/// Factory { try await Database.connect() } // .asyncThrowing
/// ```
enum FactoryKind: String, Sendable, CaseIterable {
    /// `() -> T`, a ``SyncFactory``.
    case sync
    /// `() throws -> T`, a ``SyncThrowingFactory``.
    case syncThrowing
    /// `() async -> T`, an ``AsyncFactory``.
    case async
    /// `() async throws -> T`, an ``AsyncThrowingFactory``.
    case asyncThrowing
}
