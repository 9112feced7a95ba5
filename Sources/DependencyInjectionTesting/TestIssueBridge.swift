internal import DependencyInjection
internal import Testing

/// Turns the runtime's problems (unregistered, leaked, cycle, escaped) into Swift Testing issues or XCTest failures.
///
/// A problem that lets the process go on (a throwing or optional resolution) becomes an issue of the
/// running test, so a test cannot swallow it with `try?`. One that stops the process first prints the
/// test's resolution tree, since no failure report will follow.
enum TestIssueBridge {
    private static let installed: Void = {
        IssueReporting.install { _, message, stopsProcess in
            if stopsProcess, let context = TestContext.current, let capture = context.capture {
                print(FailureReport(testName: context.testName ?? "test", capture: capture).text().text)
            }
            // Only tests run by the trait or the XCTest base class (their context carries a capture); a test that
            // provokes a problem on purpose with plain withTestContainer keeps full control of its outcome.
            if let recordFailure = TestContext.current?.recordFailure {
                recordFailure(message)
            } else if Test.current != nil, TestContext.current?.capture != nil {
                Issue.record(Comment(rawValue: message))
            }
        }
    }()

    static func install() { _ = installed }
}
