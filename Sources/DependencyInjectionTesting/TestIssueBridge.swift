internal import DependencyInjection
internal import Testing

/// Turns the runtime's problems (unregistered, leaked, cycle, escaped) into Swift Testing issues or XCTest failures.
///
/// A problem that lets the process go on (a throwing or optional resolution) becomes an issue of the
/// running test, recorded at the resolution's call site (the user's line, not this library's), so a test
/// cannot swallow it with `try?`. One that stops the process first prints the test's resolution tree, since
/// no failure report will follow.
enum TestIssueBridge {
    private static let installed: Void = {
        IssueReporting.install { _, message, stopsProcess, location in
            if stopsProcess, let context = TestContext.current, let capture = context.capture {
                print(FailureReport(testName: context.testName ?? "test", capture: capture).text().text)
            }
            // Only tests run by the trait or the XCTest base class (their context carries a capture); a test that
            // provokes a problem on purpose with plain withTestContainer keeps full control of its outcome.
            if let recordFailure = TestContext.current?.recordFailure {
                recordFailure(message, location)
                return true
            }
            guard Test.current != nil, TestContext.current?.capture != nil else { return false }
            Issue.record(Comment(rawValue: message), sourceLocation: location.map(SourceLocation.init) ?? #_sourceLocation)
            return true
        }
    }()

    static func install() {
        _ = installed
        _ = ScanNames.installed
    }
}

extension SourceLocation {
    /// The resolution's call site as Swift Testing's location.
    init(_ location: IssueLocation) {
        self.init(fileID: location.fileID, filePath: location.filePath, line: max(1, location.line), column: 1)
    }
}
