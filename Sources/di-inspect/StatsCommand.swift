import ArgumentParser
import InspectorKit

struct StatsCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Per-factory resolutions, creations, cache-hit ratio and time percentiles, slowest first.",
        discussion: """
            Durations include child resolutions. Percentiles use the nearest-rank method.

            Example:
              di-inspect stats app.ditrace
              di-inspect stats --format json app.ditrace
            """
    )

    @Argument(help: "The trace file to read.", completion: .file())
    var trace: String

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    func run() throws {
        try Inspector.stats(tracePath: trace, json: format == .json).emit()
    }
}
