import ArgumentParser
import InspectorKit

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a command with tracing on, pass its exit code through, and summarise the trace.",
        discussion: """
            Sets DI_INSPECT_TRACE to the -o path for the command. The summary (factories, resolutions, \
            problems, the five slowest factories) goes to standard error after the command ends.

            Example:
              di-inspect record -o tests.ditrace -- swift test --filter OrderTests
            """
    )

    @Option(name: .shortAndLong, help: "Where the trace is written.", completion: .file())
    var output: String

    @Argument(parsing: .postTerminator, help: "The command to run and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty {
            throw ValidationError("Give the command to record after --, as in `di-inspect record -o app.ditrace -- ./App`.")
        }
    }

    func run() throws {
        try Inspector.record(tracePath: output, command: command).emit()
    }
}
