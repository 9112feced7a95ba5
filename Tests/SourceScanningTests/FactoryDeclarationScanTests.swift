import SourceScanning
import Testing
import TraceInspection

@Suite("Scanning factory declarations")
struct FactoryDeclarationScanTests {
    @Test("every declaration form gives its property, type, name, scope, kind and the runtime's file:line")
    func declarationForms() throws {
        let tree = SourceTree()
        tree.write(
            "Sources/App/Container+App.swift",
            """
            import DependencyInjection

            extension Container {
                static let clock: SyncFactory<any Clock> = Factory { SystemClock() }
                static let store = Factory(scope: .cached, name: "sqlite") { SQLiteStore() as any Store }
                static let config = Factory(scope: .shared) { try Config.load() }
                static let session = Factory { await Session.make() }
                static let database = Factory(scope: .cached) { () async throws -> Database in
                    try await Database.connect()
                }
                static let numbers = Factory(
                    scope: .unique
                ) {
                    let values = [1, 2]
                    return values as [Int]
                }
                static let caught = Factory {
                    do { try risky() } catch { }
                    Task { try await later() }
                    return 1
                }
            }
            """)
        let model = tree.scan().model
        #expect(
            model.factories.map { $0.property ?? "" } == [
                "Container.clock", "Container.store", "Container.config", "Container.session", "Container.database",
                "Container.numbers", "Container.caught",
            ])
        let clock = try #require(model.factory("Container.clock"))
        #expect(clock.type == "any Clock")
        #expect(clock.kind == .sync)
        #expect(clock.site == "App/Container+App.swift:4")
        #expect(clock.module == "App")
        let store = try #require(model.factory("Container.store"))
        #expect((store.type, store.name, store.scope) == ("any Store", "sqlite", .cached))
        let config = try #require(model.factory("Container.config"))
        #expect((config.type, config.scope, config.kind) == ("?", .shared, .syncThrowing))
        #expect(model.factory("Container.session")?.kind == .async)
        let database = try #require(model.factory("Container.database"))
        #expect((database.type, database.kind, database.line) == ("Database", .asyncThrowing, 8))
        let numbers = try #require(model.factory("Container.numbers"))
        #expect((numbers.type, numbers.line) == ("[Int]", 11), "#line of a multi-line call is the line of its `(`")
        let caught = try #require(model.factory("Container.caught"))
        #expect((caught.kind, caught.type) == (.sync, "Int"), "a catch-all do and a nested Task do not make it throw")
    }

    @Test("factories in several files and modules get ids in file and line order and edges across files")
    func severalFilesAndModules() throws {
        let tree = SourceTree()
        tree.write(
            "Sources/Core/Container+Core.swift",
            """
            extension Container {
                static let clock = Factory { SystemClock() as any Clock }
                static let backend = Factory(scope: .shared) { Backend() }
            }
            """)
        tree.write(
            "Sources/Feature/Container+Feature.swift",
            """
            extension Container {
                static let service = Factory(scope: .cached) {
                    let backend = try await Container.backend()
                    return Service(backend: backend, clock: Container.clock(), other: Self.helper())
                }
                static let helper = Factory { Helper(clock: clock()) }
            }
            """)
        let model = tree.scan().model
        #expect(model.factories.map(\.id) == [1, 2, 3, 4])
        #expect(model.factories.map(\.module) == ["Core", "Core", "Feature", "Feature"])
        #expect(
            model.dependencies(of: "Container.service") == ["Container.backend", "Container.clock", "Container.helper"])
        #expect(model.dependencies(of: "Container.helper") == ["Container.clock"])
        #expect(model.edges.allSatisfy { $0.via == .call })
    }

    @Test("injected properties of a type the resolver constructs are edges")
    func injectedProperties() throws {
        let tree = SourceTree()
        tree.write(
            "Sources/Chat/Chat.swift",
            """
            final class ChatViewModel {
                @ConstructorInjected(Container.renderer) var renderer: any Rendering
                @LazyInjected(Container.history) var history: Task<History, Never>
                @Injected(Container.clock) var clock: any Clock
                init(summarizer: any Summarizing) {}
            }
            extension Container {
                static let renderer = Factory { PlainRenderer() as any Rendering }
                static let history = Factory(scope: .cached) { await History.restore() }
                static let clock = Factory { SystemClock() as any Clock }
                static let summarizer = Factory { Summarizer() }
                static let chat = Factory { ChatViewModel(summarizer: Container.summarizer()) }
            }
            """)
        let model = tree.scan().model
        #expect(
            model.dependencies(of: "Container.chat") == [
                "Container.clock", "Container.history", "Container.renderer", "Container.summarizer",
            ])
        let chat = try #require(model.factory("Container.chat"))
        let vias = model.edges.filter { $0.from == chat.id }.map(\.via)
        #expect(vias.filter { $0 == .injected }.count == 3)
        #expect(chat.type == "ChatViewModel")
    }
}
