internal import TraceVocabulary

/// Which resolver produced a value; the trace's `source`.
@usableFromInline
enum ResolutionSource: String, Sendable, CaseIterable {
    case production
    case override
    case useProduction
    case leaked
    /// No binding was used: the resolution failed before a resolver was chosen (unregistered, escaped).
    case none

    /// The trace's spelling, from the vocabulary di-inspect reads with.
    var literal: StaticString { TraceSource(self).literal }
}

/// What a resolution did; the trace's `outcome`.
@usableFromInline
enum ResolutionOutcome: String, Sendable, CaseIterable {
    case created
    case cacheHit
    case failed

    /// The trace's spelling, from the vocabulary di-inspect reads with.
    var literal: StaticString { TraceOutcome(self).literal }
}

/// A resolution in progress, when instrumentation is on.
@usableFromInline
struct ResolutionProbe {
    @usableFromInline let id: UInt64
    let parent: UInt64
    let start: UInt64
    let containerID: UInt64
    /// The span consumer that noted this resolution (``ResolutionSpans``), unretained: consumers are never freed.
    @usableFromInline let spans: Unmanaged<ResolutionSpans>?
    let thread: Int
    let onMainThread: Bool
    let capture: TraceCapture?
    let site: CallSite
    /// This thread's ``ThreadContext/excludedNanoseconds`` when the resolution started.
    let excludedAtStart: UInt64
    /// The test container this resolution runs in (at or above its container) when that test's block has
    /// already returned: the resolution is late (or leaked, when nothing is registered).
    let endedTest: TestContainerState?
}

/// The kinds of `issue` lines: the problems the runtime stops a resolution for (cycle, unregistered, leaked,
/// escaped), and the ones it only reports (late, stalled). The trace vocabulary's own type.
typealias IssueKind = TraceIssueKind

extension TraceIssueKind {
    init(_ kind: DependencyResolutionError.Kind) {
        switch kind {
        case .cycle: self = .cycle
        case .unregistered: self = .unregistered
        case .leaked: self = .leaked
        case .escaped: self = .escaped
        }
    }
}

struct ResolutionRecord: Sendable {
    let id: UInt64
    let factory: UInt64
    let container: UInt64
    let parent: UInt64
    let outcome: ResolutionOutcome
    let source: ResolutionSource
    let start: UInt64
    let nanoseconds: UInt64
    let thread: Int
    let onMainThread: Bool
}

struct RegistrationRecord: Sendable {
    let action: RegistrationAction
    let factory: UInt64
    let container: UInt64
    let fileID: StaticString
    let line: UInt
    let depth: Int
    let time: UInt64
}

final class IssueRecord: Sendable {
    let kind: IssueKind
    let factory: UInt64
    let container: UInt64
    let resolution: UInt64?
    let path: [UInt64]
    let file: String
    let line: UInt
    let function: String
    let message: String
    let fatal: Bool
    let time: UInt64
    /// The test whose container the work came from, when it ran in (or escaped from) a test container.
    let test: String?
    /// For `late` and `leaked` issues: nanoseconds since that test's block returned.
    let afterEnd: UInt64?

    init(kind: IssueKind, factory: UInt64, container: UInt64, resolution: UInt64?, path: [UInt64],
         file: String, line: UInt, function: String, message: String, fatal: Bool, time: UInt64,
         test: String? = nil, afterEnd: UInt64? = nil) {
        self.kind = kind
        self.factory = factory
        self.container = container
        self.resolution = resolution
        self.path = path
        self.file = file
        self.line = line
        self.function = function
        self.message = message
        self.fatal = fatal
        self.time = time
        self.test = test
        self.afterEnd = afterEnd
    }
}

/// One line of a trace, as recorded on the resolving thread (formatting happens on the writer thread).
enum TraceEvent: Sendable {
    case factory(FactoryMetadata, time: UInt64)
    case container(ContainerInfo)
    case containerEnded(id: UInt64, time: UInt64)
    case registration(RegistrationRecord)
    case resolution(ResolutionRecord)
    case issue(IssueRecord)
}
