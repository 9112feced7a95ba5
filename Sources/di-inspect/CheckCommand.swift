import ArgumentParser
import InspectorKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find problems in traces; exit 0 when clean, 1 when problems were found, 2 on bad input.",
        discussion: """
            Reports the runtime's issues (cycle, unregistered, leaked, escaped) and what the trace shows: \
            unused-test-registration, stale-singleton, and with --slow-ms, slow-resolver.

            Example:
              di-inspect check app.ditrace
              di-inspect check --format github --slow-ms 5 tests.ditrace
            """
    )

    @Argument(help: "The trace files to check.", completion: .file())
    var traces: [String]

    @Option(help: "Output format: text, json or github (GitHub Actions annotations).")
    var format: CheckReport.Format = .text

    @Flag(help: "Report warnings (slow, late and stalled resolutions) as errors.")
    var strict = false

    @Option(name: .customLong("slow-ms"), help: "Report factories whose slowest resolution took longer than this many milliseconds.")
    var slowMilliseconds: Double?

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Give at least one trace file to check.") }
        if let slowMilliseconds, TraceChecker.Options.slowThreshold(milliseconds: slowMilliseconds) == nil {
            throw ValidationError(InspectorError.invalidSlowMilliseconds(slowMilliseconds).description)
        }
    }

    func run() throws {
        try Inspector.check(tracePaths: traces, format: format, slowMilliseconds: slowMilliseconds, strict: strict).emit()
    }
}
