public import TraceInspection

/// `di-inspect scan`: reads Swift sources with swift-syntax's parser and returns the factories they
/// declare, the dependencies between them, registrations, test defaults and test containers.
///
/// Paths can be files or directories (walked recursively; see the warnings for what was skipped).
/// Factory sites are `Module/File.swift:line` as the runtime records them, with the module named as
/// SwiftPM names it, so a scan joins traces of the same code exactly.
///
/// ```swift
/// let result = SourceScanner.scan(paths: ["Sources", "Tests"])
/// print(StaticModelWriter.render(result.model))
/// ```
public enum SourceScanner {
    /// A scan's model, and whether any Swift file could be read at all.
    ///
    /// ```swift
    /// if !result.scannedAnything { exit(2) }
    /// ```
    public struct Result: Sendable {
        /// What the sources show; its ``StaticModel/warnings`` list what was skipped.
        public var model: StaticModel
        /// Whether at least one Swift file was read.
        public var scannedAnything: Bool
    }

    /// Scans the Swift files under `paths`.
    ///
    /// Never fails and never blocks on special files: unreadable paths, files that do not parse, bytes
    /// that are not UTF-8, symbolic link loops and FIFOs each give one warning.
    ///
    /// ```swift
    /// let model = SourceScanner.scan(paths: ["Examples"]).model
    /// ```
    public static func scan(paths: [String]) -> Result {
        let finder = SourceFileFinder(paths: paths)
        let facts = finder.files.map(FileScanner.scan)
        let model = ScanLinker.link(facts, paths: paths, warnings: finder.warnings)
        return Result(model: model, scannedAnything: facts.contains(where: \.wasRead))
    }
}
