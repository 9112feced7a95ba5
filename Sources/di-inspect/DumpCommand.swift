import ArgumentParser
import InspectorKit

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a trace as one deterministic JSON object.",
        discussion: """
            The object has factories (with resolution counts and timings), edges, registrations, \
            containers and issues. Keys and ids are sorted, so two dumps of one trace are identical.

            Example:
              di-inspect dump app.ditrace > app.json
              di-inspect dump traces/ > tests.json
            """
    )

    @Argument(help: "The trace files, or directories of them, to read as one.", completion: .file())
    var traces: [String]

    func run() throws {
        try Inspector.dump(tracePaths: traces).emit()
    }
}
