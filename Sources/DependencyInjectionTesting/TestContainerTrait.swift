public import DependencyInjection
public import Testing
internal import Synchronization

/// Runs each test in its own test container and, when the test fails, prints and attaches its resolution trace.
///
/// Apply it to a test or a whole suite. Each test (each case of a parameterized test) gets a fresh
/// `withTestContainer`, named after the test in traces and messages. A passing test prints nothing. A
/// failing one (a recorded issue or a thrown error) prints the resolution tree in the format of
/// `di-inspect trace` and attaches it, together with the test's own trace in JSON Lines.
///
/// ```swift
/// @Suite(.testContainer(defaults: .appDefaults))
/// struct OrderTests {
///     @Test func placesOrder() {
///         Container.logger.register { SpyLogger() }
///         OrderService().placeOrder()
///     }
/// }
/// ```
public struct TestContainerTrait: TestTrait, SuiteTrait, TestScoping {
    let defaults: TestDefaults?

    /// Applies to every test in a suite, not to the suite as a whole.
    public var isRecursive: Bool { true }

    /// One container per test case; none for suites themselves.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> TestContainerTrait? {
        testCase == nil ? nil : self
    }

    /// Runs the test inside `withTestContainer`, watching for failures.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        TestIssueBridge.install()
        let name = TestNaming.name(of: test)
        let capture = TraceCapture()
        EventCollection.begin()
        defer { EventCollection.end() }
        let failed = FailureFlag()
        let observer = IssueHandlingTrait.compactMapIssues { issue in
            failed.set()
            return issue
        }
        let location = test.sourceLocation
        do {
            try await observer.provideScope(for: test, testCase: testCase) {
                try await TestContext.$current.withValue(TestContext(testName: name, capture: capture)) {
                    try await withTestContainer(
                        defaults: defaults, file: location.fileID, line: UInt(location.line), function: test.name
                    ) {
                        try await function()
                    }
                }
            }
        } catch let error as DependencyResolutionError where error.isRecordedAsTestIssue {
            // Already recorded as an issue at the resolution's call site (so `failed` is set and the report follows
            // below): rethrowing it would fail the test a second time for the same mistake.
            _ = error
        } catch {
            FailureReport(testName: name, capture: capture).emit()
            throw error
        }
        if failed.isSet {
            FailureReport(testName: name, capture: capture).emit()
        }
    }
}

extension Trait where Self == TestContainerTrait {
    /// Runs each test in its own test container; prints and attaches the resolution trace when a test fails.
    ///
    /// ```swift
    /// @Test(.testContainer) func placesOrder() { … }
    /// ```
    public static var testContainer: Self { TestContainerTrait(defaults: nil) }

    /// Runs each test in its own test container with `defaults` registered first.
    ///
    /// ```swift
    /// @Suite(.testContainer(defaults: [.networkingDefaults, .analyticsDefaults]))
    /// struct FeatureTests { … }
    /// ```
    public static func testContainer(defaults: TestDefaults) -> Self { TestContainerTrait(defaults: defaults) }
}

/// Set once a test records an issue.
final class FailureFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

/// How tests are named in traces: `Suite/test()` from Swift Testing's test id.
enum TestNaming {
    static func name(of test: Test) -> String {
        let components = test.id.nameComponents
        return components.isEmpty ? test.name : components.joined(separator: "/")
    }
}
