import Foundation
import InspectorKit
import Testing

/// A trace file is read in 4 MB chunks, never whole: the result must be the same as reading the bytes at once.
@Suite("Reading a trace file in chunks")
struct StreamingReadTests {
    private func file(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-stream-\(UUID().uuidString).ditrace").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("S (3 MB, one chunk) and an L-shaped trace of 20 MB (lines across chunk boundaries) read as from memory")
    func sameAsInMemory() throws {
        var shape = AppTraceShape.large
        shape.resolutions = 200_000
        for data in [AppTraces.small, AppTrace.generate(shape)] {
            let path = try file(data)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let streamed = try TraceReader.read(path: path)
            let inMemory = try TraceReader.read(data: data, path: path)
            #expect(streamed.trace.resolutions.count == inMemory.trace.resolutions.count)
            #expect(streamed.warnings == inMemory.warnings)
            #expect(DumpReport.render(TraceAnalysis(trace: streamed.trace)) == DumpReport.render(TraceAnalysis(trace: inMemory.trace)))
        }
    }

    @Test("a line longer than a chunk, CRLF line ends and a cut-off last line read as from memory")
    func longLinesAndCutOff() throws {
        let header = #"{"format":"di-trace","version":1,"pid":1,"executable":"/a","argumentCount":0,"startTime":"x","clock":"monotonic-ns"}"#
        let longType = String(repeating: "T", count: 5 << 20)
        let factory = #"{"event":"factory","id":1,"type":"\#(longType)","name":null,"module":"M","file":"M/F.swift","line":1,"scope":"unique","kind":"sync","t":1}"#
        let resolution = #"{"event":"resolution","id":1,"factory":1,"container":1,"parent":null,"outcome":"created","source":"production","start":1,"ns":5,"thread":1}"#
        let data = Data((header + "\r\n" + factory + "\r\n" + resolution + "\n" + #"{"event":"resol"#).utf8)
        let path = try file(data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let streamed = try TraceReader.read(path: path)
        let inMemory = try TraceReader.read(data: data, path: path)
        #expect(streamed.trace.factories.first?.type.count == 5 << 20)
        #expect(streamed.trace.resolutions.count == 1)
        #expect(streamed.warnings == inMemory.warnings)
        #expect(streamed.warnings.contains(.truncatedLastLine(path: path, line: 4)))
    }
}
