import Dependencies
import DependencyInjection
import Foundation
import InspectorKit
import Swinject

// Usage: DIBenchmarks [--json FILE] [--quick] [--skip-inspector]
let arguments = CommandLine.arguments
let jsonPath = arguments.firstIndex(of: "--json").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let quick = arguments.contains("--quick")
let oursOnly = arguments.contains("--ours-only")
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
func record(_ library: String, _ scenario: String, _ nanoseconds: Double) {
    results.append(Measurement(library: library, scenario: scenario, nanosecondsPerOperation: nanoseconds))
}

// MARK: Resolution, default container, no recording

typealias DI = DependencyInjection.Container

record("hand-written", "unique", Measure.perOperation(iterations: iterations) { blackHole(handWrittenClosure()) })
record("hand-written", "cached", Measure.perOperation(iterations: iterations) { blackHole(handWrittenLazyGlobal) })
record("hand-written", "chain of 3", Measure.perOperation(iterations: iterations) { blackHole(handWrittenChain()) })

record("DependencyInjection", "unique", Measure.perOperation(iterations: iterations) { blackHole(DI.uniqueService()) })
record("DependencyInjection", "cached", Measure.perOperation(iterations: iterations) { blackHole(DI.cachedService()) })
record("DependencyInjection", "chain of 3", Measure.perOperation(iterations: iterations) { blackHole(DI.chainA()) })

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

let twoThreadIterations = iterations
record("hand-written", "cached, 2 threads", Measure.perOperationConcurrently(threads: 2, iterations: twoThreadIterations) { blackHole(handWrittenLazyGlobal) })
record("DependencyInjection", "cached, 2 threads", Measure.perOperationConcurrently(threads: 2, iterations: twoThreadIterations) { blackHole(DI.cachedService()) })
nonisolated(unsafe) let sharedSwinject = swinjectSynchronized
if !oursOnly {
record("Swinject", "cached, 2 threads", Measure.perOperationConcurrently(threads: 2, iterations: swinjectIterations) { blackHole(sharedSwinject.resolve(Service.self, name: "cached")!) })
record("swift-dependencies", "cached, 2 threads", Measure.perOperationConcurrently(threads: 2, iterations: swinjectIterations) { blackHole(SwiftDependenciesClient().cached) })
}
// The same cached path for a value type: no reference count to share, so it shows how the path itself scales.
record("DependencyInjection", "cached value type", Measure.perOperation(iterations: iterations) { blackHole(DI.cachedValue()) })
record("DependencyInjection", "cached value type, 2 threads", Measure.perOperationConcurrently(threads: 2, iterations: twoThreadIterations) { blackHole(DI.cachedValue()) })

// MARK: Inside a test container and a nested container

withTestContainer {
    DI.uniqueService.useProduction()
    DI.cachedService.useProduction()
    DI.chainA.useProduction()
    DI.chainB.useProduction()
    DI.chainC.useProduction()
    record("DependencyInjection", "unique, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.uniqueService()) })
    record("DependencyInjection", "cached, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.cachedService()) })
    record("DependencyInjection", "chain of 3, test container", Measure.perOperation(iterations: iterations / 4) { blackHole(DI.chainA()) })
    let container = DI.current
    record("DependencyInjection", "cached, 2 threads, test container", Measure.perOperationConcurrently(threads: 2, iterations: iterations / 4) {
        withContainer(container) { blackHole(DI.cachedService()) }
    })
}

// MARK: Recording on

let tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("di-bench-\(getpid()).ditrace").path
try TraceRecording.start(path: tracePath)
record("DependencyInjection", "unique, recording", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.uniqueService()) })
record("DependencyInjection", "cached, recording", Measure.perOperation(iterations: iterations / 4, rounds: 3) { blackHole(DI.cachedService()) })
record("DependencyInjection", "cached, 2 threads, recording", Measure.perOperationConcurrently(threads: 2, iterations: iterations / 4, rounds: 3) { blackHole(DI.cachedService()) })
TraceRecording.stop()
try? FileManager.default.removeItem(atPath: tracePath)

// MARK: di-inspect

var inspector: [String: Double] = [:]
if !arguments.contains("--skip-inspector") && !oursOnly {
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
