#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import ServiceContextModule
internal import Synchronization

/// Where the runtime reports what it does. Every entry point returns at once while instrumentation is off.
@usableFromInline
enum Instrumentation {
    // MARK: Sessions

    /// The active trace session, published lock-free. Sessions are never freed (they are few), so a
    /// reader holding the address is always safe.
    private static let activeSession = Atomic<Unmanaged<TraceSession>?>(nil)
    private static let allSessions = LockedState<[TraceSession]>([])

    static var session: TraceSession? {
        activeSession.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Reads `DI_INSPECT_TRACE` once, on first use of the runtime. Its value is a path as
    /// ``TraceRecording/start(path:)`` takes it (`%p`, a directory); when it cannot be recorded to (a symbolic link,
    /// a FIFO, a device, an unwritable folder), one line on standard error says so and the program runs on unrecorded.
    /// `DI_INSPECT_SPANS` is read here too (``TraceRecording/startSpansFromEnvironment()``).
    static let bootstrap: Void = {
        atexit { Instrumentation.stopSession() }
        if let path = getenv("DI_INSPECT_TRACE").map({ String(cString: $0) }), !path.isEmpty {
            do {
                try startSession(TraceSession.openFile(path))
            } catch {
                StandardError.write("DependencyInjection: \(error) The program runs on without recording.")
            }
        }
        TraceRecording.startSpansFromEnvironment()
    }()

    static func startSession(_ session: TraceSession) {
        allSessions.withLock { $0.append(session) }
        if let previous = activeSession.exchange(Unmanaged.passUnretained(session), ordering: .sequentiallyConsistent) {
            previous.takeUnretainedValue().finish()
        } else {
            RuntimeState.addEventConsumer()
        }
        session.startWriter()
        session.append(.container(Container.default.info))
    }

    @discardableResult
    static func stopSession() -> TraceSession? {
        guard let previous = activeSession.exchange(nil, ordering: .sequentiallyConsistent) else { return nil }
        let session = previous.takeUnretainedValue()
        session.finish()
        RuntimeState.removeEventConsumer()
        return session
    }

    /// Writes out everything recorded so far; called on the runtime's fatal paths before the process stops.
    static func flushForCrash(message: String) {
        session?.drain()
        ResolutionSpans.current?.endAllBeforeStopping(message: message)
    }

    // MARK: Events

    // The per-resolution paths below use the session without retaining it: sessions are never freed, and
    // a reference count written by every recording thread on every resolution would make them contend.

    private static func emit(_ event: TraceEvent, capture: TraceCapture?) {
        activeSession.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.append(event) }
        capture?.append(event)
    }

    private static func announce(_ factory: FactoryMetadata, capture: TraceCapture?) {
        activeSession.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { session in
            if factory.announcedSession.load(ordering: .relaxed) != session.id,
               factory.announcedSession.exchange(session.id, ordering: .relaxed) != session.id {
                appendDeclaration(factory, to: session)
            }
        }
        capture?.announce(factory)
    }

    static func factoryDeclared(_ factory: FactoryMetadata) {
        _ = bootstrap
        guard RuntimeState.instrumentationActive, let session else { return }
        factory.announcedSession.store(session.id, ordering: .relaxed)
        // Timed with the whole declaration (``ThreadContext/excludedNanoseconds``).
        session.append(.factory(factory, time: MonotonicClock.now()))
    }

    /// Writes a `factory` line, timed so that the resolutions running on this thread leave it out.
    private static func appendDeclaration(_ factory: FactoryMetadata, to session: TraceSession) {
        let start = MonotonicClock.now()
        session.append(.factory(factory, time: start))
        ThreadContext.current.pointee.excludedNanoseconds &+= MonotonicClock.now() &- start
    }

    /// Starts timing a resolution; `nil` (a bit test of the runtime word the caller already loaded, inlined)
    /// while nothing is recording.
    @inlinable
    static func begin(_ factory: FactoryMetadata, container: Container, site: CallSite, word: Int) -> ResolutionProbe? {
        #if DI_INSTRUMENTATION_COMPILED_OUT
        // Only for measuring what instrumentation costs while off (`make bench-compiled-out`).
        return nil
        #else
        guard word & RuntimeState.instrumentationBit != 0 else { return nil }
        return beginRecording(factory, container: container, site: site)
        #endif
    }

    @usableFromInline
    static func beginRecording(_ factory: FactoryMetadata, container: Container, site: CallSite) -> ResolutionProbe? {
        let capture = container.enclosingCapture
        announce(factory, capture: capture)
        let context = ThreadContext.current
        let id = context.pointee.makeResolutionID()
        let parent = ResolutionPath.parentResolutionID() ?? 0
        let endedTest = container.enclosingTest.flatMap { $0.isExecuting ? nil : $0 }
        let start = MonotonicClock.now()
        let spans = ResolutionSpans.unretainedCurrent.flatMap { spans in
            spans._withUnsafeGuaranteedRef {
                $0.begin(id: id, parent: parent, start: start, factory: factory, container: container.info)
            } ? spans : nil
        }
        return ResolutionProbe(
            id: id, parent: parent, start: start, containerID: container.info.id, spans: spans,
            thread: context.pointee.threadNumber, onMainThread: context.pointee.isMainThread, capture: capture, site: site,
            excludedAtStart: context.pointee.excludedNanoseconds, endedTest: endedTest
        )
    }

    /// Records a finished resolution; nothing (an inlined nil check) when `begin` returned nil.
    /// `error` is what a failed resolution threw, for its span's error status.
    @inlinable
    static func finish(
        _ probe: ResolutionProbe?, _ factory: FactoryMetadata, outcome: ResolutionOutcome, source: ResolutionSource,
        error: (any Error)? = nil
    ) {
        guard let probe else { return }
        finishRecording(probe, factory, outcome: outcome, source: source, error: error)
    }

    @usableFromInline
    static func finishRecording(
        _ probe: ResolutionProbe, _ factory: FactoryMetadata, outcome: ResolutionOutcome, source: ResolutionSource,
        error: (any Error)?
    ) {
        let end = MonotonicClock.now()
        let context = ThreadContext.current
        // Factory declarations and trace bookkeeping done on this thread meanwhile are not the resolver's time (an async resolution that
        // moved to another thread keeps it: the two threads' counts cannot be compared).
        let bookkeeping = context.pointee.threadNumber == probe.thread
            ? context.pointee.excludedNanoseconds &- probe.excludedAtStart : 0
        let elapsed = end &- probe.start
        let record = ResolutionRecord(
            id: probe.id, factory: factory.id, container: probe.containerID, parent: probe.parent,
            outcome: outcome, source: source, start: probe.start,
            nanoseconds: elapsed > bookkeeping ? elapsed - bookkeeping : 0, thread: probe.thread,
            onMainThread: probe.onMainThread
        )
        emit(.resolution(record), capture: probe.capture)
        probe.spans?._withUnsafeGuaranteedRef { $0.finish(record, end: end, error: error) }
        // A leaked resolution has its own issue already; anything else that ran in an ended test is late.
        if let test = probe.endedTest, source != .leaked {
            Diagnostics.recordLate(factory, test: test, site: probe.site, containerID: probe.containerID,
                                   capture: probe.capture, resolutionID: probe.id)
        }
    }

    /// Runs a resolver that is creating an instance, for a resolution a span consumer noted (callers check
    /// `probe.spans` first, so nothing else pays for the call). While spans have no minimum duration, the
    /// resolution's span is started now and is the current span while the resolver runs, so spans the resolver's own
    /// code starts are its children; otherwise it just runs `body`.
    @usableFromInline
    static func runResolver<T>(_ probe: ResolutionProbe, _ body: () throws -> T) rethrows -> T {
        guard let context = resolverSpanContext(probe) else { return try body() }
        return try ServiceContext.withValue(context, operation: body)
    }

    /// ``runResolver(_:_:)`` for async resolvers.
    static func runResolver<T>(
        _ probe: ResolutionProbe, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        guard let context = resolverSpanContext(probe) else { return try await body() }
        return try await ServiceContext.withValue(context, isolation: isolation, operation: body)
    }

    /// The context of the resolution's span, started now, or `nil` when its span is decided at its end.
    private static func resolverSpanContext(_ probe: ResolutionProbe) -> ServiceContext? {
        probe.spans?._withUnsafeGuaranteedRef { $0.startBeforeResolver(probe.id) }
    }

    static func registrationChanged(
        _ factory: FactoryMetadata, container: Container, action: RegistrationAction, fileID: StaticString, line: UInt, depth: Int
    ) {
        guard RuntimeState.instrumentationActive else { return }
        let capture = container.enclosingCapture
        announce(factory, capture: capture)
        let record = RegistrationRecord(
            action: action, factory: factory.id, container: container.info.id, fileID: fileID, line: line,
            depth: depth, time: MonotonicClock.now()
        )
        emit(.registration(record), capture: capture)
    }

    static func containerCreated(_ container: Container) {
        guard RuntimeState.instrumentationActive else { return }
        emit(.container(container.info), capture: container.enclosingCapture)
    }

    static func containerEnded(_ container: Container) {
        guard RuntimeState.instrumentationActive else { return }
        emit(.containerEnded(id: container.info.id, time: MonotonicClock.now()), capture: container.enclosingCapture)
    }

    static func issue(
        _ kind: IssueKind, factory: FactoryMetadata, container: Container, resolutionID: UInt64?,
        path: [FactoryMetadata], site: CallSite?, message: String, fatal: Bool
    ) {
        issue(kind, factory: factory, containerID: container.info.id, capture: container.enclosingCapture,
              resolutionID: resolutionID, path: path, site: site, message: message, fatal: fatal,
              test: container.enclosingTest?.info.testName, afterEnd: container.enclosingTest?.timeSinceEnd)
    }

    static func issue(
        _ kind: IssueKind, factory: FactoryMetadata, containerID: UInt64, capture: TraceCapture?, resolutionID: UInt64?,
        path: [FactoryMetadata], site: CallSite?, message: String, fatal: Bool, test: String?, afterEnd: UInt64?
    ) {
        guard RuntimeState.instrumentationActive else { return }
        for step in path { announce(step, capture: capture) }
        announce(factory, capture: capture)
        let record = IssueRecord(
            kind: kind, factory: factory.id, container: containerID, resolution: resolutionID,
            path: path.map(\.id), file: site.map { $0.fileID.description } ?? "", line: site?.line ?? 0,
            function: site.map { $0.function.description } ?? "", message: message, fatal: fatal,
            time: MonotonicClock.now(), test: test, afterEnd: afterEnd
        )
        emit(.issue(record), capture: capture)
        if let resolutionID { ResolutionSpans.current?.noteIssue(resolutionID: resolutionID, message: message) }
        if fatal { session?.drain() }
    }
}
