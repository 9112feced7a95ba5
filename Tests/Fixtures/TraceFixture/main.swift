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

// Two versions of one small app, for `di-inspect diff`: the same declarations, used differently.
// "app-v2" changes a scope, adds a dependency and a factory, drops one, resolves more often, is slower in one
// resolver, and replaces a test registration by a test default.
enum AppVersion { static let isV2 = CommandLine.arguments.dropFirst().first == "app-v2" }
struct Settings: Sendable { let verbose = false }
struct Network: Sendable { let settings: Settings }
struct Logger: Sendable {}
struct Legacy: Sendable {}
struct Analytics: Sendable {}

/// Busy-waits, so the resolver's own time (not its dependencies') grows.
func spin(milliseconds: Int) {
    let end = ContinuousClock.now + .milliseconds(milliseconds)
    while ContinuousClock.now < end {}
}

extension Container {
    static let settings = Factory(scope: AppVersion.isV2 ? .unique : .cached) { Settings() }
    static let network = Factory { () -> Network in
        if AppVersion.isV2 { _ = Container.logger() }
        return Network(settings: Container.settings())
    }
    static let logger = Factory(scope: .cached) { Logger() }
    static let legacy = Factory { Legacy() }
    static let analytics = Factory { () -> Analytics in
        spin(milliseconds: AppVersion.isV2 ? 3 : 0)
        return Analytics()
    }
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
case "app-v1":
    for _ in 0..<3 { _ = Container.network() }
    _ = Container.legacy()
    for _ in 0..<10 { _ = Container.analytics() }
    withTestContainer {
        Container.clock.register { FixedClock() }
        _ = Container.clock()
    }
case "app-v2":
    for _ in 0..<10 { _ = Container.network() }
    for _ in 0..<10 { _ = Container.analytics() }
    withTestContainer(defaults: TestDefaults { TestDefault { Container.clock.testValue { FixedClock() } } }) {
        _ = Container.clock()
    }
default:
    print("unknown scenario \(scenario)")
}
