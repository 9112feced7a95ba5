import ArgumentParser
import InspectorKit

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print the resolution tree, per container and test.",
        discussion: """
            Each line is one resolution with its outcome, source and duration; children are indented under \
            the resolution that triggered them.

            Example:
              di-inspect trace tests.ditrace --test placesOrder
              di-inspect trace app.ditrace --factory CalendarServicing
            """
    )

    @Argument(help: "The trace files, or directories of them, to read as one.", completion: .file())
    var traces: [String]

    @Option(help: "Only this container id.")
    var container: Int?

    @Option(help: "Only trees that resolve the factory with this name or type.")
    var factory: String?

    @Option(help: "Only containers whose test name contains this text.")
    var test: String?

    func run() throws {
        let filter = ResolutionTreeFilter(container: container, factory: factory, test: test)
        try Inspector.trace(tracePaths: traces, filter: filter, style: .forStandardOutput()).emit()
    }
}
