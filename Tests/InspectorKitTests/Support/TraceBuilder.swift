import InspectorKit

/// Builds small traces in code, for tests that need exact times and parents.
///
/// ```swift
/// var builder = TraceBuilder()
/// let app = builder.factory("any App")
/// let root = builder.resolve(app, start: 0, ns: 1_000)
/// let trace = builder.trace
/// ```
struct TraceBuilder {
    var factories: [FactoryRecord] = []
    var containers: [ContainerRecord] = [
        ContainerRecord(id: 1, kind: .default, parent: nil, file: "App/main.swift", line: 1, function: "main()")
    ]
    var registrations: [RegistrationRecord] = []
    var resolutions: [ResolutionRecord] = []
    var issues: [IssueRecord] = []

    /// Declares a factory in module `module` at `Module/File.swift:line` and returns its id.
    mutating func factory(
        _ type: String, name: String? = nil, module: String = "App", file: String? = nil, line: Int? = nil,
        scope: FactoryRecord.Scope = .cached, kind: FactoryRecord.Kind = .sync
    ) -> Int {
        let id = factories.count + 1
        factories.append(
            FactoryRecord(
                id: id, type: type, name: name, module: module, file: file ?? "\(module)/Factories.swift",
                line: line ?? 10 * id, scope: scope, kind: kind, time: UInt64(id)))
        return id
    }

    /// Adds a test container and returns its id.
    mutating func testContainer(_ test: String, parent: Int = 1) -> Int {
        let id = containers.count + 1
        containers.append(
            ContainerRecord(
                id: id, kind: .test, parent: parent, file: "AppTests/Tests.swift", line: 5 * id, function: "test()",
                test: test))
        return id
    }

    /// Records a registration change.
    mutating func register(
        _ factory: Int, _ action: RegistrationRecord.Action = .push, in container: Int, line: Int, at time: UInt64
    ) {
        registrations.append(
            RegistrationRecord(
                action: action, factory: factory, container: container, file: "AppTests/Tests.swift", line: line,
                depth: 1, time: time))
    }

    /// Records a resolution and returns its id.
    @discardableResult
    mutating func resolve(
        _ factory: Int, parent: Int? = nil, container: Int = 1, outcome: ResolutionRecord.Outcome = .created,
        source: ResolutionRecord.Source = .production, start: UInt64, ns: UInt64
    ) -> Int {
        let id = resolutions.count + 1
        resolutions.append(
            ResolutionRecord(
                id: id, factory: factory, container: container, parent: parent, outcome: outcome, source: source,
                start: start, nanoseconds: ns))
        return id
    }

    var trace: Trace {
        Trace(
            header: TraceHeader(pid: 1, executable: "/test/App"), factories: factories, containers: containers,
            registrations: registrations, resolutions: resolutions, issues: issues, endTime: 10_000_000)
    }

    var analysis: TraceAnalysis { TraceAnalysis(trace: trace) }
}
