import ArgumentParser
import InspectorKit

struct StatsCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Per-factory resolutions, creations, cache-hit ratio and time percentiles, most self time first.",
        discussion: """
            Self time leaves out the time of the resolutions a resolver triggered; the other durations include \
            it. Percentiles use the nearest-rank method. With --critical-path, prints instead the chain of \
            resolutions whose self times add up to the most (--startup-ms N: among those that started in the \
            first N ms), with each step's share.

            Example:
              di-inspect stats app.ditrace
              di-inspect stats traces/
              di-inspect stats --format json app.ditrace
              di-inspect stats --critical-path --startup-ms 100 app.ditrace
            """
    )

    @Argument(help: "The trace files, or directories of them, to read as one.", completion: .file())
    var traces: [String]

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Flag(
        name: .customLong("critical-path"), help: "Print the chain of resolutions with the most self time instead.")
    var criticalPath = false

    @Option(
        name: .customLong("startup-ms"), help: "With --critical-path: only resolutions that started in the first N ms.")
    var startupMilliseconds: Double?

    func validate() throws {
        if let startupMilliseconds {
            if !criticalPath { throw ValidationError("--startup-ms goes with --critical-path.") }
            if !(startupMilliseconds > 0 && startupMilliseconds <= 1e9) {
                throw ValidationError(
                    "--startup-ms must be more than 0 and at most 1000000000 ms, not \(startupMilliseconds).")
            }
        }
    }

    func run() throws {
        if criticalPath {
            try Inspector.criticalPath(
                tracePaths: traces, startupMilliseconds: startupMilliseconds, json: format == .json
            ).emit()
            return
        }
        try Inspector.stats(tracePaths: traces, json: format == .json).emit()
    }
}
