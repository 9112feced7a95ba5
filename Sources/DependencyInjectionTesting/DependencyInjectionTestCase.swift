#if canImport(XCTest)
public import DependencyInjection
public import XCTest

/// An `XCTestCase` whose every test runs in its own test container and prints its resolution trace on failure.
///
/// A resolution problem that lets the test go on (an unregistered optional or throwing dependency, a leaked
/// resolution answered by best effort) is recorded as a failure of the test.
///
/// For suites still on XCTest (swift-corelibs-xctest on Linux included). Override ``testDefaults`` to
/// register test doubles for every test of the class.
///
/// ```swift
/// final class OrderTests: DependencyInjectionTestCase {
///     override var testDefaults: TestDefaults? { .appDefaults }
///
///     func testPlacesOrder() {
///         Container.logger.register { SpyLogger() }
///         XCTAssertEqual(OrderService().placeOrder(), .placed)
///     }
/// }
/// ```
open class DependencyInjectionTestCase: XCTestCase {
    private var recordedFailure = false

    /// Test doubles registered in each test's container before the test runs.
    ///
    /// ```swift
    /// override var testDefaults: TestDefaults? { [.networkingDefaults] }
    /// ```
    open var testDefaults: TestDefaults? { nil }

    /// Runs the test inside `withTestContainer` and prints the trace if it failed.
    open override func invokeTest() {
        recordedFailure = false
        let capture = TraceCapture()
        EventCollection.begin()
        defer { EventCollection.end() }
        let testName = name
        TestIssueBridge.install()
        // A problem that lets the test go on (an unregistered optional or throwing dependency) fails the test,
        // so it cannot be swallowed with `try?`.
        // Unchecked: the closure runs only while this test runs (the runtime calls it from the test's resolutions),
        // and recording a failure on the running test case is what XCTFail itself does from any thread.
        nonisolated(unsafe) let testCase = self
        let context = TestContext(testName: testName, capture: capture, recordFailure: { message, location in
            guard let location else { return XCTFail(message) }
            testCase.recordFailure(at: location, message)
        })
        TestContext.$current.withValue(context) {
            withTestContainer(defaults: testDefaults, function: testName) {
                super.invokeTest()
            }
        }
        if recordedFailure {
            print(FailureReport(testName: testName, capture: capture).text().text)
        }
    }

    /// Records `message` as a failure of this test at the resolution's call site (the user's line).
    private func recordFailure(at location: IssueLocation, _ message: String) {
        #if canImport(Darwin)
        let source = XCTSourceCodeContext(location: XCTSourceCodeLocation(filePath: location.filePath, lineNumber: location.line))
        record(XCTIssue(type: .assertionFailure, compactDescription: message, sourceCodeContext: source))
        #else
        recordFailure(withDescription: message, inFile: location.filePath, atLine: location.line, expected: true)
        #endif
    }

    #if canImport(Darwin)
    /// Notes the failure, then records it as usual.
    open override func record(_ issue: XCTIssue) {
        recordedFailure = true
        super.record(issue)
    }
    #else
    /// Notes the failure, then records it as usual.
    open override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        recordedFailure = true
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #endif
}
#endif
