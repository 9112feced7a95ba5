import Foundation
import InspectorKit
import Testing

@Suite("Bad input")
struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var path: @Sendable () throws -> String
        var expected: @Sendable (String) -> TraceReadError
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "missing file", path: { "/nonexistent/missing.ditrace" }, expected: { .fileNotFound(path: $0) },
            message: "/nonexistent/missing.ditrace: no such file; check the path, or record a trace with "
                + "`di-inspect record -o /nonexistent/missing.ditrace -- COMMAND`."),
        // Commands read the traces in a directory; one without any is the error.
        Case(
            name: "directory", path: { try emptyDirectory() }, expected: { .isDirectory(path: $0) },
            message: "is a directory with no .ditrace files in it; record into it first, or pass trace files."),
        Case(
            name: "empty file", path: { "empty.ditrace".fixturePath }, expected: { .empty(path: $0) },
            message: "empty.ditrace is empty, so it holds no trace;"),
        Case(
            name: "not a trace", path: { "not-a-trace.txt".fixturePath },
            expected: { .notATrace(path: $0, reason: "line 1 is not valid JSON") },
            message: "not-a-trace.txt:1: this is not a di-trace file (line 1 is not valid JSON)"),
        Case(
            name: "unknown version", path: { "bad-version.ditrace".fixturePath },
            expected: { .unsupportedVersion(path: $0, version: "2") },
            message: "bad-version.ditrace:1: the trace is di-trace version 2, but this di-inspect reads version 1 only"),
        Case(
            name: "invalid JSON on line 3", path: { "invalid-json.ditrace".fixturePath },
            expected: { .invalidJSON(path: $0, line: 3, reason: "expected ',' or '}' at column 56") },
            message: "invalid-json.ditrace:3: line 3 is not valid JSON (expected ',' or '}' at column 56)"),
    ]

    private static func emptyDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-no-traces").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("each bad input throws the right typed error", arguments: cases)
    func throwsTypedError(_ badInput: Case) throws {
        let path = try badInput.path()
        #expect(throws: badInput.expected(path)) { try TraceReader.read(path: path) }
    }

    @Test("each bad input gives one clear sentence on standard error and exit code 2", arguments: cases)
    func exitCodeTwo(_ badInput: Case) throws {
        let path = try badInput.path()
        for result in [
            Inspector.dump(tracePath: path), Inspector.check(tracePaths: [path]), Inspector.stats(tracePath: path),
            Inspector.trace(tracePath: path), Inspector.graph(tracePath: path, outputPath: "-"),
        ] {
            #expect(result.exitCode == 2)
            #expect(result.output.isEmpty)
            #expect(result.diagnostics.hasPrefix("error: "))
            #expect(result.diagnostics.contains(badInput.message))
            #expect(result.diagnostics.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test("a line that is valid JSON but not a valid event names the line and the field")
    func invalidEventNamesField() {
        let text = """
            {"format":"di-trace","version":1,"pid":1,"executable":"a","arguments":[],"startTime":"x","clock":"monotonic-ns"}
            {"event":"factory","id":1,"type":"Int","name":null,"module":"M","file":"M/F.swift","line":1,"scope":"forever","kind":"sync","t":1}
            {"event":"end","t":3,"events":1}

            """
        #expect(
            throws: TraceReadError.invalidEvent(
                path: "mem", line: 2,
                reason: #"the "factory" event's "scope" is "forever", expected one of "unique", "cached", "shared""#)
        ) {
            try TraceReader.read(data: Data(text.utf8), path: "mem")
        }
    }

    @Test("check reads the good traces and still exits 2 when one is bad")
    func checkMixedInputs() {
        let result = Inspector.check(tracePaths: ["cycle.ditrace".fixturePath, "empty.ditrace".fixturePath])
        #expect(result.exitCode == 2)
        #expect(result.outputText.contains("error[cycle]"))
        #expect(result.diagnostics.contains("empty.ditrace is empty"))
    }

    @Test("an output file whose format cannot be told is a usage error")
    func unknownGraphFormat() {
        let result = Inspector.graph(tracePath: "clean.ditrace".fixturePath, outputPath: "/tmp/graph.unknown")
        #expect(result.exitCode == 2)
        #expect(result.diagnostics.contains(#"Cannot tell the output format from "/tmp/graph.unknown""#))
    }
}
