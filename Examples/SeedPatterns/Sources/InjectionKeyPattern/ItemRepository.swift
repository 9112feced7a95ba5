public import DependencyInjection

/// An item in the list.
public struct Item: Sendable, Hashable {
    /// Its name.
    public let name: String
    /// Creates an item.
    public init(name: String) { self.name = name }
}

/// Loads and saves items.
public protocol ItemRepositoryProtocol: Sendable {
    /// All items.
    func fetchItems() async throws -> [Item]
}

/// Talks HTTP; reduced to one call.
public protocol HTTPClientProtocol: Sendable {
    /// The body of `GET path`, as lines.
    func get(_ path: String) async throws -> [String]
}

/// The production client (simulated).
public struct URLSessionHTTPClient: HTTPClientProtocol {
    /// Creates it.
    public init() {}
    /// A fixed body.
    public func get(_ path: String) async throws -> [String] { ["milk", "eggs"] }
}

/// The production repository: constructor-injected with its client.
public struct RemoteItemRepository: ItemRepositoryProtocol {
    let httpClient: any HTTPClientProtocol
    /// A repository over `httpClient`.
    public init(httpClient: any HTTPClientProtocol) { self.httpClient = httpClient }
    /// `GET /items`.
    public func fetchItems() async throws -> [Item] { try await httpClient.get("/items").map(Item.init) }
}

extension Container {
    /// Was the `HTTPClient` inside the `@Entry` default value.
    public static let httpClient = Factory(scope: .cached) { URLSessionHTTPClient() as any HTTPClientProtocol }
    /// Was `ItemRepositoryKey` / `@Entry var itemRepository = RemoteItemRepository(httpClient: URLSessionHTTPClient())`.
    public static let itemRepository = Factory {
        RemoteItemRepository(httpClient: Container.httpClient()) as any ItemRepositoryProtocol
    }
}

/// A view model using property injection for both services (was `@Injected(\.itemRepository)`).
///
/// ```swift
/// let model = ItemListViewModel()
/// await model.load()
/// ```
@MainActor
public final class ItemListViewModel {
    @Injected(Container.itemRepository) private var repository: any ItemRepositoryProtocol
    @LazyInjected(Container.analytics) private var analytics: AnalyticsService

    /// What was loaded.
    public private(set) var items: [Item] = []

    /// Creates the view model; nothing is resolved until it is used.
    public init() {}

    /// Loads the items and reports the screen view.
    public func load() async {
        analytics.trackScreen("items")
        items = (try? await repository.fetchItems()) ?? []
        analytics.trackEvent("items_loaded", ["count": "\(items.count)"])
    }
}
