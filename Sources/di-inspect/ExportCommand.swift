import ArgumentParser
import InspectorKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write traces as OpenTelemetry spans (OTLP/JSON), to a file or an OTLP/HTTP endpoint.",
        discussion: """
            One span per resolution, nested as the resolutions were, one trace per root resolution and one \
            resource per traced process, with di.* attributes (factory, scope, kind, source, outcome, container, \
            test) and an error status on failed resolutions. The file suits an OpenTelemetry Collector's file \
            receiver; --endpoint posts it to an OTLP/HTTP receiver (the Collector, Jaeger, Tempo).

            Example:
              di-inspect export --format otlp-json app.ditrace -o spans.json
              di-inspect export --format otlp-json traces/ --endpoint http://127.0.0.1:4318/v1/traces
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case otlpJSON = "otlp-json"
    }

    @Argument(help: "The trace files or directories of traces to export.", completion: .file())
    var traces: [String]

    @Option(help: "The export format: otlp-json.")
    var format: Format = .otlpJSON

    @Option(name: .shortAndLong, help: "Where to write the JSON; - (the default) is standard output.", completion: .file())
    var output: String = "-"

    @Option(help: "An OTLP/HTTP traces URL to post the spans to instead, as http://127.0.0.1:4318/v1/traces.")
    var endpoint: String?

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Give at least one trace file to export.") }
        if endpoint != nil && output != "-" { throw ValidationError("Give either -o or --endpoint, not both.") }
    }

    func run() throws {
        try Inspector.export(tracePaths: traces, outputPath: output, endpoint: endpoint).emit()
    }
}
