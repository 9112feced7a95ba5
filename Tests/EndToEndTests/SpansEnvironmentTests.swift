import Testing

@Suite("End to end: DI_INSPECT_SPANS in a real program")
struct SpansEnvironmentTests {
    @Test("DI_INSPECT_SPANS=1 or all runs the program with spans on (swift-distributed-tracing's no-op tracer), silently")
    func spansOn() throws {
        for mode in ["1", "all"] {
            let run = try Binaries.run(Binaries.fixture, ["clean"], environment: ["DI_INSPECT_SPANS": mode, "DI_INSPECT_SPANS_MIN_MS": "0.5"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("report at 42"))
            #expect(!run.output.contains("DependencyInjection:"), "\(run.output)")
        }
    }

    @Test("a value the runtime cannot use is named in one escaped line, and the program runs on without spans")
    func badValues() throws {
        let cases: [([String: String], String)] = [
            (["DI_INSPECT_SPANS": "yes"], #"DependencyInjection: DI_INSPECT_SPANS="yes" is not 1, all or 0. The program runs on without spans."#),
            (["DI_INSPECT_SPANS": "\u{1B}[2J"], #"DependencyInjection: DI_INSPECT_SPANS="\u{1B}[2J" is not 1, all or 0."#),
            (["DI_INSPECT_SPANS": "1", "DI_INSPECT_SPANS_MIN_MS": "inf"], #"DI_INSPECT_SPANS_MIN_MS="inf" is not a number of milliseconds (as 0.5)."#),
            (["DI_INSPECT_SPANS": "1", "DI_INSPECT_SPANS_MIN_MS": "-1"], #"DI_INSPECT_SPANS_MIN_MS="-1" is not a number of milliseconds"#),
        ]
        for (environment, message) in cases {
            let run = try Binaries.run(Binaries.fixture, ["clean"], environment: environment)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("report at 42"))
            #expect(run.output.contains(message), "\(environment): \(run.output)")
            #expect(!run.output.contains("\u{1B}"), "a raw escape character reached the terminal")
            #expect(run.output.components(separatedBy: "DependencyInjection:").count == 2, "\(run.output)")
        }
    }
}

@Suite("End to end: live spans when the runtime stops the process")
struct SpansCrashTests {
    @Test("a cycle that stops the process ends the open resolutions' spans first, as failed, each under its parent")
    func cycleEndsOpenSpans() throws {
        // No backtrace: the stop itself is the subject, and under the thread sanitizer the backtracer can outlive the
        // stopped process and keep its output pipe open for minutes.
        let run = try Binaries.run(Binaries.fixture, ["spans-cycle-crash"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status != 0)
        #expect(run.output.contains("Dependency cycle"))
        let ended = run.output.split(separator: "\n").filter { $0.hasPrefix("span ended: ") }
        // Before the cycle: Service, Repository and the clock ended normally.
        #expect(ended.contains { $0.contains(#"status=unset "resolve Service""#) }, "\(run.output)")
        // Open when the cycle was found: loopA, loopB inside it, and the second loopA, which found the cycle.
        let loopAs = ended.filter { $0.contains(#""resolve Int "loopA"""#) }
        let loopB = try #require(ended.first { $0.contains(#""resolve Int "loopB"""#) }, "\(run.output)")
        try #require(loopAs.count == 2, "\(run.output)")
        let (inner, outer) = (loopAs[0], loopAs[1])
        func id(_ line: Substring) -> Substring { line.dropFirst("span ended: ".count).prefix { $0 != " " } }
        #expect([inner, loopB, outer].allSatisfy { $0.contains("status=error") })
        #expect(inner.contains("parent=\(id(loopB)) ") && inner.contains(#"" Dependency cycle: "#), "\(inner)")
        #expect(loopB.contains("parent=\(id(outer)) ") && loopB.contains("The process stopped while this resolution ran: Dependency cycle"))
        #expect(outer.contains("parent=- "))
        // Inner spans end before outer ones.
        #expect(ended.firstIndex(of: inner)! < ended.firstIndex(of: loopB)!)
        #expect(ended.firstIndex(of: loopB)! < ended.firstIndex(of: outer)!)
        #expect(run.output.contains("Dependency cycle"))
    }
}
