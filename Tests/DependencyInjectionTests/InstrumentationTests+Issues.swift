import DependencyInjection
import Foundation
import Testing
import TestSupport

private struct Failure: Error {}
private let slowCreation = Gate()

extension Container {
    fileprivate static let lateGreeting = Factory(name: "lateGreeting") { "production" }
    fileprivate static let failingAsync = Factory(name: "failingAsync") { () async throws -> String in "production" }
    fileprivate static let failingOnLeak = Factory(name: "failingOnLeak") { () throws -> String in throw Failure() }
    fileprivate static let slowCached = Factory(scope: .cached, name: "slowCached") { () async -> String in
        await slowCreation.wait()
        return "slow"
    }
    fileprivate static let leakyAsync = Factory(name: "leakyAsync") { () async throws -> String in "production" }
}

private func decodeLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

/// The id of the test container `function` of this file created in the trace.
private func testContainer(in lines: [[String: Any]], function: String) throws -> Int {
    try #require(lines.first {
        $0["event"] as? String == "container" && $0["kind"] as? String == "test" && $0["function"] as? String == function
            && ($0["file"] as? String)?.hasSuffix("InstrumentationTests+Issues.swift") == true
    }?["id"] as? Int, "no test container created by \(function) in the trace")
}

/// A leak behaviour that suspends (and so may continue on another thread) before the built-in best effort.
private struct HopThenBestEffort: LeakedResolutionBehavior {
    func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D> {
        .useProductionValue
    }
    func onLeak<D>(factory: SyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) throws -> LeakedResolutionStrategy<D> {
        .useProductionValue
    }
    func onLeak<D>(factory: AsyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async -> LeakedResolutionStrategy<D> {
        .useProductionValue
    }
    func onLeak<D>(factory: AsyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async throws -> LeakedResolutionStrategy<D> {
        for _ in 0..<20 { await Task.yield() }
        try await Task.sleep(for: .milliseconds(1))
        return try await BestEffortLeakedResolutionBehavior().onLeak(
            factory: factory, testContainerFile: testContainerFile, testContainerLine: testContainerLine,
            testContainerFunction: testContainerFunction)
    }
}

extension InstrumentationTests {
    @Test("a factory registered in a test container and resolved after the test ended gets the double and is recorded as late")
    func lateResolution() async throws {
        TraceRecording.startInMemory()
        defer { TraceRecording.stop() }
        let gate = Gate()
        let task = withTestContainer { () -> Task<String, Never> in
            Container.lateGreeting.register { "double" }
            return Task {
                await gate.wait()
                return Container.lateGreeting()
            }
        }
        gate.open()
        #expect(await task.value == "double")
        let lines = try decodeLines(TraceRecording.snapshot())
        let container = try testContainer(in: lines, function: "lateResolution()")
        let late = lines.filter { $0["event"] as? String == "issue" && $0["container"] as? Int == container }
        #expect(late.map { $0["kind"] as? String } == ["late"])
        let issue = try #require(late.first)
        #expect((issue["file"] as? String)?.hasSuffix("InstrumentationTests+Issues.swift") == true)
        #expect((issue["line"] as? Int ?? 0) > 0)
        #expect(issue["afterEndNs"] is Int)
        #expect((issue["message"] as? String)?.contains("Late resolution: lateGreeting") == true)
        #expect(issue["fatal"] as? Bool == false)
    }

    @Test("a failed resolution records the binding it used: an override on the async path, the leak fallback on the miss path")
    func failedResolutionSource() async throws {
        TraceRecording.startInMemory()
        defer { TraceRecording.stop() }
        let gate = Gate()
        let leaking = await withTestContainer(leakedResolutionBehavior: HopThenBestEffort()) { () -> Task<Void, Never> in
            Container.failingAsync.register { throw Failure() }
            _ = try? await Container.failingAsync()
            return Task {
                await gate.wait()
                _ = try? Container.failingOnLeak()
            }
        }
        gate.open()
        await leaking.value
        let lines = try decodeLines(TraceRecording.snapshot())
        let container = try testContainer(in: lines, function: "failedResolutionSource()")
        let failed = lines.filter {
            $0["event"] as? String == "resolution" && $0["container"] as? Int == container && $0["outcome"] as? String == "failed"
        }
        #expect(Set(failed.compactMap { $0["source"] as? String }) == ["override", "leaked"], "\(failed)")
    }

    @Test("a wait for another task's creation past the threshold is recorded as stalled, naming both resolutions, and goes on")
    func stalledWait() async throws {
        TraceRecording.startInMemory()
        defer { TraceRecording.stop() }
        let previous = Container.stalledCreationWarningAfter
        Container.stalledCreationWarningAfter = .milliseconds(50)
        defer { Container.stalledCreationWarningAfter = previous }
        let values = try await withTestContainer {
            Container.slowCached.useProduction()
            async let first = Container.slowCached()
            try await Task.sleep(for: .milliseconds(20))
            async let second = Container.slowCached()
            try await Task.sleep(for: .milliseconds(300))
            slowCreation.open()
            return await [first, second]
        }
        #expect(values == ["slow", "slow"])
        let lines = try decodeLines(TraceRecording.snapshot())
        let container = try testContainer(in: lines, function: "stalledWait()")
        let stalled = lines.filter {
            $0["event"] as? String == "issue" && $0["container"] as? Int == container && $0["kind"] as? String == "stalled"
        }
        #expect(stalled.count == 1)
        let message = try #require(stalled.first?["message"] as? String)
        #expect(message.contains("Waiting (outermost first)"))
        #expect(message.contains("Creating, in another task"))
        #expect(message.contains("slowCached"))
    }

    @Test("a leak's message names the resolution's call site even when the behaviour resumes on another thread")
    func leakCallSiteAfterSuspension() async throws {
        let gate = Gate()
        let leaking = withTestContainer(leakedResolutionBehavior: HopThenBestEffort()) { () -> Task<(any Error)?, Never> in
            Task {
                await gate.wait()
                do {
                    _ = try await Container.leakyAsync()
                    return nil
                } catch {
                    return error
                }
            }
        }
        gate.open()
        let error = try #require(await leaking.value as? DependencyResolutionError)
        #expect(error.kind == .leaked)
        #expect(error.message.contains("Called from DependencyInjectionTests/InstrumentationTests+Issues.swift:"), "\(error.message)")
    }
}
