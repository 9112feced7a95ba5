internal import DependencyInjection
internal import Foundation
internal import Testing
internal import TraceInspection

/// What a failing test prints and attaches: its resolution tree and its trace.
struct FailureReport {
    let testName: String
    let capture: TraceCapture

    /// The test's resolution tree, in the format of `di-inspect trace`.
    func tree(from jsonLines: String) -> String {
        do {
            let trace = try TraceReader.read(data: Data(jsonLines.utf8), path: "trace of \(testName)").trace
            let tree = renderResolutionTree(trace)
            return tree.isEmpty ? "(no resolutions were recorded)" : tree
        } catch {
            return "(the trace could not be read: \(error))"
        }
    }

    /// The text printed for a failing test.
    func text() -> (text: String, jsonLines: String) {
        let jsonLines = capture.jsonLines()
        let header = "── Dependency resolutions of \(testName) (failed) ──"
        let footer = "── The JSON Lines trace is attached as resolution-trace.ditrace (di-inspect reads it). ──"
        return ("\(header)\n\(tree(from: jsonLines))\n\(footer)", jsonLines)
    }

    /// Prints the tree and attaches the tree and the trace to the current test.
    func emit() {
        let (text, jsonLines) = text()
        print(text)
        if Test.current != nil {
            Attachment.record(text, named: "resolution-tree.txt")
            Attachment.record(jsonLines, named: "resolution-trace.ditrace")
        }
    }
}
