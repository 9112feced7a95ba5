import Foundation
import Synchronization
import Tracing

/// A tracer that writes one line to standard error (unbuffered) as each span ends, so that a test can see which
/// spans a process ended before it stopped: `span ended: <id> parent=<id or -> status=<error|unset> "<name>" <message>`.
struct PrintingTracer: Tracer {
    private static let nextID = Atomic<Int>(1)

    /// Installs a printing tracer as the process's tracer (`InstrumentationSystem.bootstrap`).
    static func bootstrap() {
        InstrumentationSystem.bootstrap(PrintingTracer())
    }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> PrintingSpan {
        let parent = context()[PrintingSpan.IDKey.self]
        let id = Self.nextID.add(1, ordering: .relaxed).oldValue
        var spanContext = context()
        spanContext[PrintingSpan.IDKey.self] = id
        return PrintingSpan(id: id, parent: parent, name: operationName, context: spanContext)
    }

    func forceFlush() {}

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {}

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {}
}

final class PrintingSpan: Span {
    enum IDKey: ServiceContextKey { typealias Value = Int }

    let id: Int
    let parent: Int?
    let context: ServiceContext
    private let state: Mutex<(name: String, status: SpanStatus?)>

    init(id: Int, parent: Int?, name: String, context: ServiceContext) {
        self.id = id
        self.parent = parent
        self.context = context
        self.state = Mutex((name, nil))
    }

    var operationName: String {
        get { state.withLock { $0.name } }
        set { state.withLock { $0.name = newValue } }
    }

    var attributes: SpanAttributes {
        get { [:] }
        set {}
    }

    var isRecording: Bool { true }

    func setStatus(_ status: SpanStatus) { state.withLock { $0.status = status } }
    func addEvent(_ event: SpanEvent) {}
    func addLink(_ link: SpanLink) {}
    func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {}

    func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let (name, status) = state.withLock { ($0.name, $0.status) }
        let code = status.map { $0.code == .error ? "error" : "ok" } ?? "unset"
        let line = "span ended: \(id) parent=\(parent.map(String.init) ?? "-") status=\(code) \"\(name)\" \(status?.message ?? "")\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
