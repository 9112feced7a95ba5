import Dependencies
import DependencyInjection
import Foundation
import InspectorKit
import Swinject
import Tracing

// Usage: DIBenchmarks [--json FILE] [--quick] [--ours-only] [--skip-inspector] [--only "LIBRARY SCENARIO"]
let arguments = CommandLine.arguments
let jsonPath = arguments.firstIndex(of: "--json").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let quick = arguments.contains("--quick")
let oursOnly = arguments.contains("--ours-only")
/// `--only "LIBRARY SCENARIO"` runs only that case (for profiling), e.g. `--only "DependencyInjection unique"`;
/// several cases are separated by `|`.
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let iterations = quick ? 200_000 : 2_000_000
var results: [Measurement] = []

if arguments.contains("--profile-recording") {
    try TraceRecording.start(path: "/tmp/di-profile.ditrace")
    for _ in 0..<100_000 { blackHole(DependencyInjection.Container.cachedService()) }
    TraceRecording.stop()
    exit(0)
}
if arguments.contains("--profile-unique") {
    for _ in 0..<200_000 { blackHole(DependencyInjection.Container.uniqueService()) }
    exit(0)
}
if arguments.contains("--profile-test-container") {
    withTestContainer {
        DependencyInjection.Container.cachedService.useProduction()
        for _ in 0..<20_000 { blackHole(DependencyInjection.Container.cachedService()) }
    }
    exit(0)
}

@MainActor
func record(_ library: String, _ scenario: String, _ nanoseconds: @autoclosure () -> Double) {
    if let only, !only.split(separator: "|").contains(Substring("\(library) \(scenario)")) { return }
    let nanoseconds = nanoseconds()
    results.append(Measurement(library: library, scenario: scenario, nanosecondsPerOperation: nanoseconds))
}

// MARK: Resolution, default container, no recording

typealias DI = DependencyInjection.Container

/// Records cases measured side by side, round for round (`Measure.sideBySide`): each library case with its
/// hand-written baseline, so that both are timed in the same state of the machine.
@MainActor
func recordSideBySide(_ cases: [(library: String, scenario: String, round: () -> Double)]) {
    let selected = cases.filter { entry in
        only.map { $0.split(separator: "|").contains(Substring("\(entry.library) \(entry.scenario)")) } ?? true
    }
    let times = Measure.sideBySide(selected.map(\.round))
    for (entry, nanoseconds) in zip(selected, times) {
        results.append(Measurement(library: entry.library, scenario: entry.scenario, nanosecondsPerOperation: nanoseconds))
    }
}

recordSideBySide([
    ("hand-written", "unique", { Measure.round(iterations: iterations) { blackHole(handWrittenClosure()) } }),
    ("DependencyInjection", "unique", { Measure.round(iterations: iterations) { blackHole(DI.uniqueService()) } }),
])
recordSideBySide([
    ("hand-written", "cached", { Measure.round(iterations: iterations) { blackHole(handWrittenLazyGlobal) } }),
    ("hand-written", "cached, retained", { Measure.round(iterations: iterations) { useHandWrittenInstanceRetained() } }),
    ("DependencyInjection", "cached", { Measure.round(iterations: iterations) { blackHole(DI.cachedService()) } }),
])
recordSideBySide([
    ("hand-written", "chain of 3", { Measure.round(iterations: iterations) { blackHole(handWrittenChain()) } }),
    ("DependencyInjection", "chain of 3", { Measure.round(iterations: iterations) { blackHole(DI.chainA()) } }),
])

// Changing registrations: a registration replaces the slot's snapshot, and one that clears a cached instance
// waits until no read can still be using the old snapshot before freeing it (membarrier(2) and a scan).
record("DependencyInjection", "register + resolve + pop", Measure.perOperation(iterations: iterations / 100) {
    DI.cachedValue.register { 7 }
    blackHole(DI.cachedValue())
    DI.cachedValue.popRegistration()
})

let swinjectIterations = iterations / 10
if !oursOnly {
record("Swinject", "unique", Measure.perOperation(iterations: swinjectIterations) { blackHole(swinject.resolve(Service.self, name: "unique")!) })
record("Swinject", "cached", Measure.perOperation(iterations: swinjectIterations) { blackHole(swinject.resolve(Service.self, name: "cached")!) })
record("Swinject", "chain of 3", Measure.perOperation(iterations: swinjectIterations) { blackHole(swinject.resolve(ChainA.self)!) })

let client = SwiftDependenciesClient()
record("swift-dependencies", "unique", Measure.perOperation(iterations: swinjectIterations) { blackHole(client.maker.make()) })
record("swift-dependencies", "cached", Measure.perOperation(iterations: swinjectIterations) { blackHole(client.cached) })
record("swift-dependencies", "chain of 3", Measure.perOperation(iterations: swinjectIterations) { blackHole(client.chain.make()) })
}

// MARK: Two threads, cached

/// Records `scenario` on one thread and on two threads at once, both through the same thread harness, so
/// that the scaling ratio compares like with like.
@MainActor
func recordThreads(
    _ library: String, _ scenario: String, iterations: Int, rounds: Int = 5, minimumOverlap: Double = 0.9,
    eachRound: (_ round: () -> Void) -> Void = { $0() },
    around: @escaping @Sendable (_ loop: () -> Void) -> Void = { $0() },
    _ body: @escaping @Sendable () -> Void
) {
    for threads in [1, 2] {
        record(library, "\(scenario), \(threads == 1 ? "1 thread" : "2 threads")", Measure.perOperationConcurrently(
            threads: threads, iterations: iterations, rounds: rounds, minimumOverlap: minimumOverlap,
            eachRound: eachRound, around: around, body
        ))
    }
}

let twoThreadIterations = iterations
recordThreads("hand-written", "cached", iterations: twoThreadIterations) { blackHole(handWrittenLazyGlobal) }
recordThreads("hand-written", "cached, retained", iterations: twoThreadIterations) { useHandWrittenInstanceRetained() }
recordThreads("DependencyInjection", "cached", iterations: twoThreadIterations) { blackHole(DI.cachedService()) }
nonisolated(unsafe) let sharedSwinject = swinjectSynchronized
if !oursOnly {
    recordThreads("Swinject", "cached", iterations: swinjectIterations) { blackHole(sharedSwinject.resolve(Service.self, name: "cached")!) }
    recordThreads("swift-dependencies", "cached", iterations: swinjectIterations) { blackHole(SwiftDependenciesClient().cached) }
}
// The same cached path for a value type: no reference count to share, so it shows how the path itself scales.
record("DependencyInjection", "cached value type", Measure.perOperation(iterations: iterations) { blackHole(DI.cachedValue()) })
recordThreads("DependencyInjection", "cached value type", iterations: twoThreadIterations) { blackHole(DI.cachedValue()) }

// MARK: Inside a test container and a nested container

withTestContainer {
    DI.uniqueService.useProduction()
    DI.cachedService.useProduction()
    DI.cachedValue.useProduction()
    DI.chainA.useProduction()
    DI.chainB.useProduction()
    DI.chainC.useProduction()
    record("DependencyInjection", "unique, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.uniqueService()) })
    record("DependencyInjection", "cached, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.cachedService()) })
    record("DependencyInjection", "chain of 3, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.chainA()) })
    let container = DI.current
    // Each thread enters the test container once (as a child task would inherit it), then resolves in a loop.
    let enter: @Sendable (() -> Void) -> Void = { loop in withContainer(container, operation: loop) }
    recordThreads("DependencyInjection", "cached, test container", iterations: iterations / 4, around: enter) { blackHole(DI.cachedService()) }
    record("DependencyInjection", "cached value type, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.cachedValue()) })
    recordThreads("DependencyInjection", "cached value type, test container", iterations: iterations / 4, around: enter) { blackHole(DI.cachedValue()) }
}

// MARK: Recording on

/// Runs `body` while recording to a new trace file, then deletes it. By default the file is in /dev/shm (a
/// memory-backed file system) so the figure is the library's own cost; once the kernel holds a few hundred
/// megabytes of unwritten trace, writing to disk adds the disk's own throttling on top.
func whileRecording(onDisk: Bool = false, _ body: () throws -> Void) throws {
    let directory = !onDisk && FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
    let path = "\(directory)/di-bench-\(getpid()).ditrace"
    try TraceRecording.start(path: path)
    defer {
        TraceRecording.stop()
        try? FileManager.default.removeItem(atPath: path)
    }
    try body()
}

try whileRecording { record("DependencyInjection", "unique, recording", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.uniqueService()) }) }
try whileRecording { record("DependencyInjection", "cached, recording", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.cachedService()) }) }
// Each round records into a fresh file: one file for every round would grow to gigabytes in /dev/shm and make
// later rounds slower. The trace writer is a third busy thread on two cores, so the two recording threads
// cannot stay level: a round counts if their loops overlap by half (the slowest thread's time is reported).
func eachRoundRecording(_ round: () -> Void) { try! whileRecording { round() } }
recordThreads("DependencyInjection", "unique, recording", iterations: iterations / 4, rounds: 3, minimumOverlap: 0.5, eachRound: eachRoundRecording) { blackHole(DI.uniqueService()) }
recordThreads("DependencyInjection", "cached, recording", iterations: iterations / 4, rounds: 3, minimumOverlap: 0.5, eachRound: eachRoundRecording) { blackHole(DI.cachedService()) }
try whileRecording(onDisk: true) { record("DependencyInjection", "unique, recording to a file on disk", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.uniqueService()) }) }

// MARK: Live spans on

/// Runs `body` with live resolution spans on and no trace file, the spans going to swift-distributed-tracing's
/// no-op tracer: the figure is the runtime's own cost per span. `tracer: nil` is the app that bootstrapped no
/// tracer (the runtime looks `InstrumentationSystem.tracer` up for each span until one is bootstrapped).
func whileStartingSpans(
    minimumDuration: Duration = .zero, includingCacheHits: Bool = false, tracer: (any Tracer)? = NoOpTracer(), _ body: () -> Void
) {
    TraceRecording.startSpans(minimumDuration: minimumDuration, includingCacheHits: includingCacheHits, tracer: tracer)
    defer { TraceRecording.stopSpans() }
    body()
}

whileStartingSpans { record("DependencyInjection", "unique, spans (no-op tracer)", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.uniqueService()) }) }
whileStartingSpans(includingCacheHits: true) { record("DependencyInjection", "cached, spans for cache hits (no-op tracer)", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.cachedService()) }) }
whileStartingSpans(minimumDuration: .milliseconds(1)) { record("DependencyInjection", "unique, spans above 1 ms (none made)", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.uniqueService()) }) }
whileStartingSpans(tracer: nil) { record("DependencyInjection", "unique, spans, no tracer bootstrapped", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.uniqueService()) }) }

// MARK: di-inspect

var inspector: [String: Double] = [:]
if !arguments.contains("--skip-inspector") && !oursOnly && only == nil {
    let resolutions = quick ? 100_000 : 1_000_000
    let data = SyntheticTrace.generate(factories: 500, edges: 2_000, resolutions: resolutions)
    let syntheticPath = FileManager.default.temporaryDirectory.appendingPathComponent("di-bench-synthetic-\(getpid()).ditrace").path
    try data.write(to: URL(fileURLWithPath: syntheticPath))
    defer { try? FileManager.default.removeItem(atPath: syntheticPath) }
    inspector["read+analyse+check \(resolutions) resolutions (s)"] = try Measure.seconds {
        let trace = try TraceReader.read(path: syntheticPath).trace
        let analysis = TraceAnalysis(trace: trace)
        blackHole(TraceChecker.check(analysis))
    }
    let analysis = TraceAnalysis(trace: try TraceReader.read(path: syntheticPath).trace)
    var svgOptions = GraphOptions()
    svgOptions.format = .svg
    svgOptions.clustering = .none
    svgOptions.collapse = .none  // every factory, as before --collapse existed
    inspector["graph 500 factories / 2000 edges to SVG, dot layout (s)"] = try Measure.seconds(rounds: 1) {
        blackHole(try renderGraph(analysis, options: svgOptions))
    }
    var dotOptions = svgOptions
    dotOptions.format = .dot
    let dotText = try renderGraph(analysis, options: dotOptions)
    let dotPath = syntheticPath + ".dot"
    try dotText.write(to: URL(fileURLWithPath: dotPath))
    defer { try? FileManager.default.removeItem(atPath: dotPath) }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") {
        inspector["Graphviz's own `dot -Tsvg` on the same DOT (s)"] = try Measure.seconds(rounds: 1) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
            process.arguments = ["-Tsvg", "-o", "/dev/null", dotPath]
            try process.run()
            process.waitUntilExit()
        }
    }
}

// MARK: Report

let ours = Dictionary(results.filter { $0.library == "DependencyInjection" }.map { ($0.scenario, $0.nanosecondsPerOperation) }, uniquingKeysWith: { a, _ in a })
func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
print(pad("library", 22) + pad("scenario", 38) + pad("ns/op", 12) + "× ours")
for result in results {
    let ratio = ours[result.scenario].map { String(format: "%.1f×", result.nanosecondsPerOperation / $0) } ?? "—"
    print(pad(result.library, 22) + pad(result.scenario, 38) + pad(String(format: "%.1f", result.nanosecondsPerOperation), 12) + ratio)
}
@MainActor func figure(_ library: String, _ scenario: String) -> Double? {
    results.first { $0.library == library && $0.scenario == scenario }?.nanosecondsPerOperation
}
if let closure = figure("hand-written", "unique"), let unique = figure("DependencyInjection", "unique") {
    print("")
    print(String(format: "unique above the hand-written closure (measured side by side): %.1f ns", unique - closure))
}
print("")
print("Scaling (per operation per thread, two threads at once ÷ one thread, same harness):")
for result in results where result.scenario.hasSuffix(", 2 threads") {
    let single = result.scenario.replacingOccurrences(of: ", 2 threads", with: ", 1 thread")
    guard let one = results.first(where: { $0.library == result.library && $0.scenario == single }) else { continue }
    print(pad(result.library, 22) + pad(result.scenario.replacingOccurrences(of: ", 2 threads", with: ""), 38)
        + String(format: "%.1f → %.1f ns   %.2f×", one.nanosecondsPerOperation, result.nanosecondsPerOperation, result.nanosecondsPerOperation / one.nanosecondsPerOperation))
}
for (name, seconds) in inspector.sorted(by: { $0.key < $1.key }) {
    print(pad("di-inspect", 22) + pad(name, 60) + String(format: "%.2f s", seconds))
}

if let jsonPath {
    struct Report: Codable { let resolution: [Measurement]; let inspectorSeconds: [String: Double] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(Report(resolution: results, inspectorSeconds: inspector)).write(to: URL(fileURLWithPath: jsonPath))
    print("wrote \(jsonPath)")
}
