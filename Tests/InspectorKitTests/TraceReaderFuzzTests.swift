import Foundation
import InspectorKit
import Testing

/// Feeds random bytes and mutated valid traces to the reader: it must only succeed or throw
/// ``TraceReadError``, never crash or hang.
@Suite("TraceReader fuzzing")
struct TraceReaderFuzzTests {
    /// A deterministic generator, so a failure can be replayed from its seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func feed(_ data: Data) {
        do {
            let result = try TraceReader.read(data: data, path: "fuzz")
            // Whatever was read must be analysable and renderable as text too.
            let analysis = TraceAnalysis(trace: result.trace)
            _ = TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: 1))
            _ = StatsReport.text(analysis)
            _ = renderResolutionTree(analysis)
            _ = DumpReport.render(analysis)
        } catch {
            // Typed throws: the only possible error is TraceReadError, and it must describe itself.
            #expect(!error.description.isEmpty)
        }
    }

    @Test("random bytes never crash the reader", arguments: 0..<4)
    func randomBytes(_ seed: UInt64) {
        var random = Generator(state: seed)
        for _ in 0..<300 {
            let count = Int.random(in: 0..<512, using: &random)
            feed(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }))
        }
    }

    @Test("random JSON-ish text after a valid header never crashes the reader", arguments: 0..<4)
    func randomJSONish(_ seed: UInt64) throws {
        var random = Generator(state: seed)
        let header = try Fixtures.data("clean.ditrace").split(separator: 0x0A).first!
        let alphabet = Array(#"{}[]":,0123456789-.eE truefalsnul\"event"resolution"factory"#.utf8) + [0x0A]
        for _ in 0..<300 {
            var data = Data(header) + Data([0x0A])
            for _ in 0..<Int.random(in: 0..<400, using: &random) { data.append(alphabet.randomElement(using: &random)!) }
            feed(data)
        }
    }

    @Test("mutated valid traces never crash the reader", arguments: ["clean", "cycle", "unregistered-leaked", "stale-unused"])
    func mutations(_ name: String) throws {
        let original = try Fixtures.data("\(name).ditrace")
        var random = Generator(state: UInt64(name.utf8.count))
        for iteration in 0..<400 {
            var bytes = [UInt8](original)
            switch iteration % 5 {
            case 0:  // truncation
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            case 1:  // byte flips
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                }
            case 2:  // line shuffles
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                lines.shuffle(using: &random)
                bytes = Array(lines.joined(separator: [0x0A]))
            case 3:  // duplicated lines
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                for _ in 0..<Int.random(in: 1...5, using: &random) {
                    let index = Int.random(in: 0..<lines.count, using: &random)
                    lines.insert(lines[index], at: Int.random(in: 0...lines.count, using: &random))
                }
                bytes = Array(lines.joined(separator: [0x0A]))
            default:  // random bytes inserted at random places
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0...bytes.count, using: &random)
                    bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                }
            }
            feed(Data(bytes))
        }
    }

    @Test("deeply nested JSON is rejected, not a stack overflow")
    func deepNesting() {
        let header = #"{"format":"di-trace","version":1,"pid":1,"executable":"a","arguments":[],"startTime":"x","clock":"monotonic-ns"}"#
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: TraceReadError.self) {
            try TraceReader.read(data: Data((header + "\n" + deep + "\n{}\n").utf8))
        }
    }
}
