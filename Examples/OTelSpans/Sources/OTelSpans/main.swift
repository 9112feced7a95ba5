import DependencyInjection
import Logging
import OTel
import ServiceLifecycle
import Tracing

// Spans go to the OTLP/HTTP endpoint in OTEL_EXPORTER_OTLP_ENDPOINT (default http://localhost:4318), as
// swift-otel reads it; an OpenTelemetry Collector, Jaeger or Tempo can receive them.
var configuration = OTel.Configuration.default
configuration.serviceName = "OTelSpans"
configuration.logs.enabled = false
configuration.metrics.enabled = false
let observability = try OTel.bootstrap(configuration: configuration)

// Every resolution that creates an instance gets a span, nested as resolutions nest, under the request's span.
TraceRecording.startSpans()

let services = ServiceGroup(services: [observability], gracefulShutdownSignals: [], logger: Logger(label: "OTelSpans"))
try await withThrowingTaskGroup { tasks in
    tasks.addTask { try await services.run() }
    try await withSpan("GET /orders") { _ in
        let service = try await Container.orderService()
        print("open orders:", service.openOrders().joined(separator: ", "))
        do {
            _ = try Container.paymentConfiguration()
        } catch {
            print("payment configuration:", error)
        }
    }
    // A graceful shutdown makes swift-otel's batch processor export what it holds before the process ends.
    await services.triggerGracefulShutdown()
    try await tasks.waitForAll()
}
