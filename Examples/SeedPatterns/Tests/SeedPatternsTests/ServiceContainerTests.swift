import DependencyInjection
import DependencyInjectionTesting
import ServiceContainerPattern
import Testing

struct MockDataService: DataService {
    var items: [String] = []
    var error: (any Error)? = nil
    func fetch() async throws -> [String] {
        if let error { throw error }
        return items
    }
}

struct MockSettings: SettingsService {
    var username = "test-user"
}

@Suite(.testContainer)
@MainActor
struct ServiceContainerTests {
    @Test("constructor injection still works without any container")
    func plainConstructorInjection() async {
        let model = HomeViewModel(dataService: MockDataService(items: ["a", "b"]), username: "sam")
        await model.load()
        #expect(model.title == "Hello, sam")
        #expect(model.items == ["a", "b"])
    }

    @Test("the view-model factory resolves services at the edge and passes them into init")
    func factoryUsesRegisteredServices() async {
        Container.dataService.register { MockDataService(items: ["mocked"]) }
        Container.settingsService.register { MockSettings() }
        Container.serviceContainer.useProduction()
        Container.viewModelFactory.useProduction()

        let model = Container.viewModelFactory().makeHomeViewModel()
        await model.load()

        #expect(model.title == "Hello, test-user")
        #expect(model.items == ["mocked"])
    }

    @Test("a service container built by hand still overrides one service")
    func handBuiltContainer() async {
        struct Offline: Error {}
        Container.settingsService.register { MockSettings(username: "kim") }

        let services = ServiceContainer(dataService: MockDataService(error: Offline()))
        let model = DefaultViewModelFactory(container: services).makeHomeViewModel()
        await model.load()

        #expect(model.title == "Hello, kim")
        #expect(model.items == ["Could not load: Offline()"])
    }
}
