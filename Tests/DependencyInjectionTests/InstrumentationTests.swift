import DependencyInjection
import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport

extension Container {
    fileprivate static let leaf = Factory(name: "leaf") { Service("leaf") }
    fileprivate static let middle = Factory(name: "middle") { () -> Service in _ = Container.leaf(); return Service("middle") }
    fileprivate static let root = Factory(scope: .cached, name: "root") { () async -> Service in
        _ = Container.middle()
        return Service("root")
    }
    fileprivate static let loop: SyncThrowingFactory<Int> = Factory(name: "loop") { () throws -> Int in try Container.loop() }
    fileprivate static let counted = Factory(name: "counted") { 7 }
}

/// Decodes JSON Lines into dictionaries.
private func decodeLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

@Suite("Instrumentation", .serialized)
struct InstrumentationTests {
    @Test("a recording holds factories, the container, registrations and resolutions with their parent edges")
    func recordsEdges() async throws {
        TraceRecording.startInMemory()
        defer { TraceRecording.stop() }
        // The recording is process-wide: other suites resolve and register while it runs. The interference below
        // makes that certain, so this test must read only its own container's lines.
        let lines = try await whileAnotherTestContainerResolves {
            await withTestContainer {
                Container.leaf.useProduction()
                Container.middle.useProduction()
                Container.root.useProduction()
                _ = await Container.root()
                _ = await Container.root()
            }
            return try decodeLines(TraceRecording.snapshot())
        }
        let header = try #require(lines.first)
        #expect(header["format"] as? String == "di-trace")
        #expect(header["version"] as? Int == 1)
        let container = try ownTestContainer(in: lines, function: "recordsEdges()")
        let mine = lines.filter { $0["container"] as? Int == container }

        let factories = lines.filter { $0["event"] as? String == "factory" && ($0["file"] as? String)?.hasSuffix("InstrumentationTests.swift") == true }
        func factoryID(_ name: String) throws -> Int {
            try #require(factories.first { $0["name"] as? String == name }?["id"] as? Int)
        }
        let (leaf, middle, root) = (try factoryID("leaf"), try factoryID("middle"), try factoryID("root"))
        let rootFactory = try #require(factories.first { $0["id"] as? Int == root })
        #expect(rootFactory["type"] as? String == "Service")
        #expect(rootFactory["scope"] as? String == "cached")
        #expect(rootFactory["kind"] as? String == "async")
        #expect(rootFactory["module"] as? String == "DependencyInjectionTests")

        let resolutions = mine.filter { $0["event"] as? String == "resolution" }
        let rootResolutions = resolutions.filter { $0["factory"] as? Int == root }
        #expect(rootResolutions.map { $0["outcome"] as? String } .sorted { ($0 ?? "") < ($1 ?? "") } == ["cacheHit", "created"])
        let created = try #require(rootResolutions.first { $0["outcome"] as? String == "created" })
        let middleResolution = try #require(resolutions.first { $0["factory"] as? Int == middle })
        let leafResolution = try #require(resolutions.first { $0["factory"] as? Int == leaf })
        #expect(resolutions.count == 4)
        #expect(middleResolution["parent"] as? Int == created["id"] as? Int)
        #expect(leafResolution["parent"] as? Int == middleResolution["id"] as? Int)
        #expect(created["source"] as? String == "useProduction")
        #expect((created["ns"] as? Int ?? 0) >= (middleResolution["ns"] as? Int ?? 0))

        let registrations = mine.filter { $0["event"] as? String == "registration" }
        #expect(registrations.map { $0["action"] as? String } == ["useProduction", "useProduction", "useProduction"])
        #expect(lines.contains { $0["event"] as? String == "containerEnded" && $0["id"] as? Int == container })
    }

    @Test("a cycle is recorded as an issue with the path of factory ids")
    func recordsCycleIssue() async throws {
        TraceRecording.startInMemory()
        defer { TraceRecording.stop() }
        let lines = try await whileAnotherTestContainerResolves {
            withTestContainer {
                Container.loop.useProduction()
                _ = try? Container.loop()
            }
            return try decodeLines(TraceRecording.snapshot())
        }
        let container = try ownTestContainer(in: lines, function: "recordsCycleIssue()")
        let issues = lines.filter { $0["event"] as? String == "issue" && $0["container"] as? Int == container }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue["kind"] as? String == "cycle")
        let loopID = try #require(lines.first { $0["event"] as? String == "factory" && $0["name"] as? String == "loop" }?["id"] as? Int)
        #expect(issue["path"] as? [Int] == [loopID, loopID])
        #expect((issue["message"] as? String)?.contains("Dependency cycle") == true)
        #expect(issue["fatal"] as? Bool == true)
    }

    @Test("every line the runtime writes validates against docs/trace-format.schema.json")
    func schemaValidation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("di-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tracePath = directory.appendingPathComponent("trace.ditrace").path
        try TraceRecording.start(path: tracePath)
        withTestContainer {
            Container.leaf.register { Service("mock") }
            Container.middle.useProduction()
            _ = Container.middle()
            Container.leaf.popRegistration()
            Container.loop.useProduction()
            _ = try? Container.loop()
            withNestedContainer {
                Container.counted.register { 1 }
                _ = Container.counted()
            }
        }
        TraceRecording.stop()
        let schemaPath = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/trace-format.schema.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            kinds = set()
            for number, line in enumerate(open(sys.argv[2]), 1):
                value = json.loads(line)
                errors = list(validator.iter_errors(value))
                if errors:
                    print(f"line {number}: {errors[0].message}: {line}")
                    sys.exit(1)
                kinds.add(value.get("event", "header"))
            print(" ".join(sorted(kinds)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schemaPath, tracePath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "schema validation failed (needs python3 with jsonschema; `make test` installs it): \(output)")
        for kind in ["header", "factory", "container", "containerEnded", "registration", "resolution", "issue", "end"] {
            #expect(output.contains(kind), "no \(kind) line was written: \(output)")
        }
    }

    @Test("8 threads × 100,000 resolutions: every resolution is in the trace, no line is torn, memory stays bounded")
    func stress() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-stress-\(UUID().uuidString).ditrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rssBefore = residentMegabytes()
        try TraceRecording.start(path: path)
        withTestContainer {
            Container.counted.useProduction()
            let container = Container.current
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                withContainer(container) {
                    for _ in 0..<100_000 { _ = Container.counted() }
                }
            }
        }
        let rssPeakDuring = residentMegabytes()
        TraceRecording.stop()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var resolutions = 0
        var lines = 0
        var torn = 0
        var factoryID: Int?
        for line in data.split(separator: UInt8(ascii: "\n")) {
            lines += 1
            guard line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}") else { torn += 1; continue }
            if line.starts(with: Array(#"{"event":"factory""#.utf8)),
               let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
               object["name"] as? String == "counted" {
                factoryID = object["id"] as? Int
            }
        }
        let id = try #require(factoryID)
        let marker = Array(#","factory":\#(id),"#.utf8)
        // Each thread takes resolution ids in increasing order, so its lines must appear in that order too:
        // chunks of one thread are written in the order it recorded them.
        var lastID: [Int: Int] = [:]
        var outOfOrder = 0
        for line in data.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array(#"{"event":"resolution""#.utf8)) {
            if line.firstRange(of: marker) != nil { resolutions += 1 }
            let id = try #require(integer(after: #""id":"#, in: line))
            let thread = try #require(integer(after: #""thread":"#, in: line))
            if let last = lastID[thread], last >= id { outOfOrder += 1 }
            lastID[thread] = id
        }
        #expect(torn == 0)
        #expect(outOfOrder == 0)
        #expect(resolutions == 800_000)
        let end = try #require(JSONSerialization.jsonObject(with: Data(data.split(separator: UInt8(ascii: "\n")).last!)) as? [String: Any])
        #expect(end["event"] as? String == "end")
        #expect(end["events"] as? Int == lines - 2)
        #expect(rssPeakDuring - rssBefore < 400, "resident memory grew by \(rssPeakDuring - rssBefore) MB while recording")
    }
}

/// The id of the test container that `function` (a test of this file) created, from its `container` line.
private func ownTestContainer(in lines: [[String: Any]], function: String) throws -> Int {
    try #require(lines.first {
        $0["event"] as? String == "container" && $0["kind"] as? String == "test" && $0["function"] as? String == function
            && ($0["file"] as? String)?.hasSuffix("InstrumentationTests.swift") == true
    }?["id"] as? Int, "no test container created by \(function) in the trace")
}

/// Runs `body` while another thread keeps registering and resolving the same factories in test containers of its
/// own, as concurrently running suites do; returns once that thread has resolved at least once during `body`.
private func whileAnotherTestContainerResolves<T>(_ body: () async throws -> T) async rethrows -> T {
    let noise = BackgroundResolutions()
    noise.start()
    defer { noise.stop() }
    noise.waitForFirstRound()
    return try await body()
}

/// A thread that resolves this file's factories in test containers of its own until stopped.
private final class BackgroundResolutions: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let rounds = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    func start() {
        Thread.detachNewThread { [self] in
            while !stopped.load(ordering: .acquiring) {
                withTestContainer {
                    Container.leaf.useProduction()
                    Container.middle.register { Service("noise") }
                    _ = Container.middle()
                    Container.loop.useProduction()
                    _ = try? Container.loop()
                }
                rounds.add(1, ordering: .releasing)
            }
            finished.signal()
        }
    }

    func waitForFirstRound() {
        while rounds.load(ordering: .acquiring) == 0 { usleep(100) }
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        finished.wait()
    }
}

/// The decimal integer following `key` in a JSON line, read without decoding the line.
private func integer(after key: String, in line: Data.SubSequence) -> Int? {
    guard let range = line.firstRange(of: Array(key.utf8)) else { return nil }
    var value = 0
    var index = range.upperBound
    var digits = 0
    while index < line.endIndex, let digit = line[index].asciiDigit {
        value = value * 10 + digit
        index += 1
        digits += 1
    }
    return digits > 0 ? value : nil
}

extension UInt8 {
    fileprivate var asciiDigit: Int? { (48...57).contains(self) ? Int(self) - 48 : nil }
}

/// Resident set size of this process in megabytes (Linux), 0 elsewhere.
private func residentMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (Int(line.split(separator: " ")[1]) ?? 0) / 1024
    }
    return 0
}
