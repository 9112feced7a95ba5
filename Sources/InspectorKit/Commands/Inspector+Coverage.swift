import Foundation
import TraceVocabulary

extension Inspector {
    /// `di-inspect coverage --scan SCAN TRACE…`: how well the traces cover the scan's factories (see
    /// ``CoverageReport``).
    ///
    /// Exit code 0; 1 when `minimumPercent` is given and coverage is under it; 2 when the scan or a trace
    /// cannot be read.
    ///
    /// ```swift
    /// let result = Inspector.coverage(scanPath: "scan.json", tracePaths: ["tests.ditrace"], minimumPercent: 80)
    /// ```
    public static func coverage(
        scanPath: String, tracePaths: [String], json: Bool = false, minimumPercent: Double? = nil
    ) -> CommandResult {
        let model: StaticModel
        do {
            model = try StaticModelReader.read(path: scanPath)
        } catch {
            return failure(error)
        }
        var diagnostics = ""
        var analyses: [TraceAnalysis] = []
        for path in tracePaths {
            do {
                let result = try TraceReader.read(path: path)
                diagnostics += render(result.warnings)
                analyses.append(TraceAnalysis(trace: result.trace))
            } catch {
                return CommandResult(exitCode: exitBadInput, diagnostics: diagnostics + "error: \(TerminalEscaping.escape(error.description))\n")
            }
        }
        let coverage = CoverageAnalysis(model: model, traces: analyses)
        let text = json ? CoverageReport.json(coverage) : CoverageReport.text(coverage)
        var exitCode = exitSuccess
        if let minimumPercent, coverage.percent < minimumPercent {
            exitCode = exitProblems
            diagnostics +=
                "error: Coverage is \(CoverageReport.percent(coverage.percent)), under the --min of "
                + "\(CoverageReport.percent(minimumPercent)); resolve the factories listed under \"Never resolved\" "
                + "in tests.\n"
        }
        return CommandResult(exitCode: exitCode, output: Data(text.utf8), diagnostics: diagnostics)
    }
}
