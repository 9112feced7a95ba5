/// The home screen's state. Constructor injection, unchanged: it never sees the DI framework.
///
/// ```swift
/// let model = HomeViewModel(dataService: MockDataService(items: ["a"]), username: "test")
/// ```
@MainActor
public final class HomeViewModel {
    private let dataService: any DataService
    /// The greeting line.
    public let title: String
    /// What was loaded, or the error text.
    public private(set) var items: [String] = []

    /// A view model over `dataService`.
    public init(dataService: any DataService, username: String) {
        self.dataService = dataService
        self.title = "Hello, \(username)"
    }

    /// Loads the items; on failure shows one line saying so.
    public func load() async {
        do { items = try await dataService.fetch() } catch { items = ["Could not load: \(error)"] }
    }
}

/// Makes view models with their services.
public protocol ViewModelFactory: Sendable {
    /// The home screen's view model.
    @MainActor func makeHomeViewModel() -> HomeViewModel
}

/// The production factory: takes services from a ``ServiceContainer``.
public struct DefaultViewModelFactory: ViewModelFactory {
    let container: ServiceContainer

    /// A factory over `container`.
    public init(container: ServiceContainer) { self.container = container }

    /// Resolves at the edge, passes into `init`.
    @MainActor public func makeHomeViewModel() -> HomeViewModel {
        HomeViewModel(dataService: container.dataService, username: container.settings.username)
    }
}
