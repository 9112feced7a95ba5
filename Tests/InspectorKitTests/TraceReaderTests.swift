import Foundation
import InspectorKit
import Testing

@Suite("TraceReader")
struct TraceReaderTests {
    @Test("reads every event of a clean trace")
    func readsCleanTrace() throws {
        let result = try TraceReader.read(path: Fixtures.path("clean.ditrace"))
        let trace = result.trace
        #expect(result.warnings.isEmpty)
        #expect(trace.header.pid == 4242)
        #expect(trace.header.arguments == ["--demo"])
        #expect(trace.factories.map(\.id) == [1, 2, 3, 4, 5])
        #expect(trace.factory(id: 2).type == "any CalendarServicing")
        #expect(trace.factory(id: 3).name == "sqlite")
        #expect(trace.factory(id: 3).scope == .shared)
        #expect(trace.resolutions.count == 8)
        #expect(trace.containers.map(\.id) == [1])
        #expect(trace.endTime == 4_000_000)
    }

    @Test("reads a cut-off last line up to that line, with a warning")
    func readsTruncatedTrace() throws {
        let result = try TraceReader.read(path: "truncated.ditrace".fixturePath)
        #expect(result.trace.resolutions.count == 1)
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning == .truncatedLastLine(path: "truncated.ditrace".fixturePath, line: 5))
        #expect(warning.description.contains("truncated.ditrace:5: the last line is cut off"))
    }

    @Test("skips unknown events with one warning per event name and ignores unknown fields")
    func skipsUnknownEvents() throws {
        let result = try TraceReader.read(path: "unknown-event.ditrace".fixturePath)
        #expect(result.trace.factories.count == 1)
        #expect(result.trace.resolutions.count == 1)
        #expect(
            result.warnings == [.unknownEvent(path: "unknown-event.ditrace".fixturePath, event: "gauge", firstLine: 3, count: 2)])
    }

    @Test("warns when the trace has no end event")
    func warnsWithoutEnd() throws {
        let text = """
            {"format":"di-trace","version":1,"pid":1,"executable":"a","arguments":[],"startTime":"x","clock":"monotonic-ns"}
            {"event":"factory","id":1,"type":"Int","name":null,"module":"M","file":"M/F.swift","line":1,"scope":"unique","kind":"sync","t":1}

            """
        let result = try TraceReader.read(data: Data(text.utf8), path: "mem")
        #expect(result.warnings == [.missingEnd(path: "mem")])
    }

    @Test("the fast path and the general path decode a resolution line the same way")
    func fastAndSlowPathsAgree() throws {
        let header = #"{"format":"di-trace","version":1,"pid":1,"executable":"a","arguments":[],"startTime":"x","clock":"monotonic-ns"}"#
        let fast = #"{"event":"resolution","id":42,"factory":3,"container":2,"parent":41,"outcome":"created","source":"override","start":6000,"ns":5300,"thread":1}"#
        // Whitespace, reordered keys, an escaped string and a nested unknown field force the general path.
        let slow = #"{ "thread" : 1, "ns": 5300, "start": 6000, "source": "over\u0072ide", "outcome": "created", "parent": 41, "container": 2, "factory": 3, "id": 42, "event": "resolution", "x": [1] }"#
        let a = try TraceReader.read(data: Data((header + "\n" + fast + "\n").utf8)).trace.resolutions
        let b = try TraceReader.read(data: Data((header + "\n" + slow + "\n").utf8)).trace.resolutions
        #expect(a == b)
        #expect(a == [
            ResolutionRecord(
                id: 42, factory: 3, container: 2, parent: 41, outcome: .created, source: .override, start: 6000,
                nanoseconds: 5300, thread: 1)
        ])
    }

    @Test("makes placeholder factories for ids that no factory event declares")
    func placeholdersForUndeclaredFactories() throws {
        let text = """
            {"format":"di-trace","version":1,"pid":1,"executable":"a","arguments":[],"startTime":"x","clock":"monotonic-ns"}
            {"event":"resolution","id":1,"factory":9,"container":1,"parent":null,"outcome":"created","source":"production","start":1,"ns":2,"thread":1}
            {"event":"end","t":3,"events":1}

            """
        let trace = try TraceReader.read(data: Data(text.utf8)).trace
        #expect(trace.factories.map(\.id) == [9])
        #expect(trace.factory(id: 9).isDeclared == false)
    }
}

extension String {
    /// The path of the fixture with this file name.
    var fixturePath: String { Fixtures.path(self) }
}
