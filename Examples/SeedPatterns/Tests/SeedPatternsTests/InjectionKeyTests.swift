import DependencyInjection
import DependencyInjectionTesting
import InjectionKeyPattern
import Testing

struct StubRepository: ItemRepositoryProtocol {
    var items: [Item]
    func fetchItems() async throws -> [Item] { items }
}

// Was `InjectedValues[\.itemRepository] = Mock…` plus a reset in tearDown; now each test has its own container.
@Suite(.testContainer)
@MainActor
struct InjectionKeyTests {
    @Test("@Injected resolves the repository registered in the test's container")
    func injectedRepository() async {
        let log = AnalyticsLog()
        Container.itemRepository.register { StubRepository(items: [Item(name: "tea")]) }
        Container.analytics.register { .recording(into: log) }

        let model = ItemListViewModel()
        await model.load()

        #expect(model.items == [Item(name: "tea")])
        #expect(log.entries == ["screen items", "event items_loaded"])
    }

    @Test("closure-based services: the .mock value is registered like any other")
    func mockValue() async {
        Container.analytics.register { .mock }
        Container.itemRepository.useProduction()
        Container.httpClient.useProduction()

        let model = ItemListViewModel()
        await model.load()

        #expect(model.items.map(\.name) == ["milk", "eggs"])
    }
}
