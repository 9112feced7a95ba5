import DependencyInjection

// A small program the end-to-end tests run with DI_INSPECT_TRACE set. The first argument picks a scenario.

protocol Clock: Sendable { var now: Int { get } }
struct FixedClock: Clock { let now = 42 }
final class Repository: Sendable { let clock: any Clock; init(clock: any Clock) { self.clock = clock } }
final class Service: Sendable { let repository: Repository; init(repository: Repository) { self.repository = repository } }

extension Container {
    static let clock = Factory(scope: .cached, name: "clock") { FixedClock() as any Clock }
    static let repository = Factory(scope: .cached) { Repository(clock: Container.clock()) }
    static let service = Factory { Service(repository: Container.repository()) }
    static let report = Factory { () async throws -> String in
        let service = Container.service()
        return "report at \(service.repository.clock.now)"
    }
    static let loopA: SyncFactory<Int> = Factory(name: "loopA") { Container.loopB() + 1 }
    static let loopB: SyncFactory<Int> = Factory(name: "loopB") { Container.loopA() + 1 }
}

let scenario = CommandLine.arguments.dropFirst().first ?? "clean"
switch scenario {
case "clean":
    for _ in 0..<3 { _ = Container.service() }
    print(try await Container.report())
case "cycle-crash":
    _ = Container.service()
    print("resolving a cycle; this process is about to stop")
    _ = Container.loopA()
case "unregistered-crash":
    _ = Container.service()
    withTestContainer {
        Container.clock.register { FixedClock() }
        _ = Container.service()
    }
case "stale":
    _ = Container.repository()
    Container.clock.register { FixedClock() }
    _ = Container.repository()
default:
    print("unknown scenario \(scenario)")
}
