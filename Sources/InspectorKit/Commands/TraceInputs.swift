import Foundation

/// Reads the traces a command was given (trace files and directories of them) into one analysis.
///
/// A directory stands for the `.ditrace` files directly inside it, in name order. Several traces are
/// combined with ``Trace/merging(_:)`` (factories matched by declaration site and type); one is used as
/// it is. Reading stops at the first trace that cannot be read.
///
/// ```swift
/// let inputs = try TraceInputs.read(["traces/"])
/// print(inputs.files.count, inputs.analysis.trace.factories.count)
/// ```
struct TraceInputs {
    /// The combined analysis.
    var analysis: TraceAnalysis
    /// Reader warnings of every file.
    var warnings: [TraceWarning]
    /// The trace files read, in order.
    var files: [String]
    /// Where each file's container ids start in the combined trace (its ids plus this), in the order of ``files``.
    var containerOffsets: [Int] = [0]

    /// Reads `paths` as one analysis; with `streaming`, each trace as a stream, its resolutions folded with those
    /// options rather than kept (``TraceReader/analyze(path:options:windowCapacity:)``): memory then grows with the
    /// factories, edges and problems of the traces, not with their resolutions, and the analysis has no resolution
    /// tree.
    ///
    /// Throws ``InspectorError/read(_:)`` for a trace that cannot be read, ``InspectorError/noTracesInDirectory(path:)``
    /// for a directory without traces, and ``InspectorError/idsTooLargeToCombine(path:first:)`` for traces whose ids
    /// cannot be kept apart.
    static func read(_ paths: [String], streaming: ResolutionFacts.Options? = nil) throws(InspectorError) -> TraceInputs {
        var files: [String] = []
        for path in paths { files += try expand(path) }
        var results: [TraceReader.Result] = []
        for file in files {
            do {
                if let streaming {
                    results.append(try TraceReader.analyze(path: file, options: streaming))
                } else {
                    results.append(try TraceReader.read(path: file))
                }
            } catch {
                throw .read(error)
            }
        }
        // Streamed traces hold no resolutions: their facts say which ids they used, to keep them apart.
        let facts = results.compactMap(\.facts)
        let trace: Trace
        let maps: [Trace.MergeMap]
        do {
            (trace, maps) = try Trace.merged(
                results.map(\.trace), containerCeilings: facts.map(\.largestContainer),
                resolutionCeilings: facts.map(\.largestResolution))
        } catch {
            throw .idsTooLargeToCombine(path: files[error.position], first: files[0])
        }
        let analysis =
            streaming == nil
            ? TraceAnalysis(trace: trace)
            : TraceAnalysis(streamed: trace, facts: ResolutionFacts.merging(zip(facts, maps).map { ($0, $1) }))
        return TraceInputs(
            analysis: analysis, warnings: results.flatMap(\.warnings), files: files,
            containerOffsets: maps.map(\.containerOffset))
    }

    /// Reads `paths` (files and directories, as ``read(_:)``) without merging: each file's trace as it is.
    static func readEach(_ paths: [String]) throws(InspectorError) -> [(path: String, trace: Trace, warnings: [TraceWarning])] {
        var files: [String] = []
        for path in paths { files += try expand(path) }
        var traces: [(path: String, trace: Trace, warnings: [TraceWarning])] = []
        for file in files {
            do {
                let result = try TraceReader.read(path: file)
                traces.append((file, result.trace, result.warnings))
            } catch {
                throw .read(error)
            }
        }
        return traces
    }

    /// A label for the inputs in reports: the one path, or the first and how many more.
    ///
    /// Shown in `diff` headings and the report's title.
    static func label(_ paths: [String]) -> String {
        guard let first = paths.first else { return "" }
        return paths.count == 1 ? first : "\(first) and \(paths.count - 1) more"
    }

    /// `path`, or the `.ditrace` files directly inside it when it is a directory, in name order.
    static func expand(_ path: String) throws(InspectorError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let traces = names.filter { $0.hasSuffix(".ditrace") && !$0.hasPrefix(".") }.sorted()
        guard !traces.isEmpty else { throw .noTracesInDirectory(path: path) }
        return traces.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
    }
}
