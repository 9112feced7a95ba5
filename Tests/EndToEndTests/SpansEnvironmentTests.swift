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
