internal import DependencyInjection
internal import Foundation
internal import Testing
internal import TraceInspection

/// What a failing test prints and attaches: its resolution tree, the registrations it made but never used, and
/// where its trace was written.
struct FailureReport {
    let testName: String
    let capture: TraceCapture
    /// Names factories by their properties (``ScanNames``).
    var scanNames: ScanNames? = ScanNames.current

    /// The test's resolution tree, in the format of `di-inspect trace`, and its unused registrations.
    func body(from jsonLines: String) -> String {
        do {
            let read = try TraceReader.read(data: Data(jsonLines.utf8), path: "trace of \(testName)").trace
            let trace = scanNames?.join.naming(read) ?? read
            let tree = renderResolutionTree(trace)
            var text = tree.isEmpty ? "(no resolutions were recorded)" : tree
            let unused = TraceChecker.check(TraceAnalysis(trace: trace)).filter { $0.kind == .unusedTestRegistration }
            if !unused.isEmpty {
                text += "\nRegistered by this test but never resolved through that registration:"
                for problem in unused {
                    let site = problem.sites.first.map { " (registered at \($0.file):\($0.line))" } ?? ""
                    let factory = trace.factory(id: problem.factory)
                    text += "\n  • \(factory.displayName) declared at \(factory.site)\(site)"
                }
            }
            return text
        } catch {
            return "(the trace could not be read: \(error))"
        }
    }

    /// The text printed for a failing test; writes the trace file the text names.
    func text() -> (text: String, jsonLines: String) {
        let jsonLines = capture.jsonLines()
        let header = "── Dependency resolutions of \(testName) (failed) ──"
        var footer = "── The JSON Lines trace is attached as resolution-trace.ditrace (swift test --attachments-path DIR saves it)"
        if let path = FailureTraceFile.write(jsonLines, testName: testName) {
            footer += ";\n   written to \(path). Open it with: di-inspect trace \(FailureTraceFile.shellQuoted(path)) ──"
        } else {
            footer += ". ──"
        }
        return ("\(header)\n\(body(from: jsonLines))\n\(footer)", jsonLines)
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
