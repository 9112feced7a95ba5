import DependencyInjection
import Foundation
import Testing
import TestSupport

extension Container {
    fileprivate static let plain = Factory { "production" }
    fileprivate static let plainThrowing = Factory { () throws -> String in "production" }
}

/// Runs `body` while a test container is active in another task (as a concurrently running test's would be).
private func whileAnotherTestRuns<T>(_ body: () async throws -> T) async rethrows -> T {
    let entered = Gate()
    let release = Gate()
    let test = Task {
        await withTestContainer {
            entered.open()
            await release.wait()
        }
    }
    await entered.wait()
    defer { release.open() }
    let result = try await body()
    release.open()
    await test.value
    return result
}

@Suite("Escapes")
struct EscapeTests {
    @Test("a nested container resolves through to the default container while another task's test container is active")
    func nestedIsAContext() async {
        // Before: the process stopped with "Escaped resolution" although this task never entered a test container.
        let values = await whileAnotherTestRuns {
            let nested = withNestedContainer { Container.plain() }
            let asyncNested = await withNestedContainer { () async in Container.plain() }
            let bound = withContainer(Container.default) { Container.plain() }
            return [nested, asyncNested, bound]
        }
        #expect(values == ["production", "production", "production"])
    }

    @Test("a resolution with no container bound at all, while a test container is active, still escapes")
    func unboundEscapes() async throws {
        let error = await whileAnotherTestRuns {
            await Task.detached { () -> DependencyResolutionError? in
                do {
                    _ = try Container.plainThrowing()
                    return nil
                } catch {
                    return error as? DependencyResolutionError
                }
            }.value
        }
        #expect(error?.kind == .escaped)
        #expect(error?.message.contains("withContainer(container)") == true)
    }
}

/// A suite like the ones users write for the seed framework: nested-container tests and test-container tests side
/// by side, in Swift Testing's default parallel mode. Each test case waits a little so that cases overlap.
@Suite("Nested and test containers side by side, in parallel")
struct MixedContainerSuite {
    @Test("a nested-container test resolves production through the default container", arguments: 0..<24)
    func nested(round: Int) async throws {
        try await withNestedContainer {
            try await Task.sleep(for: .milliseconds(5))
            #expect(Container.plain() == "production")
            Container.plain.register { "nested \(round)" }
            #expect(Container.plain() == "nested \(round)")
        }
    }

    @Test("a test-container test sees only its own registration", arguments: 0..<24)
    func test(round: Int) async throws {
        try await withTestContainer {
            Container.plain.register { "test \(round)" }
            try await Task.sleep(for: .milliseconds(5))
            #expect(Container.plain() == "test \(round)")
        }
    }
}
