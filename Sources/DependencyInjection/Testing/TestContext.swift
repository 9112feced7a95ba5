/// What the testing library tells `withTestContainer` about the test it runs in.
package struct TestContext: Sendable {
    /// The test's name, written on the container in traces and messages.
    package var testName: String?
    /// Where the test container's events are collected for the test's failure report.
    package var capture: TraceCapture?

    /// Records a problem that lets the test go on as a failure of the running test, for testing libraries
    /// other than Swift Testing (XCTest); nil: Swift Testing's `Issue.record` is used.
    /// It receives the message and the resolution's call site, where the failure belongs.
    package var recordFailure: (@Sendable (String, IssueLocation?) -> Void)?

    package init(testName: String?, capture: TraceCapture?, recordFailure: (@Sendable (String, IssueLocation?) -> Void)? = nil) {
        self.testName = testName
        self.capture = capture
        self.recordFailure = recordFailure
    }

    /// Set by the testing library around each test.
    @TaskLocal package static var current: TestContext?
}

/// Lets the testing library turn event collection on while a test's capture is alive.
package enum EventCollection {
    package static func begin() { RuntimeState.addEventConsumer() }
    package static func end() { RuntimeState.removeEventConsumer() }
}
