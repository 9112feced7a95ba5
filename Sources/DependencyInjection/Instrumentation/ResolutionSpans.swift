#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import ServiceContextModule
internal import Synchronization
internal import Tracing
internal import TraceVocabulary

/// Live spans for resolutions (``TraceRecording/startSpans(minimumDuration:includingCacheHits:tracer:)``), through
/// swift-distributed-tracing: an event consumer beside the trace file.
///
/// A span is decided when its resolution ends, since only then is its duration known; spans are therefore started
/// late, with the resolution's own start instant. A resolution that is long enough to get a span has ancestors at
/// least as long (a parent's time includes its children's), so when a child's span is made, its still-running
/// ancestors' spans are made too, each under its parent's span, the outermost under the context the caller had
/// when it resolved (`ServiceContext.current`: a request's span, say). Each span is ended with attributes once its
/// own resolution ends.
///
/// With no minimum duration every creation gets a span, so it is started before the resolver runs and is the current
/// span meanwhile: spans the resolver's code starts are its children. With a minimum duration they are its siblings,
/// since the resolver runs before the runtime knows whether the resolution's span will exist.
@usableFromInline
final class ResolutionSpans: Sendable {
    /// Resolutions shorter than this get no span (unless a longer descendant made one).
    let minimumNanoseconds: UInt64
    /// Whether cache hits get spans (they have no descendants: only when long enough themselves).
    let includesCacheHits: Bool
    /// The tracer given to ``TraceRecording/startSpans(minimumDuration:includingCacheHits:tracer:)``; `nil`: the
    /// one bootstrapped with `InstrumentationSystem`, looked up at each span.
    private let tracer: (any Tracer)?
    /// Unix-epoch nanoseconds minus monotonic nanoseconds, taken when spans were started.
    private let wallClockOffset: Int64
    /// The resolutions running now, by id (removed when they end).
    private let running = LockedState<[UInt64: RunningResolution]>([:])
    /// The tracer `InstrumentationSystem` gave once it was a real one (the system is bootstrapped once per process);
    /// looking it up costs a lock and dynamic casts per span.
    private let bootstrappedTracer = LockedState<(any Tracer)?>(nil)
    /// ``FactoryLabels`` by factory id.
    private let labelsByFactory = LockedState<[UInt64: FactoryLabels]>([:])

    init(minimumNanoseconds: UInt64, includesCacheHits: Bool, tracer: (any Tracer)?) {
        self.minimumNanoseconds = minimumNanoseconds
        self.includesCacheHits = includesCacheHits
        self.tracer = tracer
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        let monotonic = MonotonicClock.now()
        let wallNanoseconds = Int64(wall.tv_sec) &* 1_000_000_000 &+ Int64(wall.tv_nsec)
        wallClockOffset = wallNanoseconds &- Int64(bitPattern: monotonic)
    }

    // MARK: Publication

    /// The consumer that is on, published lock-free like the trace session. Consumers are never freed (they are
    /// few), so a reader holding the address is always safe.
    private static let active = Atomic<Unmanaged<ResolutionSpans>?>(nil)
    private static let all = LockedState<[ResolutionSpans]>([])

    /// The consumer that is on, if any.
    static var current: ResolutionSpans? {
        active.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// The consumer that is on, unretained (one acquiring load, no reference count written by every recording
    /// thread): safe to keep for as long as the process lives, since consumers are never freed.
    static var unretainedCurrent: Unmanaged<ResolutionSpans>? {
        active.load(ordering: .acquiring)
    }

    /// Makes `spans` the consumer that is on, replacing any other; `nil` turns spans off.
    static func install(_ spans: ResolutionSpans?) {
        if let spans { all.withLock { $0.append(spans) } }
        let previous = active.exchange(spans.map { Unmanaged.passUnretained($0) }, ordering: .sequentiallyConsistent)
        switch (previous == nil, spans == nil) {
        case (true, false): RuntimeState.addEventConsumer()
        case (false, true): RuntimeState.removeEventConsumer()
        default: break
        }
    }

    // MARK: Resolutions

    /// Notes a resolution that began; called by the recording path with the probe's values. Returns whether it was
    /// noted: the probe then keeps this consumer, so the resolution's span is ended even if spans are turned off or
    /// started anew meanwhile.
    func begin(id: UInt64, parent: UInt64, start: UInt64, factory: FactoryMetadata, container: ContainerInfo) -> Bool {
        // A resolution made by the tracer itself (a tracer that resolves its own dependencies) gets no span: its
        // span would be made inside the span being made.
        guard !ThreadContext.current.pointee.isCallingTracer else { return false }
        let resolution = RunningResolution(
            parent: parent, start: start, factory: factory, container: container,
            callerContext: ServiceContext.current ?? .topLevel)
        running.withLock { $0[id] = resolution }
        return true
    }

    /// Ends the span of a finished resolution at `end` (its monotonic end), making it first if the resolution is
    /// long enough.
    ///
    /// The span ends when the resolution really ended, not at `start + ns`: the recorded `ns` leaves out factory
    /// declarations and trace bookkeeping done meanwhile, so a parent's `start + ns` can fall before the end of a
    /// child that declared its factory, and the child's span would then outlast its parent's.
    func finish(_ record: ResolutionRecord, end: UInt64, error: (any Error)?) {
        guard let resolution = running.withLock({ $0.removeValue(forKey: record.id) }) else { return }
        let wanted = record.nanoseconds >= minimumNanoseconds && (record.outcome != .cacheHit || includesCacheHits)
        resolution.state.withLock { state in
            state.finished = true
            guard state.span != nil || wanted else { return }
            let labels = labels(of: resolution.factory)
            let span = state.span ?? makeSpan(for: resolution, labels: labels, parentContext: parentContext(of: resolution))
            state.span = span
            callingTracer {
                // A span that records nothing (the no-op tracer's) is only ended: making its attributes is waste.
                if span.isRecording {
                    span.updateAttributes { attributes in
                        Self.describe(record, resolution: resolution, labels: labels, in: &attributes)
                    }
                }
                if span.isRecording, record.outcome == .failed {
                    let message = state.issueMessage ?? error.map { String(describing: $0) } ?? "resolution failed"
                    if let error { span.recordError(error) }
                    span.setStatus(SpanStatus(code: .error, message: message))
                }
                span.end(at: instant(end))
            }
        }
    }

    /// Starts the span of a resolution whose resolver is about to run, when spans have no minimum duration (every
    /// creation gets one), and returns the context to run the resolver in: spans its code starts become children of
    /// the resolution's. With a minimum duration, `nil`: the span is decided when the resolution ends.
    func startBeforeResolver(_ id: UInt64) -> ServiceContext? {
        guard minimumNanoseconds == 0, let resolution = running.withLock({ $0[id] }) else { return nil }
        return span(ofRunning: resolution)?.context
    }

    /// Keeps the message of an issue recorded for a running resolution, for its span's error status.
    func noteIssue(resolutionID: UInt64, message: String) {
        guard let resolution = running.withLock({ $0[resolutionID] }) else { return }
        resolution.state.withLock { $0.issueMessage = message }
    }

    /// Ends the span of every running resolution as failed, innermost first and each under its parent's span,
    /// before the runtime stops the process for `message`. Whether the tracer exports them in time is the tracer's
    /// matter (the tracing API's `forceFlush` is deprecated).
    func endAllBeforeStopping(message: String) {
        let now = MonotonicClock.now()
        let resolutions = running.withLock { Array($0.values) }.sorted { $0.start > $1.start }
        for resolution in resolutions {
            guard let span = span(ofRunning: resolution) else { continue }
            resolution.state.withLock { state in
                guard !state.finished else { return }
                state.finished = true
                let status = state.issueMessage ?? "The process stopped while this resolution ran: \(message)"
                callingTracer {
                    span.setStatus(SpanStatus(code: .error, message: status))
                    span.end(at: instant(now))
                }
            }
        }
        running.withLock { $0.removeAll() }
    }

    // MARK: Spans

    /// The span of a running resolution, made now (with its ancestors') if it has none yet; `nil` once it ended.
    private func span(ofRunning resolution: RunningResolution) -> (any Span)? {
        resolution.state.withLock { state in
            if let span = state.span { return span }
            guard !state.finished else { return nil }
            // The child's lock is held while the parent's is taken: parents began earlier, so no two resolutions
            // wait for each other. Children finishing at once on two threads make the parent's span once.
            let span = makeSpan(for: resolution, parentContext: parentContext(of: resolution))
            state.span = span
            return span
        }
    }

    /// The context a resolution's span is started in: its parent's span's, or the caller's when the parent has no
    /// span to give (it is the top, ended already, or was not noted).
    private func parentContext(of resolution: RunningResolution) -> ServiceContext {
        if resolution.parent != 0, let parent = running.withLock({ $0[resolution.parent] }),
           let span = span(ofRunning: parent) {
            return span.context
        }
        return resolution.callerContext
    }

    private func makeSpan(
        for resolution: RunningResolution, labels known: FactoryLabels? = nil, parentContext: ServiceContext
    ) -> any Span {
        let labels = known ?? labels(of: resolution.factory)
        let start = instant(resolution.start)
        return callingTracer {
            currentTracer().startSpan(
                labels.spanName, context: parentContext, ofKind: .internal, at: start,
                function: "resolve", file: labels.file, line: labels.line)
        }
    }

    /// The tracer given to `startSpans`, else the one the app bootstrapped (`InstrumentationSystem.tracer`), kept
    /// once found; until the app bootstraps one (spans may be started by `DI_INSPECT_SPANS` before it does), the
    /// no-op tracer, looked up again each time.
    private func currentTracer() -> any Tracer {
        if let tracer { return tracer }
        if let found = bootstrappedTracer.withLock({ $0 }) { return found }
        let system = InstrumentationSystem.tracer
        if !(system is NoOpTracer) { bootstrappedTracer.withLock { $0 = system } }
        return system
    }

    /// A factory's span name and descriptive attributes, made once per factory (the type's name alone costs
    /// microseconds to make).
    private func labels(of factory: FactoryMetadata) -> FactoryLabels {
        if let known = labelsByFactory.withLock({ $0[factory.id] }) { return known }
        let made = FactoryLabels(factory)
        labelsByFactory.withLock { $0[factory.id] = made }
        return made
    }

    /// The attributes of a finished resolution's span; the keys are the export's (``SpanAttributeKey``).
    private static func describe(
        _ record: ResolutionRecord, resolution: RunningResolution, labels: FactoryLabels, in attributes: inout SpanAttributes
    ) {
        attributes[SpanAttributeKey.factoryType] = labels.type
        attributes[SpanAttributeKey.factorySite] = labels.site
        attributes[SpanAttributeKey.factoryModule] = labels.module
        attributes[SpanAttributeKey.factoryScope] = labels.scope
        attributes[SpanAttributeKey.factoryKind] = labels.kind
        attributes[SpanAttributeKey.resolutionID] = Int64(truncatingIfNeeded: record.id)
        attributes[SpanAttributeKey.resolutionOutcome] = record.outcome.rawValue
        attributes[SpanAttributeKey.resolutionSource] = record.source.rawValue
        attributes[SpanAttributeKey.containerID] = Int64(truncatingIfNeeded: resolution.container.id)
        attributes[SpanAttributeKey.containerKind] = resolution.container.kind.rawValue
        attributes[SpanAttributeKey.threadID] = record.thread
        if let name = labels.name { attributes[SpanAttributeKey.factoryName] = name }
        if let property = labels.property { attributes[SpanAttributeKey.factoryProperty] = property }
        if let test = resolution.container.testName { attributes[SpanAttributeKey.testName] = test }
        if record.onMainThread { attributes[SpanAttributeKey.mainThread] = true }
    }

    /// A monotonic reading as the tracer's wall-clock instant.
    private func instant(_ monotonic: UInt64) -> ResolutionInstant {
        ResolutionInstant(nanosecondsSinceEpoch: UInt64(bitPattern: Int64(bitPattern: monotonic) &+ wallClockOffset))
    }

    /// Runs tracer code with this thread marked, so that resolutions it makes get no spans of their own.
    private func callingTracer<Result>(_ body: () -> Result) -> Result {
        let context = ThreadContext.current
        let outer = context.pointee.isCallingTracer
        context.pointee.isCallingTracer = true
        defer { context.pointee.isCallingTracer = outer }
        return body()
    }
}

/// A resolution that is running while spans are on.
private final class RunningResolution: Sendable {
    let parent: UInt64
    let start: UInt64
    let factory: FactoryMetadata
    let container: ContainerInfo
    /// `ServiceContext.current` where the resolution began: its span's parent when no resolution's span is.
    let callerContext: ServiceContext
    let state = LockedState<SpanState>(SpanState())

    init(parent: UInt64, start: UInt64, factory: FactoryMetadata, container: ContainerInfo, callerContext: ServiceContext) {
        self.parent = parent
        self.start = start
        self.factory = factory
        self.container = container
        self.callerContext = callerContext
    }
}

/// What a factory's spans say of it, made once per factory (a class: one reference to pass, not eight strings).
private final class FactoryLabels: Sendable {
    let spanName: String
    let file: String
    let line: UInt
    let type: String
    let name: String?
    let property: String?
    let site: String
    let module: String
    let scope: String
    let kind: String

    init(_ factory: FactoryMetadata) {
        type = factory.typeName
        name = factory.name
        property = FactoryNaming.property(of: factory)
        spanName = ResolutionSpanName.make(FactoryDisplayName.make(type: type, name: name, property: property))
        file = factory.file
        line = factory.line
        site = "\(file):\(line)"
        module = factory.module
        scope = factory.scope.description
        kind = factory.kind.rawValue
    }
}

/// A running resolution's span, if one was made, and what its end needs.
private struct SpanState {
    var span: (any Span)?
    var finished = false
    var issueMessage: String?
}

/// A resolution's start or end on the Unix-epoch clock spans use.
struct ResolutionInstant: TracerInstant {
    let nanosecondsSinceEpoch: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch }
}
