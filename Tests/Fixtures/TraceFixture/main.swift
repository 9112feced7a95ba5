import DependencyInjection
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
case "spans-cycle-crash":
    // Live spans to a tracer that prints each span as it ends; the cycle stops the process with spans open.
    PrintingTracer.bootstrap()
    TraceRecording.startSpans()
    _ = Container.service()
    print("resolving a cycle with spans on; this process is about to stop")
    _ = Container.loopA()
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
case "idle":
    // Records one resolution, then sleeps; prints the context switches of all threads while idle (Linux).
    _ = Container.service()
    TraceRecording.flush()
    let seconds = UInt32(CommandLine.arguments.dropFirst(2).first ?? "5") ?? 5
    usleep(200_000)
    let before = contextSwitches()
    sleep(seconds)
    let after = contextSwitches()
    print("context switches while idle: \(after - before)")
case "fork":
    // Resolves in the parent, forks, resolves in the child and in the parent: the child's events must not land
    // in the parent's trace.
    _ = Container.service()
    let child = fork()
    if child == 0 {
        for _ in 0..<5 { _ = Container.service() }
        exit(0)
    }
    print("child \(child)")
    fflush(nil)  // all streams, so the pid is out before waiting
    var status: Int32 = 0
    waitpid(child, &status, 0)
    _ = Container.service()
case "start":
    // Starts recording to the path given after the scenario and says whether that worked.
    let path = CommandLine.arguments.dropFirst(2).first ?? ""
    do {
        try TraceRecording.start(path: path)
        _ = Container.service()
        TraceRecording.stop()
        print("started")
    } catch {
        print("refused: \(error)")
    }
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

/// The voluntary and involuntary context switches of every thread of this process so far (0 off Linux).
func contextSwitches() -> Int {
    var total = 0
    let tasks = FileManagerLite.contents(of: "/proc/self/task")
    for task in tasks {
        guard let status = FileManagerLite.read("/proc/self/task/\(task)/status") else { continue }
        for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
            total += Int(line.split(separator: "\t").last.map(String.init) ?? "") ?? 0
        }
    }
    return total
}

/// Directory listing and file reading without Foundation.
enum FileManagerLite {
    static func contents(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, 4096) }
            if count <= 0 { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
