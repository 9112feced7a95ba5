import ArgumentParser
import InspectorKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find problems in traces; exit 0 when clean, 1 when problems were found, 2 on bad input.",
        discussion: """
            Reports the runtime's issues (cycle, unregistered, leaked, escaped) and what the trace shows: \
            unused-test-registration, stale-singleton, captive-dependency, main-thread-blocking, and with \
            --slow-ms, slow-resolver. With --scan (a di-inspect scan result): hidden-dependency, \
            never-resolved and would-be-unregistered (the test verify).

            Example:
              di-inspect check app.ditrace
              di-inspect check --format github --slow-ms 5 tests.ditrace
              di-inspect check --scan scan.json tests.ditrace
            """
    )

    @Argument(help: "The trace files to check.", completion: .file())
    var traces: [String]

    @Option(help: "Output format: text, json or github (GitHub Actions annotations).")
    var format: CheckReport.Format = .text

    @Flag(help: "Report warnings (slow, late and stalled resolutions) as errors.")
    var strict = false

    @Option(
        name: .customLong("slow-ms"),
        help: ArgumentHelp(
            "Report factories whose own resolver (self time, dependencies left out) took longer than this many "
                + "milliseconds in one resolution."))
    var slowMilliseconds: Double?

    @Option(name: .customLong("main-thread-ms"), help: "The main thread's frame budget: report synchronous main-thread resolutions whose own time is longer (default 16; 0 reports all).")
    var mainThreadMilliseconds: Double = 16

    @Option(help: "A di-inspect scan result to compare the traces with.", completion: .file())
    var scan: String?

    @Flag(
        name: .customLong("captive-scopes"),
        help: "Also report .shared and .unique instances that a cached instance keeps (a test's instance kept outside the test is always reported).")
    var captiveScopes = false

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Give at least one trace file to check.") }
        if let slowMilliseconds, TraceChecker.Options.slowThreshold(milliseconds: slowMilliseconds) == nil {
            throw ValidationError(InspectorError.invalidSlowMilliseconds(slowMilliseconds).description)
        }
        if !(mainThreadMilliseconds >= 0 && mainThreadMilliseconds <= 3_600_000) {
            throw ValidationError(
                "--main-thread-ms must be from 0 to 3600000 milliseconds (an hour), not \(mainThreadMilliseconds).")
        }
    }

    func run() throws {
        try Inspector.check(
            tracePaths: traces, format: format, slowMilliseconds: slowMilliseconds,
            mainThreadMilliseconds: mainThreadMilliseconds, scanPath: scan, strict: strict,
            captiveScopes: captiveScopes, style: .forStandardOutput()
        ).emit()
    }
}
