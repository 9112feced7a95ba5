import ArgumentParser
import Foundation
import InspectorKit

extension CommandResult {
    /// Writes the output and diagnostics, then ends the command with the result's exit code.
    func emit() throws {
        if !diagnostics.isEmpty { FileHandle.standardError.write(Data(diagnostics.utf8)) }
        if !output.isEmpty { FileHandle.standardOutput.write(output) }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
