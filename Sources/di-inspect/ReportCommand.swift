import ArgumentParser
import InspectorKit

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML file to explore traces in a browser.",
        discussion: """
            The page needs no network and opens from disk: the dependency graph with pan, zoom and search; a \
            click on a factory shows why it was resolved, what supplied it and who depends on it; problems \
            highlighted on the graph; a sortable statistics table (self and inclusive time); resolution trees \
            per container and test; the critical path. Above --full-graph-limit factories the graph opens with \
            one node per module, each expandable.

            Example:
              di-inspect report app.ditrace -o report.html
              di-inspect report traces/ -o report.html --view modules
            """
    )

    @Argument(help: "The trace files or directories to read (analysed as one).", completion: .file())
    var traces: [String] = []

    @Option(name: .shortAndLong, help: "The HTML file to write, or - for standard output.", completion: .file())
    var output: String

    @Option(help: "The graph the page opens with: auto, full (every factory) or modules.")
    var view: HTMLReport.Options.View = .auto

    @Option(name: .customLong("full-graph-limit"), help: "With --view auto: above this many factories, show modules.")
    var fullGraphLimit = 200

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Give at least one trace file or directory to report on.") }
        if fullGraphLimit < 0 {
            throw ValidationError("--full-graph-limit must be zero or more, not \(fullGraphLimit).")
        }
    }

    func run() throws {
        let options = HTMLReport.Options(view: view, fullGraphLimit: fullGraphLimit)
        try Inspector.report(tracePaths: traces, outputPath: output, options: options).emit()
    }
}
