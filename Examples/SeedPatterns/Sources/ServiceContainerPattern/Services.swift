// The service container + view-model factory pattern (a `ServiceContainer` with default implementations
// in its init, a `ViewModelFactory` handing services to view models) with DependencyInjection underneath.
// Constructor injection stays: view models still take their services in `init`; the factories decide
// which services those are. See docs/patterns/coming-from-service-container.md.
public import DependencyInjection

/// Loads the home screen's data.
public protocol DataService: Sendable {
    /// The items to show.
    func fetch() async throws -> [String]
}

/// The user's settings.
public protocol SettingsService: Sendable {
    /// Who is signed in.
    var username: String { get }
}

/// The production data service.
public struct DataServiceImpl: DataService {
    /// Creates it.
    public init() {}
    /// Fixed items (a real one would call the network).
    public func fetch() async throws -> [String] { ["Inbox", "Today", "Upcoming"] }
}

/// The production settings.
public struct SettingsServiceImpl: SettingsService {
    /// Creates it.
    public init() {}
    /// The signed-in user.
    public var username: String { "ada" }
}

extension Container {
    /// Was the default argument `dataService: DataService = DataServiceImpl()`.
    public static let dataService = Factory(scope: .cached) { DataServiceImpl() as any DataService }
    /// Was the default argument `settings: SettingsService = SettingsServiceImpl()`.
    public static let settingsService = Factory(scope: .cached) { SettingsServiceImpl() as any SettingsService }
}

/// The services a screen tree needs, bundled.
///
/// Kept for code that passes it around; its defaults now resolve the factories, so a test registers a mock
/// once instead of threading it through every initializer.
///
/// ```swift
/// let services = ServiceContainer()                            // whatever the current container provides
/// let custom = ServiceContainer(dataService: MockDataService()) // still works
/// ```
public struct ServiceContainer: Sendable {
    /// The data service.
    public let dataService: any DataService
    /// The settings.
    public let settings: any SettingsService

    /// Resolves each service unless one is passed in.
    public init(
        dataService: (any DataService)? = nil,
        settings: (any SettingsService)? = nil
    ) {
        self.dataService = dataService ?? Container.dataService()
        self.settings = settings ?? Container.settingsService()
    }
}

extension Container {
    /// The bundle, built from the factories above.
    public static let serviceContainer = Factory { ServiceContainer() }
    /// The view-model factory over the bundle.
    public static let viewModelFactory = Factory { DefaultViewModelFactory(container: Container.serviceContainer()) }
}
