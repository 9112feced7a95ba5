public import Foundation

/// Generates deterministic traces shaped like real apps, for tests and benchmarks.
///
/// A trace has ``AppTraceShape/factories`` factories in ``AppTraceShape/modules`` modules with
/// ``AppTraceShape/edges`` dependency edges (many across modules), every scope and resolver kind, cache
/// hits, failures, a cycle, test containers with registrations and test defaults (one unregistered, one
/// leaked and one escaped resolution among them), and several threads. A few factory names hold
/// characters that renderers must escape: quotes, `<markup>`, `&`, a CRLF, a backslash, braces and
/// non-ASCII letters. Nothing large is checked in: generate what you need.
///
/// ```swift
/// let trace = try TraceReader.read(data: AppTrace.generate(.small)).trace
/// try AppTrace.write(.extraLarge, toFile: "/tmp/xl.ditrace")   // streams; never held in memory
/// ```
public enum AppTrace {
    /// The trace as bytes (JSON Lines ending with an `end` event and a newline).
    ///
    /// For sizes up to L; write XL to a file with ``write(_:toFile:)``.
    ///
    /// ```swift
    /// let data = AppTrace.generate(.small)
    /// ```
    public static func generate(_ shape: AppTraceShape) -> Data {
        let sink = TraceLineSink()
        var emitter = AppTraceEmitter(shape: shape, sink: sink)
        emitter.emit()
        sink.finish()
        return sink.data
    }

    /// Writes the trace to `path`, creating or replacing the file, with at most about a megabyte in
    /// memory at a time.
    ///
    /// Throws ``SyntheticTraceError/cannotWrite(path:reason:)`` when the file cannot be created or written.
    ///
    /// ```swift
    /// try AppTrace.write(.large, toFile: "l.ditrace")
    /// ```
    public static func write(_ shape: AppTraceShape, toFile path: String) throws(SyntheticTraceError) {
        let sink = try TraceLineSink(path: path)
        var emitter = AppTraceEmitter(shape: shape, sink: sink)
        emitter.emit()
        sink.finish()
        if let failure = sink.failure { throw failure }
    }
}
