/// Which resolver produced a value; the trace's `source`.
@usableFromInline
enum ResolutionSource: String, Sendable {
    case production
    case override
    case useProduction
    case leaked

    /// The raw value without String machinery, for the trace encoder.
    var literal: StaticString {
        switch self {
        case .production: "production"
        case .override: "override"
        case .useProduction: "useProduction"
        case .leaked: "leaked"
        }
    }
}

/// What a resolution did; the trace's `outcome`.
@usableFromInline
enum ResolutionOutcome: String, Sendable {
    case created
    case cacheHit
    case failed

    /// The raw value without String machinery, for the trace encoder.
    var literal: StaticString {
        switch self {
        case .created: "created"
        case .cacheHit: "cacheHit"
        case .failed: "failed"
        }
    }
}

/// A resolution in progress, when instrumentation is on.
@usableFromInline
struct ResolutionProbe {
    @usableFromInline let id: UInt64
    let parent: UInt64
    let start: UInt64
    let containerID: UInt64
    let thread: Int
    let capture: TraceCapture?
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
    let kind: DependencyResolutionError.Kind
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

    init(kind: DependencyResolutionError.Kind, factory: UInt64, container: UInt64, resolution: UInt64?, path: [UInt64],
         file: String, line: UInt, function: String, message: String, fatal: Bool, time: UInt64) {
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
