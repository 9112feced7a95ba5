@testable import DependencyInjection
import Foundation
import Testing
import TraceInspection
import TraceVocabulary

/// The runtime's trace encoder and di-inspect's reader are two programs of one format: every event kind and every
/// value of every enumeration the runtime writes must read back as what was written, hostile text included.
@Suite("Trace format round trip: runtime encoder → di-inspect reader")
struct TraceRoundTripTests {
    static let hostile = "a \"quoted\" <b>&amp;</b>\n\r\t\u{1B}[31m é 🎉 \u{7F} \\ \u{2028}"

    @Test("every event kind, and every value of every enumeration, reads back as written")
    func everyEventAndValue() throws {
        let base: UInt64 = 1_000
        var out = TraceEncoder.header(startWallClock: timespec(tv_sec: 1_700_000_000, tv_nsec: 123_000_000))
        var time = base
        func next() -> UInt64 {
            time += 10
            return time
        }

        var factories: [FactoryMetadata] = []
        for kind in FactoryKind.allCases {
            for scope in Scope.Kind.allCases {
                let factory = FactoryMetadata(
                    kind: kind, scope: Scope(kind: scope), name: factories.isEmpty ? Self.hostile : nil,
                    fileID: "RoundTrip/Factories.swift", line: UInt(10 + factories.count), dependencyType: [String: Int?].self)
                factories.append(factory)
                TraceEncoder.append(.factory(factory, time: next()), base: base, to: &out)
            }
        }
        var containers: [ContainerInfo] = []
        for kind in ContainerInfo.Kind.allCases where kind != .default {
            let container = ContainerInfo(
                kind: kind, parentID: 1, fileID: "RoundTrip/Tests.swift", line: 7, function: Self.hostile,
                testName: kind == .test ? Self.hostile : nil)
            containers.append(container)
            TraceEncoder.append(.container(container), base: base, to: &out)
        }
        for (index, action) in RegistrationAction.allCases.enumerated() {
            let registration = RegistrationRecord(
                action: action, factory: factories[index % factories.count].id, container: containers[0].id,
                fileID: "RoundTrip/Tests.swift", line: UInt(20 + index), depth: index, time: next())
            TraceEncoder.append(.registration(registration), base: base, to: &out)
        }
        var resolutions: [DependencyInjection.ResolutionRecord] = []
        for outcome in ResolutionOutcome.allCases {
            for source in ResolutionSource.allCases {
                let id = UInt64(100 + resolutions.count)
                let resolution = DependencyInjection.ResolutionRecord(
                    id: id, factory: factories[resolutions.count % factories.count].id, container: containers[1].id,
                    parent: resolutions.isEmpty ? 0 : 100, outcome: outcome, source: source, start: next(),
                    nanoseconds: UInt64(resolutions.count * 1_000 + 1), thread: 1 + resolutions.count % 3,
                    onMainThread: resolutions.count % 2 == 0)
                resolutions.append(resolution)
                TraceEncoder.append(.resolution(resolution), base: base, to: &out)
            }
        }
        var issues: [DependencyInjection.IssueRecord] = []
        for kind in IssueKind.allCases {
            let issue = DependencyInjection.IssueRecord(
                kind: kind, factory: factories[1].id, container: containers[1].id,
                resolution: issues.isEmpty ? nil : 101, path: [factories[0].id, factories[1].id],
                file: "RoundTrip/Tests.swift", line: 30, function: "test()", message: Self.hostile + " \(kind)",
                fatal: issues.count % 2 == 0, time: next(), test: kind == .late ? Self.hostile : nil,
                afterEnd: kind == .late ? 5_000 : nil)
            issues.append(issue)
            TraceEncoder.append(.issue(issue), base: base, to: &out)
        }
        TraceEncoder.append(.containerEnded(id: containers[1].id, time: next()), base: base, to: &out)
        TraceEncoder.end(time: next() - base, events: 0, to: &out)

        let result = try TraceReader.read(data: Data(out), path: "round-trip.ditrace")
        let trace = result.trace
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(trace.header.startTime == "2023-11-14T22:13:20.123Z")
        #expect(trace.endTime == time - base)

        #expect(trace.factories.count == factories.count)
        for factory in factories {
            let read = trace.factory(id: Int(factory.id))
            #expect(read.isDeclared)
            #expect(read.type == "Dictionary<String, Optional<Int>>")
            #expect(read.name == factory.name)
            #expect(read.module == "RoundTrip")
            #expect(read.file == "RoundTrip/Factories.swift")
            #expect(read.line == Int(factory.line))
            #expect(read.scope.rawValue == factory.scope.description)
            #expect(read.kind.rawValue == factory.kind.rawValue)
        }
        for container in containers {
            let read = try #require(trace.container(id: Int(container.id)))
            #expect(read.kind.rawValue == container.kind.rawValue)
            #expect(read.parent == 1)
            #expect(read.function == Self.hostile)
            #expect(read.test == container.testName)
            #expect(read.time == container.createdAt - base)
        }
        #expect(trace.container(id: Int(containers[1].id))?.endTime != nil)
        #expect(trace.registrations.map(\.action.rawValue) == RegistrationAction.allCases.map(\.rawValue))
        #expect(trace.registrations.map(\.depth) == Array(RegistrationAction.allCases.indices))

        #expect(trace.resolutions.count == resolutions.count)
        for (read, written) in zip(trace.resolutions, resolutions) {
            #expect(read.id == Int(written.id))
            #expect(read.factory == Int(written.factory))
            #expect(read.container == Int(written.container))
            #expect(read.parent == (written.parent == 0 ? nil : Int(written.parent)))
            #expect(read.outcome.rawValue == written.outcome.rawValue)
            #expect(read.source.rawValue == written.source.rawValue)
            #expect(read.start == written.start - base)
            #expect(read.nanoseconds == written.nanoseconds)
            #expect(read.thread == written.thread)
            #expect(read.isOnMainThread == written.onMainThread)
        }

        #expect(trace.issues.count == issues.count)
        for (read, written) in zip(trace.issues, issues) {
            #expect(read.kind.rawValue == written.kind.rawValue)
            #expect(read.resolution == written.resolution.map(Int.init))
            #expect(read.path == written.path.map(Int.init))
            #expect(read.message == written.message)
            #expect(read.isFatal == written.fatal)
            #expect(read.test == written.test)
            #expect(read.afterEnd == written.afterEnd)
        }
    }

    @Test("the runtime writes every value of the shared vocabulary (TraceVocabulary), and no other")
    func runtimeCoversVocabulary() {
        // The runtime maps its own types with exhaustive switches; these check the mappings are onto.
        #expect(Set(ResolutionOutcome.allCases.map { TraceOutcome($0) }) == Set(TraceOutcome.allCases))
        #expect(Set(ResolutionSource.allCases.map { TraceSource($0) }) == Set(TraceSource.allCases))
        #expect(Set(RegistrationAction.allCases.map { TraceRegistrationAction($0) }) == Set(TraceRegistrationAction.allCases))
        #expect(Set(ContainerInfo.Kind.allCases.map { TraceContainerKind($0) }) == Set(TraceContainerKind.allCases))
        #expect(Set(Scope.Kind.allCases.map { TraceScope(Scope(kind: $0)) }) == Set(TraceScope.allCases))
        #expect(Set(FactoryKind.allCases.map { TraceFactoryKind($0) }) == Set(TraceFactoryKind.allCases))
        for outcome in TraceOutcome.allCases { #expect(outcome.literal.description == outcome.rawValue) }
        for source in TraceSource.allCases { #expect(source.literal.description == source.rawValue) }
        for event in TraceEventName.allCases { #expect(event.literal.description == event.rawValue) }
    }

    @Test("a resolution line, written by its own fast encoder, has exactly the vocabulary's keys in order")
    func resolutionLineKeys() {
        var out: [UInt8] = []
        let record = DependencyInjection.ResolutionRecord(
            id: 7, factory: 3, container: 1, parent: 5, outcome: .cacheHit, source: .override, start: 10,
            nanoseconds: 20, thread: 2, onMainThread: true)
        TraceEncoder.append(.resolution(record), base: 0, to: &out)
        let line = String(decoding: out, as: UTF8.self)
        let keys = line.matches(of: #/"([A-Za-z]+)":/#).map { String($0.output.1) }
        #expect(keys == TraceKey.resolutionKeys.map(\.description))
        #expect(line.hasPrefix(#"{"\#(TraceKey.event)":"\#(TraceEventName.resolution.rawValue)""#))
    }

    @Test("the reader knows exactly the values the runtime writes, for every enumeration")
    func sameVocabulary() {
        #expect(Set(TraceInspection.ResolutionRecord.Outcome.allCases.map(\.rawValue)) == Set(ResolutionOutcome.allCases.map(\.rawValue)))
        #expect(Set(TraceInspection.ResolutionRecord.Source.allCases.map(\.rawValue)) == Set(ResolutionSource.allCases.map(\.rawValue)))
        #expect(Set(TraceInspection.IssueRecord.Kind.allCases.map(\.rawValue)) == Set(IssueKind.allCases.map(\.rawValue)))
        #expect(Set(TraceInspection.RegistrationRecord.Action.allCases.map(\.rawValue)) == Set(RegistrationAction.allCases.map(\.rawValue)))
        #expect(Set(TraceInspection.ContainerRecord.Kind.allCases.map(\.rawValue)) == Set(ContainerInfo.Kind.allCases.map(\.rawValue)))
        #expect(Set(TraceInspection.FactoryRecord.Scope.allCases.map(\.rawValue)) == Set(Scope.Kind.allCases.map { Scope(kind: $0).description }))
        #expect(Set(TraceInspection.FactoryRecord.Kind.allCases.map(\.rawValue)) == Set(FactoryKind.allCases.map(\.rawValue)))
    }
}
