/// What changed between two traces (or two sets of traces) of one program: factories, scopes, edges,
/// registrations, resolution counts, self times, cycles and problems.
///
/// Factories are matched by ``FactoryIdentity`` (declaration site and type), since ids differ between
/// traces. Changes are sorted by kind, then factory.
///
/// ```swift
/// let diff = TraceDiff(old: TraceAnalysis(trace: before), new: TraceAnalysis(trace: after))
/// for change in diff.changes { print(change.kind.rawValue, change.message) }
/// ```
public struct TraceDiff: Sendable {
    /// The kinds of change, with stable ids (the `--fail-on` values).
    ///
    /// The raw value is the id used in every output format.
    ///
    /// ```swift
    /// TraceDiff.ChangeKind(rawValue: "scope-change")   // .scopeChange
    /// ```
    public enum ChangeKind: String, Sendable, CaseIterable, Comparable {
        /// A factory the old trace did not declare.
        case newFactory = "new-factory"
        /// A factory the new trace no longer declares.
        case removedFactory = "removed-factory"
        /// A factory's scope changed.
        case scopeChange = "scope-change"
        /// A factory's resolver kind (sync, async, throwing) changed.
        case kindChange = "kind-change"
        /// An edge (A's resolver resolved B) only the new trace has.
        case newEdge = "new-edge"
        /// An edge only the old trace has.
        case removedEdge = "removed-edge"
        /// A `register`/`useProduction` call site only the new trace has.
        case newRegistration = "new-registration"
        /// A `register`/`useProduction` call site only the old trace has.
        case removedRegistration = "removed-registration"
        /// A test default (`testValue`) only the new trace has.
        case newTestDefault = "new-test-default"
        /// A test default only the old trace has.
        case removedTestDefault = "removed-test-default"
        /// A factory's resolution count changed by more than the threshold.
        case countChange = "count-change"
        /// A factory's self time (p50 or p95) grew by more than the threshold.
        case timeRegression = "time-regression"
        /// A dependency cycle only the new trace has.
        case newCycle = "new-cycle"
        /// A problem `check` finds only in the new trace (other than a cycle).
        case newProblem = "new-problem"

        /// Orders kinds by declaration order.
        ///
        /// Reports group changes in this order.
        ///
        /// ```swift
        /// TraceDiff.ChangeKind.newFactory < .newEdge   // true
        /// ```
        public static func < (lhs: ChangeKind, rhs: ChangeKind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// One change.
    ///
    /// ``message`` is a full sentence; ``site`` is where an annotation goes; ``metrics`` holds the numbers
    /// behind count and time changes (for JSON).
    ///
    /// ```swift
    /// change.site.map { "\($0.file):\($0.line)" }
    /// ```
    public struct Change: Sendable, Equatable {
        /// What kind of change it is.
        public var kind: ChangeKind
        /// The factory it is about (for an edge, the dependent).
        public var factory: FactoryIdentity
        /// For an edge, the dependency; for a cycle, the rest of the cycle.
        public var related: [FactoryIdentity]
        /// One sentence for people.
        public var message: String
        /// The source line it points at (declaration or registration site).
        public var site: SourceSite?
        /// The old value, as text (a scope, a kind, a count, a duration), when there is one.
        public var before: String?
        /// The new value, as text.
        public var after: String?
        /// Numbers behind the change, such as `oldResolutions` or `newSelfP95Nanoseconds`.
        public var metrics: [String: UInt64]
    }

    /// Thresholds that keep noise out of count and time changes.
    ///
    /// The defaults suit traces of one test suite or app run recorded on the same machine.
    ///
    /// ```swift
    /// let options = TraceDiff.Options(timeThresholdPercent: 50, minimumResolutions: 10)
    /// ```
    public struct Options: Sendable, Equatable {
        /// Report a resolution count that changed by more than this percentage of the old count.
        public var countThresholdPercent: Double
        /// Report a self time (p50 or p95) that grew by more than this percentage.
        public var timeThresholdPercent: Double
        /// ... and by at least this many nanoseconds.
        public var timeFloorNanoseconds: UInt64
        /// Compare times only of factories resolved at least this often in both traces.
        public var minimumResolutions: Int

        /// Creates options; every parameter has the CLI's default.
        ///
        /// `--count-threshold`, `--time-threshold`, `--time-floor-ms` and `--min-count` set them.
        ///
        /// ```swift
        /// TraceDiff.Options(countThresholdPercent: 20)
        /// ```
        public init(
            countThresholdPercent: Double = 50, timeThresholdPercent: Double = 25,
            timeFloorNanoseconds: UInt64 = 100_000, minimumResolutions: Int = 5
        ) {
            self.countThresholdPercent = countThresholdPercent
            self.timeThresholdPercent = timeThresholdPercent
            self.timeFloorNanoseconds = timeFloorNanoseconds
            self.minimumResolutions = minimumResolutions
        }
    }

    /// Factories, edges and resolutions in one side of the comparison.
    ///
    /// Printed in the report's heading.
    ///
    /// ```swift
    /// diff.oldSummary.factories
    /// ```
    public struct Summary: Sendable, Equatable {
        /// Declared factories.
        public var factories: Int
        /// Distinct edges.
        public var edges: Int
        /// Resolutions.
        public var resolutions: Int
    }

    /// Every change, sorted by kind, then factory.
    public var changes: [Change]
    /// The old side's size.
    public var oldSummary: Summary
    /// The new side's size.
    public var newSummary: Summary
    /// The options the comparison used.
    public var options: Options

    /// The changes whose kind is in `kinds` (what `--fail-on` gates on).
    ///
    /// Empty when nothing matches.
    ///
    /// ```swift
    /// let failing = diff.changes(of: [.newCycle, .scopeChange])
    /// ```
    public func changes(of kinds: Set<ChangeKind>) -> [Change] {
        changes.filter { kinds.contains($0.kind) }
    }
}
