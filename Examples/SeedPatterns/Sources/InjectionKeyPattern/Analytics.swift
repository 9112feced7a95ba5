// Injection keys (`InjectionKey` + `InjectedValues` + an `@Injected(\.keyPath)` property wrapper) and
// closure-based services (`AnalyticsService.live` / `.mock`) rewritten with DependencyInjection: the key is
// a factory, `InjectedValues[\.x] = mock` is `Container.x.register { mock }` inside a test container, and
// nothing needs resetting in tearDown. See docs/patterns/coming-from-injection-keys.md.
public import DependencyInjection
internal import Synchronization

/// A closure-based service: no protocol, the implementations are values.
public struct AnalyticsService: Sendable {
    /// Records an event with properties.
    public var trackEvent: @Sendable (String, [String: String]) -> Void
    /// Records a screen view.
    public var trackScreen: @Sendable (String) -> Void

    /// Creates a service from its closures.
    public init(
        trackEvent: @escaping @Sendable (String, [String: String]) -> Void,
        trackScreen: @escaping @Sendable (String) -> Void
    ) {
        self.trackEvent = trackEvent
        self.trackScreen = trackScreen
    }

    /// Production: would send to the analytics backend; here it writes to standard output.
    public static let live = AnalyticsService(
        trackEvent: { name, properties in print("analytics event \(name) \(properties.sorted { $0.key < $1.key })") },
        trackScreen: { print("analytics screen \($0)") }
    )

    /// Does nothing.
    public static let mock = AnalyticsService(trackEvent: { _, _ in }, trackScreen: { _ in })

    /// Appends a line per call to `log`, for assertions.
    ///
    /// ```swift
    /// let log = AnalyticsLog()
    /// Container.analytics.register { .recording(into: log) }
    /// ```
    public static func recording(into log: AnalyticsLog) -> AnalyticsService {
        AnalyticsService(
            trackEvent: { name, _ in log.append("event \(name)") },
            trackScreen: { log.append("screen \($0)") }
        )
    }
}

/// What a recording ``AnalyticsService`` saw.
public final class AnalyticsLog: Sendable {
    private let lines = Mutex<[String]>([])
    /// An empty log.
    public init() {}
    /// Adds a line.
    public func append(_ line: String) { lines.withLock { $0.append(line) } }
    /// Every line so far.
    public var entries: [String] { lines.withLock { $0 } }
}

extension Container {
    /// Was `private struct AnalyticsKey: InjectionKey { static var currentValue = AnalyticsService.live }`
    /// plus the `InjectedValues.analytics` accessor, or `@Entry var analytics: AnalyticsService = .live`.
    public static let analytics = Factory { AnalyticsService.live }
}
