import Foundation
import TraceVocabulary

extension Inspector {
    /// `di-inspect scan PATH… [-o FILE]`: writes a scan result (see ``StaticModelWriter``) to `outputPath`
    /// (`-` is standard output), with the scan's warnings on standard error.
    ///
    /// Exit code 0, or 2 when no Swift file could be read or the output cannot be written. The scan itself
    /// is made by the `SourceScanning` library (`SourceScanner.scan(paths:)`), which InspectorKit does not
    /// link, so swift-syntax stays out of it.
    ///
    /// ```swift
    /// let result = Inspector.writeScan(SourceScanner.scan(paths: ["Sources"]).model, scannedAnything: true,
    ///                                  outputPath: "scan.json")
    /// ```
    public static func writeScan(_ model: StaticModel, scannedAnything: Bool, outputPath: String) -> CommandResult {
        let warnings = model.warnings.map { "warning: \(TerminalEscaping.escape("\($0)"))\n" }.joined()
        guard scannedAnything else {
            let paths = model.paths.joined(separator: ", ")
            return CommandResult(
                exitCode: exitBadInput,
                diagnostics: warnings + "error: No Swift file could be read under \(paths); pass the folders that "
                    + "hold your sources, as in `di-inspect scan Sources Tests`.\n")
        }
        let json = Data(StaticModelWriter.render(model).utf8)
        let summary =
            "Scanned \(model.fileCount) Swift file\(model.fileCount == 1 ? "" : "s"): \(model.factories.count) "
            + "factories, \(model.edges.count) edges, \(model.registrations.count) registrations, "
            + "\(model.testContexts.count) test containers.\n"
        if outputPath == "-" { return CommandResult(exitCode: exitSuccess, output: json, diagnostics: warnings) }
        do {
            try OutputFile.write(json, to: outputPath)
        } catch {
            return CommandResult(exitCode: exitBadInput, diagnostics: warnings + "error: " + TerminalEscaping.escape(error.description) + "\n")
        }
        return CommandResult(
            exitCode: exitSuccess, output: Data(("Wrote \(outputPath). " + summary).utf8), diagnostics: warnings)
    }

    /// The outcome `check --scan` adds after the traces' own: the scan's problems against all traces
    /// (factories never resolved, the test verify), named with the scan's factories.
    ///
    /// ```swift
    /// let outcome = Inspector.checkScan(join, path: "scan.json", analyses: analyses)
    /// ```
    public static func checkScan(_ join: StaticJoin, path: String, analyses: [TraceAnalysis]) -> CheckReport.Outcome {
        CheckReport.Outcome(
            path: path, problems: ScanChecker.check(join: join, traces: analyses), analysis: join.model.analysis)
    }
}
