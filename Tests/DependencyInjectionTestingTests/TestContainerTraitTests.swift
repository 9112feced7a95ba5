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
        let greeter = Container.optionalGreeter()
        print("INNER-XCTEST: resolution returned \(greeter == nil ? "nil" : "a value") and the test went on")
    }
}
#endif

/// Runs this test binary again with only the inner tests matching `filter`.
private func runInner(_ filter: String) throws -> (status: Int32, output: String) {
    try ChildProcess.run(
        CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", filter],
        environment: ["DI_INNER_TESTS": "1"]
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
        #expect(output.contains("has no test implementation"), "\(output)")
        #expect(output.contains("failed"), "\(output)")
    }
    #endif
}
