import DependencyInjection
import Tracing

/// A small order service: a database connection (cached, slow to open), a store over it and a service over both.
struct Database: Sendable {
    /// Opening a connection takes a while: the span DependencyInjection makes for it shows how long, and the
    /// `connect` span started here is its child.
    static func connect() async throws -> Database {
        try await withSpan("connect") { _ in try await Task.sleep(for: .milliseconds(40)) }
        return Database()
    }
}

struct OrderStore: Sendable {
    let database: Database
    func orders() -> [String] { ["#1001", "#1002"] }
}

struct PriceList: Sendable {
    let database: Database
}

struct OrderService: Sendable {
    let store: OrderStore
    let prices: PriceList
    func openOrders() -> [String] { store.orders() }
}

/// The configuration is never registered in this example: resolving it fails, and its span has an error status.
struct PaymentConfiguration: Sendable {}

struct MissingConfiguration: Error, CustomStringConvertible {
    var description: String { "PAYMENT_URL is not set" }
}

extension Container {
    static let database = Factory(scope: .cached) { () async throws -> Database in try await Database.connect() }
    static let orderStore = Factory { () async throws -> OrderStore in OrderStore(database: try await Container.database()) }
    static let priceList = Factory { () async throws -> PriceList in PriceList(database: try await Container.database()) }
    static let orderService = Factory { () async throws -> OrderService in
        async let store = Container.orderStore()
        async let prices = Container.priceList()
        return OrderService(store: try await store, prices: try await prices)
    }
    static let paymentConfiguration = Factory { () throws -> PaymentConfiguration in throw MissingConfiguration() }
}
