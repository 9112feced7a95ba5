import Foundation
import InspectorKit
import Testing

/// A trace in which work started by test A resolved a registered factory after A ended (a `late` issue).
private let lateTrace = """
    {"format":"di-trace","version":1,"pid":7,"executable":"/t/AppTests","argumentCount":0,"startTime":"2026-11-23T00:00:00.000Z","clock":"monotonic-ns"}
    {"event":"container","id":1,"kind":"default","parent":null,"file":"","line":0,"function":"","test":null,"t":0}
    {"event":"factory","id":1,"type":"any Clock","name":"clock","module":"App","file":"App/Clock.swift","line":3,"scope":"unique","kind":"sync","t":1}
    {"event":"container","id":2,"kind":"test","parent":1,"file":"AppTests/A.swift","line":5,"function":"a()","test":"Suite/a()","t":2}
    {"event":"registration","action":"push","factory":1,"container":2,"file":"AppTests/A.swift","line":6,"depth":1,"t":3}
    {"event":"containerEnded","id":2,"t":4}
    {"event":"resolution","id":1,"factory":1,"container":2,"parent":null,"outcome":"created","source":"override","start":5,"ns":10,"thread":2}
    {"event":"issue","kind":"late","factory":1,"container":2,"resolution":1,"path":[1],"file":"AppTests/A.swift","line":9,"function":"a()","message":"Late resolution: clock.","fatal":false,"t":6,"test":"Suite/a()","afterEndNs":1500000}
    {"event":"end","t":7,"events":7}

    """

@Suite("check: work that outlived its test")
struct LateWorkCheckTests {
    private func write() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("late-\(UUID().uuidString).ditrace").path
        try lateTrace.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a late resolution is a warning grouped under the test that started the work, with its call site and delay")
    func lateIsGroupedByTest() throws {
        let result = Inspector.check(tracePaths: [try write()])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.exitCode == 1)
        #expect(text.contains("warning[late]: Late resolution: clock."), "\(text)")
        #expect(text.contains("Work that outlived the test that started it:\n  test Suite/a()\n    late at AppTests/A.swift:9, 1.50 ms after it ended"), "\(text)")
    }

    @Test("--strict reports the late resolution as an error")
    func strictMakesItAnError() throws {
        let result = Inspector.check(tracePaths: [try write()], strict: true)
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.contains("error[late]: Late resolution: clock."), "\(text)")
        let json = Inspector.check(tracePaths: [try write()], format: .json, strict: true)
        let object = try JSONSerialization.jsonObject(with: json.output) as? [String: Any]
        let problems = (object?["traces"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]]
        #expect(problems?.first?["severity"] as? String == "error", "\(String(decoding: json.output, as: UTF8.self))")
    }
}
