import DependencyInjection
import Foundation

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
    // Captive dependencies: a cached model keeps the shared tokenizer it resolved while being created.
    static let tokenizer = Factory(scope: .shared) { Tokenizer() }
    static let model = Factory(scope: .cached) { Model(tokenizer: Container.tokenizer()) }
    // A cached holder in the default container that resolves its token in a test container.
    static let sessionToken = Factory { "production-token" }
    static let tokenHolder = Factory(scope: .cached) {
        TokenHolder(token: withContainer(CapturedTest.container ?? .default) { Container.sessionToken() })
    }
    // A dependency only a helper function shows (the scan cannot follow it).
    static let reporter = Factory { makeReport() }
    // Main-thread blocking: a synchronous resolver that takes 40 ms.
    static let layout = Factory { () -> Int in
        Thread.sleep(forTimeInterval: 0.04)
        return 1
    }
}

func makeReport() -> String { "clock at \(Container.clock().now)" }

extension TestDefaults {
    static let fixtureDefaults = TestDefaults {
        TestDefault { Container.repository.testValue { Repository(clock: FixedClock()) } }
    }
}

final class Tokenizer: Sendable {}
final class Model: Sendable { let tokenizer: Tokenizer; init(tokenizer: Tokenizer) { self.tokenizer = tokenizer } }
final class TokenHolder: Sendable { let token: String; init(token: String) { self.token = token } }
enum CapturedTest {
    // Written once by the main thread before the resolution that reads it.
    nonisolated(unsafe) static var container: Container?
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
case "captive":
    _ = Container.model()
    withTestContainer {
        Container.sessionToken.register { "test-token" }
        CapturedTest.container = Container.current
        withContainer(Container.default) { _ = Container.tokenHolder() }
    }
case "main-thread":
    _ = Container.layout()
    let background = Thread { _ = Container.layout() }
    background.start()
    while !background.isFinished { usleep(10_000) }
case "verify":
    _ = Container.reporter()
    withTestContainer(defaults: .fixtureDefaults) {
        Container.service.useProduction()
        _ = Container.service()
    }
    if CommandLine.arguments.count > 2 {
        // Never run by the tests: `check --scan` reports that `repository` is not registered here.
        withTestContainer {
            Container.service.useProduction()
            _ = Container.service()
        }
    }
default:
    print("unknown scenario \(scenario)")
}
