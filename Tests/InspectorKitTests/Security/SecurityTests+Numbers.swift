#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import InspectorKit
import Testing

extension SecurityTests {
    @Test("check --slow-ms refuses infinity, NaN, 1e20 and negative numbers with one sentence and exit 2")
    func slowMilliseconds() {
        for value in [Double.infinity, -.infinity, .nan, 1e20, -1, 1_000_000_001] {
            #expect(TraceChecker.Options.slowThreshold(milliseconds: value) == nil)
            let result = Inspector.check(tracePaths: ["clean.ditrace".fixturePath], slowMilliseconds: value)
            #expect(result.exitCode == 2)
            #expect(result.output.isEmpty)
            #expect(result.diagnostics.hasPrefix("error: --slow-ms must be a number of milliseconds from 0 to"))
            #expect(result.diagnostics.filter { $0 == "\n" }.count == 1)
        }
        #expect(TraceChecker.Options.slowThreshold(milliseconds: 2.5) == 2_500_000)
        #expect(TraceChecker.Options.slowThreshold(milliseconds: 1e9) == 1_000_000_000_000_000)
    }

    @Test("ids of 2^32 and more keep their edges apart")
    func largeIDs() throws {
        let big = 1 << 32
        let data = Self.trace([
            Self.factory(1, "One"), Self.factory(big + 1, "Big"), Self.factory(2, "Two"),
            Self.resolution(1, factory: 1), Self.resolution(big, factory: big + 1, parent: 1),
            Self.resolution(big + 7, factory: 2, parent: big),
        ])
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: data).trace)
        #expect(analysis.edges.map { [$0.from, $0.to] } == [[1, big + 1], [big + 1, 2]])
    }

    @Test("ids the format does not allow (zero, negative, beyond Int64) are rejected with their line")
    func invalidIDs() {
        let cases = [
            Self.resolution(0, factory: 1), Self.resolution(-5, factory: 1), Self.resolution(1, factory: 0),
            Self.resolution(1, factory: 1, parent: -1), #"{"event":"containerEnded","id":-2,"t":1}"#,
            Self.resolution(1, factory: 1).replacingOccurrences(of: #""id":1"#, with: #""id":18446744073709551617"#),
            #"{"event":"issue","kind":"cycle","factory":1,"container":1,"resolution":null,"path":[1,-3],"file":"f","line":1,"function":"f","message":"m","fatal":false,"t":1}"#,
        ]
        for line in cases {
            let data = Self.trace([Self.factory(1, "One"), line])
            #expect {
                try TraceReader.read(data: data, path: "ids.ditrace")
            } throws: { error in
                guard let error = error as? TraceReadError, case .invalidEvent(let path, let number, let reason) = error else {
                    return false
                }
                return path == "ids.ditrace" && number == 3 && reason.contains("ids are whole numbers from 1 to")
            }
        }
    }

    @Test("graph --focus with --depth Int.max stops when no new factory is reached")
    func unboundedDepth() throws {
        let lines = (1...5).map { Self.factory($0, "F\($0)") }
            + (1...5).map { Self.resolution($0, factory: $0, parent: $0 > 1 ? $0 - 1 : nil) }
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: Self.trace(lines)).trace)
        let graph = try DependencyGraph(analysis: analysis, options: GraphOptions(focus: "F1", depth: Int.max))
        #expect(graph.nodes.count == 5)
    }

    @Test("trace on a 20,000-deep parent chain prints output linear in the trace, folding deep levels")
    func deepChain() throws {
        let depth = 20_000
        let lines = [Self.factory(1, "Deep")]
            + (1...depth).map { Self.resolution($0, factory: 1, parent: $0 > 1 ? $0 - 1 : nil, start: $0) }
        let path = try Self.temporaryFile(Self.trace(lines))
        let result = Inspector.trace(tracePath: path)
        #expect(result.exitCode == 0)
        #expect(result.output.count < 200 * depth, "output is \(result.output.count) bytes")
        #expect(result.outputText.contains("…(depth 19,999) └─ Deep"))
        #expect(result.outputText.split(separator: "\n").count == depth + 1)
    }

    @Test("duplicate ids, a second end event and parent cycles are warnings naming the line")
    func repeatsAndLoops() throws {
        let data = Self.trace([
            Self.factory(1, "A"), Self.factory(1, "A again"), #"{"event":"container","id":1,"kind":"default","parent":null,"file":"f","line":1,"function":"f","test":null,"t":1}"#,
            #"{"event":"container","id":1,"kind":"default","parent":null,"file":"f","line":1,"function":"f","test":null,"t":1}"#,
            Self.resolution(1, factory: 1), Self.resolution(1, factory: 1), Self.resolution(10, factory: 1, parent: 11),
            Self.resolution(11, factory: 1, parent: 10), #"{"event":"end","t":5,"events":3}"#,
        ])
        let result = try TraceReader.read(data: data, path: "r.ditrace")
        let descriptions = result.warnings.map(\.description)
        #expect(descriptions.contains { $0.hasPrefix("r.ditrace:3: factory id 1 was already used on line 2") })
        #expect(descriptions.contains { $0.hasPrefix("r.ditrace:5: container id 1 was already used on line 4") })
        #expect(descriptions.contains { $0.hasPrefix("r.ditrace:7: resolution id 1 was already used on line 6") })
        #expect(descriptions.contains { $0.hasPrefix("r.ditrace:11: a second \"end\" event (the first is on line 10)") })
        #expect(descriptions.contains { $0.hasPrefix("r.ditrace:8: the parents of resolution 10 lead back to it") })
        let tree = renderResolutionTree(TraceAnalysis(trace: result.trace))
        #expect(tree.split(separator: "\n").count == 5, "every resolution of the loop is printed once: \(tree)")
    }

    @Test("the unused-test-registration check stays fast with 20,000 registrations and 20,000 overrides")
    func unusedCheckIsLinear() throws {
        var lines = [
            Self.factory(1, "Svc"),
            #"{"event":"container","id":1,"kind":"default","parent":null,"file":"f","line":1,"function":"f","test":null,"t":1}"#,
            #"{"event":"container","id":2,"kind":"test","parent":1,"file":"f","line":1,"function":"f","test":"T/t()","t":1}"#,
        ]
        let count = 20_000
        lines += (0..<count).map {
            #"{"event":"registration","action":"push","factory":1,"container":2,"file":"T/T.swift","line":\#($0),"depth":1,"t":\#(1_000_000 + $0)}"#
        }
        lines += (0..<count).map { Self.resolution($0 + 1, factory: 1, container: 2, start: 5, source: "override") }
        lines.append(Self.resolution(count + 1, factory: 1, container: 2, start: 1_000_000 + count / 2, source: "override"))
        let analysis = TraceAnalysis(trace: try TraceReader.read(data: Self.trace(lines)).trace)
        let clock = ContinuousClock()
        var problems: [Problem] = []
        let elapsed = clock.measure { problems = TraceChecker.check(analysis) }
        // The registrations after the last override (those at t ≥ 1,010,001) were never used.
        #expect(problems.count == count / 2 - 1)
        #expect(elapsed < .seconds(20), "took \(elapsed); quadratic work takes minutes here")
    }

    @Test("a FIFO or a device given as a trace is named for what it is and never opened for reading")
    func specialFiles() throws {
        let fifo = try Self.temporaryFolder() + "/trace.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        DispatchQueue.global().async {
            box.result = Inspector.check(tracePaths: [fifo])
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "check blocked on the FIFO")
        #expect(box.result?.exitCode == 2)
        #expect(box.result?.diagnostics == "error: \(fifo) is a FIFO, not a trace file; pass the path of a .ditrace file "
            + "(record one first if needed).\n")
        #expect(throws: TraceReadError.notARegularFile(path: "/dev/null", kind: "a character device")) {
            try TraceReader.read(path: "/dev/null")
        }
    }

    @Test("dump shows the arguments only when the trace recorded them")
    func dumpArguments() throws {
        let plain = try Self.temporaryFile(Self.trace([]))
        let dump = Inspector.dump(tracePath: plain).outputText
        #expect(!dump.contains("\"arguments\""))
        #expect(dump.contains("\"argumentCount\": 0"))
        let withArguments = Inspector.dump(tracePath: "clean.ditrace".fixturePath).outputText
        #expect(withArguments.contains("\"arguments\": ["))
    }
}

/// Carries a result from the thread that ran a possibly blocking call.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: written once on the worker thread before the semaphore is signalled, read after waiting on it.
    var result: CommandResult?
}

extension SecurityTests {
    @Test("export: a start time that is not ISO 8601, and times past what OTLP holds, are one sentence and exit 2")
    func exportTimes() throws {
        let badStart = try Self.temporaryFile(Self.trace([Self.factory(1, "A"), Self.resolution(1, factory: 1)]))
        let result = Inspector.export(tracePaths: [badStart])
        #expect(result.exitCode == 2)
        #expect(result.diagnostics.contains(#"the header's startTime "x" is not an ISO 8601 UTC time"#), "\(result.diagnostics)")
        #expect(result.output.isEmpty)

        let header = Self.header.replacingOccurrences(of: #""startTime":"x""#, with: #""startTime":"2026-11-23T17:00:00.000Z""#)
        let late = #"{"event":"resolution","id":7,"factory":1,"container":1,"parent":null,"outcome":"created","source":"production","start":9223372036854775807,"ns":9223372036854775807,"thread":1}"#
        let lines = [header, Self.factory(1, "A"), late, #"{"event":"end","t":9,"events":1}"#]
        let path = try Self.temporaryFile(Data((lines.joined(separator: "\n") + "\n").utf8))
        let overflow = Inspector.export(tracePaths: [path])
        #expect(overflow.exitCode == 2)
        #expect(overflow.diagnostics.contains("resolution 7 starts or ends past the year 2554"), "\(overflow.diagnostics)")
    }
}
