import DependencyInjection
import DependencyInjectionTesting
import Foundation
import Testing
import TestSupport
#if canImport(XCTest)
import XCTest
#endif

extension Container {
    fileprivate static let greeter = Factory { NamedGreeter("production") as any Greeter }
    fileprivate static let cached = Factory(scope: .cached) { Service("production") }
    fileprivate static let optionalGreeter = Factory { () -> (any Greeter)? in NamedGreeter("production") }
    fileprivate static let throwingGreeter = Factory(name: "throwingGreeter") { () throws -> any Greeter in NamedGreeter("production") }
    fileprivate static let unusedGreeter = Factory(name: "unusedGreeter") { NamedGreeter("production") as any Greeter }
    fileprivate static let lateGreeter = Factory(name: "lateGreeter") { NamedGreeter("production") as any Greeter }
    fileprivate static let middle = Factory(name: "middle") { () -> NamedGreeter in
        NamedGreeter("middle using \(Container.greeter().greeting)")
    }
}

extension TestDefaults {
    fileprivate static let greeterDefaults = TestDefaults {
        TestDefault { Container.greeter.testValue { NamedGreeter("from defaults") } }
    }
}

@Suite("The .testContainer trait")
struct TestContainerTraitTests {
    @Test("200 parallel tests using the trait never see each other's registrations", .testContainer, arguments: 0..<200)
    func isolation(index: Int) async {
        #expect(Container.current !== Container.default)
        Container.greeter.register { NamedGreeter("test \(index)") }
        Container.cached.register { Service("test \(index)") }
        await Task.yield()
        #expect(Container.greeter().greeting == "test \(index)")
        #expect(Container.cached().label == "test \(index)")
    }

    @Test("defaults are registered before the test runs", .testContainer(defaults: .greeterDefaults))
    func defaults() {
        #expect(Container.greeter().greeting == "from defaults")
    }
}

@Suite("A suite with the trait", .testContainer(defaults: .greeterDefaults))
struct SuiteTraitTests {
    @Test("each test of the suite gets its own container with the suite's defaults")
    func first() {
        #expect(Container.greeter().greeting == "from defaults")
        Container.greeter.register { NamedGreeter("changed in first") }
    }

    @Test("a registration from another test of the suite is not visible")
    func second() {
        #expect(Container.greeter().greeting == "from defaults")
    }
}

// MARK: Inner tests, run in a child process by the tests below.

private let innerEnabled = ProcessInfo.processInfo.environment["DI_INNER_TESTS"] == "1"
private let innerLateGate = Gate()
private let innerLeakStarted = Gate()
private let innerLateDone = Gate()

@Suite("InnerTraitTests", .enabled(if: innerEnabled), .testContainer)
struct InnerTraitTests {
    @Test("innerFailing")
    func innerFailing() {
        Container.greeter.register { NamedGreeter("mock") }
        Container.middle.useProduction()
        let greeting = Container.middle().greeting
        #expect(greeting == "something else")
    }

    @Test("innerPassing")
    func innerPassing() {
        Container.greeter.register { NamedGreeter("mock") }
        #expect(Container.greeter().greeting == "mock")
    }

    @Test("innerThrowingUnregistered")
    func innerThrowingUnregistered() throws {
        Container.unusedGreeter.register { NamedGreeter("never used") }
        let greeter = try Container.throwingGreeter() // INNER-RESOLUTION-LINE
        print("INNER: unreachable \(greeter.greeting)")
    }

    @Test("innerLeaksWork")
    func innerLeaksWork() async {
        Container.lateGreeter.register { NamedGreeter("late double") }
        defer { innerLeakStarted.open() }
        Task {
            await innerLateGate.wait()
            print("INNER: late resolution returned \(Container.lateGreeter().greeting)")
            innerLateDone.open()
        }
    }

    @Test("innerRunsMeanwhile")
    func innerRunsMeanwhile() async throws {
        await innerLeakStarted.wait()
        try await Task.sleep(for: .milliseconds(50))  // innerLeaksWork has returned by now
        innerLateGate.open()
        await innerLateDone.wait()
    }

    @Test("innerOptionalUnregistered")
    func innerOptionalUnregistered() {
        let greeter = Container.optionalGreeter()
        print("INNER: resolution returned \(greeter == nil ? "nil" : "a value") and the test went on")
    }
}

#if canImport(XCTest)
/// An XCTest suite on the base class, run in a child process by the tests below (skipped otherwise).
final class InnerXCTestCaseTests: DependencyInjectionTestCase {
    func testOptionalUnregistered() throws {
        try XCTSkipUnless(innerEnabled, "runs only in the child process of FailureReportTests")
        let greeter = Container.optionalGreeter() // INNER-XCTEST-RESOLUTION-LINE
        print("INNER-XCTEST: resolution returned \(greeter == nil ? "nil" : "a value") and the test went on")
    }
}
#endif

/// Runs this test binary again with only the inner tests matching `filter`.
private func runInner(_ filter: String, environment: [String: String?] = [:]) throws -> (status: Int32, output: String) {
    try ChildProcess.run(
        CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", filter],
        environment: environment.merging(["DI_INNER_TESTS": "1"]) { $1 }
    )
}

@Suite("Failure reports", .serialized)
struct FailureReportTests {
    @Test("a failing test prints its resolution tree, naming the test, each resolution and its outcome")
    func failingPrintsTree() throws {
        let (status, output) = try runInner("InnerTraitTests/innerFailing")
        #expect(status != 0)
        #expect(output.contains("── Dependency resolutions of DependencyInjectionTestingTests.InnerTraitTests/innerFailing() (failed) ──")
                || output.contains("Dependency resolutions of InnerTraitTests/innerFailing()"), "\(output)")
        #expect(output.contains("test \"InnerTraitTests/innerFailing()\""), "\(output)")
        #expect(output.contains("NamedGreeter \"middle\"  created · useProduction"), "\(output)")
        #expect(output.contains("└─ any Greeter  created · override"), "\(output)")
        #expect(output.contains("override"), "\(output)")
        #expect(output.contains("useProduction"), "\(output)")
    }

    @Test("a missing registration thrown out of a test is one issue, at the user's line, naming the factory, the unused registration and the trace file")
    func oneIssueAtTheUsersLine() throws {
        let (status, output) = try runInner("InnerTraitTests/innerThrowingUnregistered")
        #expect(status != 0)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(source.firstIndex { $0.contains("// INNER-RESOLUTION-LINE") }) + 1
        let issues = output.split(separator: "\n").filter { $0.contains("recorded an issue at") }
        #expect(issues.count == 1, "\(output)")
        #expect(issues.first?.contains("TestContainerTraitTests.swift:\(line):") == true, "\(output)")
        #expect(output.contains("failed after") && output.contains("with 1 issue"), "\(output)")
        #expect(output.contains("on factory: throwingGreeter: any Greeter (DependencyInjectionTestingTests/TestContainerTraitTests.swift:"))
        #expect(!output.contains("<factory>"), "\(output)")
        #expect(output.contains("Registered by this test but never resolved through that registration:"), "\(output)")
        #expect(output.contains("any Greeter \"unusedGreeter\""), "\(output)")
        #expect(output.components(separatedBy: "── Dependency resolutions of").count - 1 == 1, "\(output)")
        let path = try #require(output.split(separator: "\n").first { $0.contains("written to ") }.flatMap {
            $0.components(separatedBy: "written to ").last?.components(separatedBy: ". Open it with").first
        })
        #expect(FileManager.default.fileExists(atPath: String(path)), "\(path)")
        #expect(output.contains("Open it with: di-inspect trace \(path)"), "\(output)")
    }

    @Test("with a scan in DI_INSPECT_SCAN, the runtime's message and the failure report name factories by their properties")
    func scanNamesProperties() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let file = "DependencyInjectionTestingTests/TestContainerTraitTests.swift"
        func entry(_ id: Int, _ property: String) throws -> String {
            let line = try #require(source.firstIndex { $0.contains("static let \(property) =") }) + 1
            return """
                {"id": \(id), "type": "any Greeter", "name": "\(property)", "module": "DependencyInjectionTestingTests", \
                "file": "\(file)", "line": \(line), "scope": "unique", "kind": "syncThrowing", "property": "Container.\(property)"}
                """
        }
        let scan = """
            {"format": "di-inspect-dump", "static": true, "edges": [], "registrations": [], "containers": [],
             "factories": [\(try entry(1, "throwingGreeter")), \(try entry(2, "unusedGreeter"))]}
            """
        let path = NSTemporaryDirectory() + "di-scan-names-\(UUID().uuidString).json"
        try scan.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try runInner("InnerTraitTests/innerThrowingUnregistered", environment: ["DI_INSPECT_SCAN": path])
        #expect(status != 0)
        let line = try #require(source.firstIndex { $0.contains("static let throwingGreeter =") }) + 1
        #expect(output.contains("on factory: Container.throwingGreeter \"throwingGreeter\": any Greeter (\(file):\(line)) not registered!"), "\(output)")
        #expect(output.contains("• Container.unusedGreeter (any Greeter) declared at \(file):"), "\(output)")

        let unreadable = try runInner("InnerTraitTests/innerThrowingUnregistered", environment: ["DI_INSPECT_SCAN": path + ".missing"])
        #expect(unreadable.output.contains("factories are named by type only: the scan \(path).missing could not be read"), "\(unreadable.output)")
        #expect(unreadable.output.contains("on factory: throwingGreeter: any Greeter (\(file):\(line)) not registered!"), "\(unreadable.output)")
    }

    @Test("work a test started that resolves after it ended names that test, not the one running meanwhile")
    func lateWorkNamesItsTest() throws {
        let (status, output) = try runInner("InnerTraitTests/inner(LeaksWork|RunsMeanwhile)")
        #expect(status == 0, "\(output)")
        #expect(output.contains("INNER: late resolution returned late double"), "\(output)")
        #expect(output.contains("work started by test InnerTraitTests/innerLeaksWork() resolved lateGreeter"), "\(output)")
        #expect(output.contains("has already ended and cannot fail any more"), "\(output)")
        #expect(!output.contains("work started by test InnerTraitTests/innerRunsMeanwhile()"), "\(output)")
    }

    @Test("a passing test prints nothing about resolutions")
    func passingPrintsNothing() throws {
        let (status, output) = try runInner("InnerTraitTests/innerPassing")
        #expect(status == 0, "\(output)")
        #expect(!output.contains("Dependency resolutions of"), "\(output)")
    }

    @Test("an unregistered optional dependency is reported as a test issue and the test goes on")
    func unregisteredOptional() throws {
        let (status, output) = try runInner("InnerTraitTests/innerOptionalUnregistered")
        #expect(status != 0, "\(output)")
        #expect(output.contains("INNER: resolution returned nil and the test went on"), "\(output)")
        #expect(output.contains("has no test implementation"), "\(output)")
        #expect(output.contains("Requested by (outermost first)"), "\(output)")
    }

    #if canImport(XCTest)
    @Test("in an XCTest case on DependencyInjectionTestCase, an unregistered optional dependency fails the test and the test goes on")
    func unregisteredOptionalFailsXCTest() throws {
        let (status, output) = try ChildProcess.run(
            CommandLine.arguments[0],
            ["--testing-library", "xctest", "DependencyInjectionTestingTests.InnerXCTestCaseTests/testOptionalUnregistered"],
            environment: ["DI_INNER_TESTS": "1"]
        )
        #expect(status != 0, "\(output)")
        #expect(output.contains("INNER-XCTEST: resolution returned nil and the test went on"), "\(output)")
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(source.firstIndex { $0.contains("// INNER-XCTEST-RESOLUTION-LINE") }) + 1
        #expect(output.contains("TestContainerTraitTests.swift:\(line): error: InnerXCTestCaseTests.testOptionalUnregistered"), "\(output)")
        #expect(output.contains("has no test implementation"), "\(output)")
        #expect(output.contains("failed"), "\(output)")
    }
    #endif
}
