/// The four factory types; the macro overload the type checker picks tells the expansion which one it has.
public enum FactoryKind: Sendable, CaseIterable {
    /// `SyncFactory<T>`: the wrapped type is `T`.
    case sync
    /// `SyncThrowingFactory<T>`: the wrapped type is `Result<T, any Error>`.
    case syncThrowing
    /// `AsyncFactory<T>`: the wrapped type is `Task<T, Never>`.
    case async
    /// `AsyncThrowingFactory<T>`: the wrapped type is `Task<T, any Error>`.
    case asyncThrowing

    /// The runtime type of the projected value `$name`, without its generic argument.
    var factoryTypeName: String {
        switch self {
        case .sync: "SyncFactory"
        case .syncThrowing: "SyncThrowingFactory"
        case .async: "AsyncFactory"
        case .asyncThrowing: "AsyncThrowingFactory"
        }
    }

    /// How the wrapped type must be spelled, for messages.
    var expectedWrappedType: String {
        switch self {
        case .sync: "T"
        case .syncThrowing: "Result<T, any Error>"
        case .async: "Task<T, Never>"
        case .asyncThrowing: "Task<T, any Error>"
        }
    }

    /// The factory kind in words, for messages.
    var displayName: String {
        switch self {
        case .sync: "a synchronous factory"
        case .syncThrowing: "a throwing factory"
        case .async: "an async factory"
        case .asyncThrowing: "an async throwing factory"
        }
    }
}
