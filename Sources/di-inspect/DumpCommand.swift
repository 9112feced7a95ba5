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
            """
    )

    @Argument(help: "The trace file to read.", completion: .file())
    var trace: String

    func run() throws {
        try Inspector.dump(tracePath: trace).emit()
    }
}
