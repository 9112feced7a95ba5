import ArgumentParser
import InspectorKit

struct CoverageCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Which declared factories recorded test runs resolved, created and overrode; exit 1 under --min.",
        discussion: """
            Joins a scan (di-inspect scan) with traces of test runs by declaration site: per module and per \
            factory, resolutions, creations and overrides (doubles registered in test containers); the \
            factories no trace resolved; the test values of TestDefaults no resolution used; a summary line.

            Example:
              di-inspect scan Sources Tests -o scan.json
              di-inspect record -o tests.ditrace -- swift test
              di-inspect coverage --scan scan.json tests.ditrace --min 80
            """
    )

    @Option(help: "The scan result to compare with (written by di-inspect scan).", completion: .file())
    var scan: String

    @Argument(help: "Traces of test runs.", completion: .file())
    var traces: [String]

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(
        name: .customLong("min"),
        help: "Exit 1 when fewer than this percentage of the declared factories were resolved.")
    var minimum: String?

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Give at least one trace of a test run after --scan SCAN.") }
        if minimum != nil, minimumPercent == nil {
            throw ValidationError("--min must be a percentage from 0 to 100, such as 80 or 80%, not \"\(minimum!)\".")
        }
    }

    /// `--min` as a number: `80` or `80%`, from 0 to 100.
    var minimumPercent: Double? {
        guard var text = minimum else { return nil }
        if text.hasSuffix("%") { text.removeLast() }
        guard let value = Double(text), value >= 0, value <= 100 else { return nil }
        return value
    }

    func run() throws {
        try Inspector.coverage(
            scanPath: scan, tracePaths: traces, json: format == .json, minimumPercent: minimumPercent
        )
        .emit()
    }
}
