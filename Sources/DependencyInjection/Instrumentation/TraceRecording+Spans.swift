public import Tracing

extension TraceRecording {
    /// Starts a span for each resolution that creates an instance, through swift-distributed-tracing, so that the
    /// tracer the app bootstrapped (swift-otel, for one) sends DI cost next to the app's own spans.
    ///
    /// Spans nest as resolutions do, and a top-level resolution's span is a child of the span current where it was
    /// resolved (`ServiceContext.current`). Each has the `di.*` attributes that `di-inspect export` writes (factory
    /// type, name, property, declaration site, scope, kind, source, outcome, container and its kind, test name,
    /// thread), and a failed resolution has an error status with the runtime's message. The runtime depends on the
    /// tracing API only; which tracer receives the spans is the app's choice. Setting `DI_INSPECT_SPANS=1` in the
    /// environment does the same as calling this with the defaults (`DI_INSPECT_SPANS=all` includes cache hits;
    /// `DI_INSPECT_SPANS_MIN_MS=0.5` sets the minimum duration). Spans run beside a trace file or without one.
    ///
    /// - Parameters:
    ///   - minimumDuration: Resolutions shorter than this get no span, unless a longer one ran inside them (a span
    ///     is decided when its resolution ends, and started with the resolution's own start time).
    ///   - includingCacheHits: Whether cached instances returned get spans too (long enough ones only).
    ///   - tracer: The tracer to use; `nil` uses `InstrumentationSystem.tracer`, looked up at each span.
    ///
    /// ```swift
    /// InstrumentationSystem.bootstrap(tracer)          // e.g. swift-otel's OTelTracer
    /// TraceRecording.startSpans(minimumDuration: .milliseconds(1))
    /// try await withSpan("GET /orders") { _ in _ = await Container.orderService() }
    /// ```
    public static func startSpans(
        minimumDuration: Duration = .zero, includingCacheHits: Bool = false, tracer: (any Tracer)? = nil
    ) {
        _ = Instrumentation.bootstrap
        ResolutionSpans.install(
            ResolutionSpans(
                minimumNanoseconds: minimumDuration.clampedNanoseconds, includesCacheHits: includingCacheHits, tracer: tracer))
    }

    /// Stops starting spans. Spans of resolutions running now are still ended when they finish.
    ///
    /// ```swift
    /// TraceRecording.stopSpans()
    /// ```
    public static func stopSpans() {
        ResolutionSpans.install(nil)
    }

    /// Whether resolutions get spans (``startSpans(minimumDuration:includingCacheHits:tracer:)``).
    public static var isStartingSpans: Bool { ResolutionSpans.current != nil }

    /// Starts spans as `DI_INSPECT_SPANS` and `DI_INSPECT_SPANS_MIN_MS` say, once, with the runtime's bootstrap; a
    /// value it cannot use is named in one line on standard error, and the program runs on without spans.
    static func startSpansFromEnvironment() {
        guard let mode = Environment.value("DI_INSPECT_SPANS"), !mode.isEmpty, mode != "0" else {
            return
        }
        guard mode == "1" || mode == "all" else {
            StandardError.write(
                "DependencyInjection: DI_INSPECT_SPANS=\(Environment.quoted(mode)) is not 1, all or 0. The program runs on without spans.")
            return
        }
        var minimum = Duration.zero
        if let text = Environment.value("DI_INSPECT_SPANS_MIN_MS"), !text.isEmpty {
            guard let milliseconds = Double(text), milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e12 else {
                StandardError.write(
                    "DependencyInjection: DI_INSPECT_SPANS_MIN_MS=\(Environment.quoted(text)) is not a number of milliseconds (as 0.5). The program runs on without spans.")
                return
            }
            minimum = .nanoseconds(Int64(milliseconds * 1_000_000))
        }
        ResolutionSpans.install(
            ResolutionSpans(minimumNanoseconds: minimum.clampedNanoseconds, includesCacheHits: mode == "all", tracer: nil))
    }
}
