/// Formats `resolution` lines, the one event written per resolution, into a stack buffer with raw
/// writes and appends each line once. `Array.append` per field (about eighteen per line, each with its
/// own uniqueness and capacity checks) made the writer thread the bottleneck of a recording.
///
/// The one place the trace's keys are spelled outside TraceVocabulary: each fragment below is a key of
/// `TraceKey.resolutionKeys` with its punctuation, one copy. Composing them from `TraceKey` (a copy and four
/// byte stores per key) made a recorded resolution 60 ns slower (322 → 387 ns, `DIBenchmarks --only
/// "DependencyInjection unique, recording"`, same session). `TraceRoundTripTests.resolutionLineKeys` checks that
/// a line has exactly the vocabulary's keys, in order; the outcome and source values come from the vocabulary.
enum ResolutionLineEncoder {
    /// Longest possible line: eight 20-digit numbers plus the fixed text is well under this.
    private static let capacity = 512

    static func append(_ r: ResolutionRecord, base: UInt64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = LineWriter(base: buffer.baseAddress!)
            writer.literal(#"{"event":"resolution","id":"#)
            writer.number(r.id)
            writer.literal(#","factory":"#)
            writer.number(r.factory)
            writer.literal(#","container":"#)
            writer.number(r.container)
            writer.literal(#","parent":"#)
            if r.parent == 0 { writer.literal("null") } else { writer.number(r.parent) }
            writer.literal(#","outcome":""#)
            writer.literal(r.outcome.literal)
            writer.literal(#"","source":""#)
            writer.literal(r.source.literal)
            writer.literal(#"","start":"#)
            writer.number(r.start >= base ? r.start - base : 0)
            writer.literal(#","ns":"#)
            writer.number(r.nanoseconds)
            writer.literal(#","thread":"#)
            writer.number(UInt64(r.thread))
            if r.onMainThread { writer.literal(#","main":true"#) }
            writer.literal("}\n")
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
        }
    }
}

/// Writes bytes through a raw pointer into a buffer the caller sized.
private struct LineWriter {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    mutating func literal(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    mutating func number(_ value: UInt64) {
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var remaining = value
        var index = count + digits - 1
        repeat {
            base[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
            remaining /= 10
            index -= 1
        } while remaining > 0
        count += digits
    }
}
