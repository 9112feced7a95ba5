internal import Synchronization

/// A hook the testing library installs so that problems found during a test surface as test issues.
package enum IssueReporting {
    /// Called with every problem the runtime finds, before it throws or stops the process, with the resolution's
    /// call site when known; returns whether it recorded the problem as an issue of the running test (a thrown
    /// error is then marked, so the test's failure report counts one mistake once).
    package typealias Reporter = @Sendable (
        _ kind: DependencyResolutionError.Kind, _ message: String, _ stopsProcess: Bool, _ location: IssueLocation?
    ) -> Bool

    private static let reporter = LockedState<Reporter?>(nil)

    /// Installs the reporter (the last installed wins).
    package static func install(_ newReporter: Reporter?) {
        reporter.withLock { $0 = newReporter }
    }

    static func report(kind: DependencyResolutionError.Kind, message: String, stopsProcess: Bool, location: IssueLocation?) -> Bool {
        guard let current = reporter.withLock({ $0 }) else { return false }
        return current(kind, message, stopsProcess, location)
    }
}
