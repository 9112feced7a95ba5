import DependencyInjection
import DependencyInjectionTesting
import InMemoryTracing
import Testing
import TestSupport
import Tracing

extension Container {
    fileprivate static let spannedGreeter = Factory(name: "spanned greeter") { NamedGreeter("production") as any Greeter }
}

@Suite("Live spans in a test that uses the trait")
struct TraitSpanTests {
    @Test("a test's resolutions carry the test's name, its test container and the override", .testContainer)
    func testNameAttribute() throws {
        let tracer = InMemoryTracer()
        TraceRecording.startSpans(tracer: tracer)
        defer { TraceRecording.stopSpans() }
        Container.spannedGreeter.register { NamedGreeter("test") }
        tracer.withSpan("test body") { _ in _ = Container.spannedGreeter() }

        let body = try #require(tracer.finishedSpans.first { $0.operationName == "test body" })
        let span = try #require(tracer.finishedSpans.first {
            $0.traceID == body.traceID && $0.operationName == #"resolve any Greeter "spanned greeter""#
        })
        func string(_ key: String) -> String? {
            if case .string(let value)? = span.attributes[key]?.toSpanAttribute() { return value }
            return nil
        }
        #expect(span.parentSpanID == body.spanID)
        #expect(string("di.test.name")?.contains("testNameAttribute") == true, "\(String(describing: string("di.test.name")))")
        #expect(string("di.container.kind") == "test")
        #expect(string("di.resolution.source") == "override")
        #expect(string("di.resolution.outcome") == "created")
    }
}
