import Foundation
import InspectorKit
import Testing
import TraceVocabulary

/// Feeds random bytes, mutated valid traces and hostile values to the reader: it must only succeed or throw
/// ``TraceReadError``, never crash or hang; what it reads must render in every format with that format's
/// escaping intact (no raw control characters in text or DOT, one GitHub command per problem, valid JSON).
@Suite("TraceReader fuzzing")
struct TraceReaderFuzzTests {
    @discardableResult
    private func feed(_ data: Data) -> Bool {
        do {
            let result = try TraceReader.read(data: data, path: "fuzz")
            // Whatever was read must be analysable and renderable in every format, and each format must hold
            // what its escaping promises.
            let analysis = TraceAnalysis(trace: result.trace)
            let problems = TraceChecker.check(analysis, options: .init(slowThresholdNanoseconds: 1))
            let text = CheckReport.text(problems, analysis: analysis, path: "fuzz")
            expectTerminalSafe(text, keepingNewlines: true, in: "check")
            expectTerminalSafe(StatsReport.text(analysis), keepingNewlines: true, in: "stats")
            expectTerminalSafe(renderResolutionTree(analysis), keepingNewlines: true, in: "trace")
            for warning in result.warnings { expectTerminalSafe(TerminalEscaping.escape(warning.description), in: "warning") }
            let github = CheckReport.github(problems, analysis: analysis)
            #expect(github.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
            #expect(!github.unicodeScalars.contains("\r"))
            #expect(github.split(separator: "\n").count == problems.count)
            let dump = DumpReport.render(analysis)
            #expect((try? JSONSerialization.jsonObject(with: Data(dump.utf8))) != nil, "dump is not JSON")
            if let dot = try? renderGraph(analysis, options: GraphOptions(format: .dot)) {
                expectTerminalSafe(String(decoding: dot, as: UTF8.self), keepingNewlines: true, in: "dot")
            }
            return true
        } catch {
            // Typed throws: the only possible error is TraceReadError, and it must describe itself.
            #expect(!error.description.isEmpty)
            return false
        }
    }

    private func expectTerminalSafe(_ text: String, keepingNewlines: Bool = false, in output: String) {
        let unsafe = text.unicodeScalars.first { TerminalEscaping.isUnsafe($0) && !(keepingNewlines && $0 == "\n") }
        #expect(unsafe == nil, "unescaped U+\(String(unsafe?.value ?? 0, radix: 16)) in \(output): \(text.debugDescription.prefix(600))")
    }

    @Test("hostile ids, repeats, parent loops and control characters never crash and never reach output raw", arguments: 0..<4)
    func hostileValues(_ seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 100)
        let large = [1 << 32, (1 << 32) + 1, Int.max]
        let invalid = [0, -1, -Int.max]
        let pieces = ["A", "\u{1B}[2J", "\r\n::warning::x", "\u{202E}", "\u{0}", "%0A", ",:", "\\", "\"", "\u{9B}", "é"]
        func id() -> Int {
            switch Int.random(in: 0..<40, using: &random) {
            case 0: invalid.randomElement(using: &random)!
            case 1...4: large.randomElement(using: &random)!
            default: Int.random(in: 1...4, using: &random)
            }
        }
        func name() -> String { (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        func json(_ object: [String: Any]) -> String {
            String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
        }
        let header = #"{"format":"di-trace","version":1,"pid":1,"executable":"a","argumentCount":0,"startTime":"x","clock":"monotonic-ns"}"#
        var read = 0
        for _ in 0..<150 {
            var lines = [header]
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    lines.append(json([
                        "event": "factory", "id": id(), "type": name(), "name": Bool.random(using: &random) ? name() : NSNull(),
                        "module": name(), "file": name(), "line": 1, "scope": "cached", "kind": "sync", "t": 1,
                    ]))
                case 1:
                    lines.append(json([
                        "event": "resolution", "id": id(), "factory": id(), "container": id(),
                        "parent": Bool.random(using: &random) ? id() : NSNull(), "outcome": "created", "source": "override",
                        "start": Int.random(in: 0...9, using: &random), "ns": 5, "thread": 1,
                    ]))
                case 2:
                    lines.append(json([
                        "event": "container", "id": id(), "kind": Bool.random(using: &random) ? "test" : "nested",
                        "parent": Bool.random(using: &random) ? id() : NSNull(), "file": name(), "line": 1, "function": name(),
                        "test": name(), "t": 1,
                    ]))
                case 3:
                    lines.append(json([
                        "event": "registration", "action": "push", "factory": id(), "container": id(), "file": name(),
                        "line": 1, "depth": 1, "t": Int.random(in: 0...9, using: &random),
                    ]))
                case 4:
                    lines.append(json([
                        "event": "issue", "kind": "cycle", "factory": id(), "container": id(), "resolution": NSNull(),
                        "path": [id(), id()], "file": name(), "line": 1, "function": name(), "message": name(), "fatal": false, "t": 1,
                    ]))
                default:
                    lines.append(#"{"event":"end","t":9,"events":1}"#)
                }
            }
            if feed(Data((lines.joined(separator: "\n") + "\n").utf8)) { read += 1 }
        }
        #expect(read > 30, "only \(read) of 150 hostile traces were readable; the rest exercise nothing past the reader")
    }

    @Test("random bytes never crash the reader", arguments: 0..<4)
    func randomBytes(_ seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let count = Int.random(in: 0..<512, using: &random)
            feed(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }))
        }
    }

    @Test("random JSON-ish text after a valid header never crashes the reader", arguments: 0..<4)
    func randomJSONish(_ seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
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
        var random = SplitMix64(seed: UInt64(name.utf8.count))
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
