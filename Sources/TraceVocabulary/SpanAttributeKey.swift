/// The attribute keys of resolution spans, written once for both producers: the runtime's live spans
/// (`TraceRecording.startSpans`) and `di-inspect export --format otlp-json`.
///
/// OpenTelemetry's own semantic conventions are used where one fits (`thread.id`); the rest are under `di.`.
///
/// ```swift
/// span.attributes[SpanAttributeKey.factoryType] = "any Clock"
/// ```
package enum SpanAttributeKey {
    /// The resolved type, as the trace's `type` (`any CalendarServicing`).
    package static let factoryType = "di.factory.type"
    /// The factory's `name:` argument, when it has one.
    package static let factoryName = "di.factory.name"
    /// The property the factory is declared as (`Container.clock`), when known.
    package static let factoryProperty = "di.factory.property"
    /// The declaration site, `Module/File.swift:12`.
    package static let factorySite = "di.factory.site"
    /// The module that declares the factory.
    package static let factoryModule = "di.factory.module"
    /// `unique`, `cached` or `shared`.
    package static let factoryScope = "di.factory.scope"
    /// `sync`, `syncThrowing`, `async` or `asyncThrowing`.
    package static let factoryKind = "di.factory.kind"
    /// The resolution's id in the trace (a number).
    package static let resolutionID = "di.resolution.id"
    /// `created`, `cacheHit` or `failed`.
    package static let resolutionOutcome = "di.resolution.outcome"
    /// `production`, `override`, `useProduction`, `leaked` or `none`.
    package static let resolutionSource = "di.resolution.source"
    /// The id of the container the resolution ran in (a number).
    package static let containerID = "di.container.id"
    /// `default`, `nested` or `test`.
    package static let containerKind = "di.container.kind"
    /// The test whose test container the resolution ran in.
    package static let testName = "di.test.name"
    /// `true` when the resolution ran on the process's main thread (absent otherwise).
    package static let mainThread = "di.main_thread"
    /// The recording thread's small number (OpenTelemetry's `thread.id`).
    package static let threadID = "thread.id"
}
