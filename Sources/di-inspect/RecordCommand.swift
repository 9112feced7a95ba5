import ArgumentParser
import InspectorKit

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a command with tracing on, pass its exit code through, and summarise the trace.",
        discussion: """
            Sets DI_INSPECT_TRACE for the command to a temporary file beside the -o path, and renames it onto \
            the -o path when the command wrote a trace. The summary (factories, resolutions, problems, the five \
            slowest factories) goes to standard error after the command ends. -o must not be a directory, a FIFO \
            or a device; an existing file that is not a trace is replaced only with --force. SIGINT, SIGTERM and \
            SIGHUP sent to record are passed on to the command, and record waits for it.

            Example:
              di-inspect record -o tests.ditrace -- swift test --filter OrderTests
            """
    )

    @Option(name: .shortAndLong, help: "Where the trace is written.", completion: .file())
    var output: String

    @Flag(help: "Replace an existing -o file even if it is not a trace (or is a symbolic link).")
    var force = false

    @Argument(parsing: .postTerminator, help: "The command to run and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        if output.isEmpty { throw ValidationError("-o needs a file path for the trace, as in `-o app.ditrace`.") }
        if command.isEmpty {
            throw ValidationError("Give the command to record after --, as in `di-inspect record -o app.ditrace -- ./App`.")
        }
    }

    func run() throws {
        try Inspector.record(tracePath: output, command: command, force: force).emit()
    }
}
