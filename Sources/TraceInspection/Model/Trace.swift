/// A whole decoded trace: the header and every event, grouped by kind.
///
/// Made by ``TraceReader``, or built directly by tools that already hold events (the
/// test-integration library builds one for a single test). Factories and containers are kept
/// sorted by id; a factory id that events refer to without a `factory` event gets a placeholder
/// record whose ``FactoryRecord/isDeclared`` is `false`.
///
/// ```swift
/// let trace = try TraceReader.read(path: "app.ditrace").trace
/// print(trace.factories.count, trace.resolutions.count)
/// ```
public struct Trace: Sendable {
    /// The header (line 1).
    public var header: TraceHeader
    /// Every factory, sorted by id.
    public private(set) var factories: [FactoryRecord]
    /// Every container, sorted by id.
    public private(set) var containers: [ContainerRecord]
    /// Every registration change, sorted by time.
    public private(set) var registrations: [RegistrationRecord]
    /// Every resolution, in the order they were read.
    public private(set) var resolutions: [ResolutionRecord]
    /// Every runtime issue, sorted by time.
    public private(set) var issues: [IssueRecord]
    /// The time of the `end` event, or `nil` when the trace was cut short.
    public var endTime: UInt64?

    private var factoryIndex: [Int: Int]
    private var containerIndex: [Int: Int]
    /// The parent links of ``resolutions``, when the reader already made them (``TraceAnalysis`` reuses them).
    package var links: ResolutionLinks?

    /// Creates a trace from decoded events.
    ///
    /// `containerEnds` maps container ids to the time of their `containerEnded` event.
    ///
    /// ```swift
    /// let trace = Trace(header: TraceHeader(pid: 1, executable: "App"), factories: [clock],
    ///                   resolutions: [resolution])
    /// ```
    public init(
        header: TraceHeader,
        factories: [FactoryRecord] = [],
        containers: [ContainerRecord] = [],
        containerEnds: [Int: UInt64] = [:],
        registrations: [RegistrationRecord] = [],
        resolutions: [ResolutionRecord] = [],
        issues: [IssueRecord] = [],
        endTime: UInt64? = nil
    ) {
        self.header = header
        self.resolutions = resolutions
        self.endTime = endTime
        self.registrations = registrations.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.issues = issues.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)

        var byID: [Int: FactoryRecord] = [:]
        for factory in factories where byID[factory.id] == nil { byID[factory.id] = factory }
        var referenced = Set<Int>()
        for resolution in resolutions where byID[resolution.factory] == nil { referenced.insert(resolution.factory) }
        for registration in registrations where byID[registration.factory] == nil {
            referenced.insert(registration.factory)
        }
        for issue in issues {
            if byID[issue.factory] == nil { referenced.insert(issue.factory) }
            for id in issue.path where byID[id] == nil { referenced.insert(id) }
        }
        for id in referenced { byID[id] = Self.placeholder(id: id) }
        self.factories = byID.values.sorted { $0.id < $1.id }
        self.factoryIndex = Dictionary(uniqueKeysWithValues: self.factories.enumerated().map { ($1.id, $0) })

        var containersByID: [Int: ContainerRecord] = [:]
        for container in containers where containersByID[container.id] == nil {
            containersByID[container.id] = container
        }
        for (id, end) in containerEnds { containersByID[id]?.endTime = end }
        self.containers = containersByID.values.sorted { $0.id < $1.id }
        self.containerIndex = Dictionary(uniqueKeysWithValues: self.containers.enumerated().map { ($1.id, $0) })
    }

    /// Adds a placeholder factory for each of `ids` the trace does not know (ids that only resolutions folded
    /// while streaming named).
    mutating func addPlaceholders(for ids: some Sequence<Int>) {
        let missing = ids.filter { factoryIndex[$0] == nil }
        guard !missing.isEmpty else { return }
        factories = (factories + missing.map(Self.placeholder(id:))).sorted { $0.id < $1.id }
        factoryIndex = Dictionary(uniqueKeysWithValues: factories.enumerated().map { ($1.id, $0) })
    }

    private static func placeholder(id: Int) -> FactoryRecord {
        FactoryRecord(
            id: id, type: "<factory #\(id)>", module: "?", file: "?", line: 0, scope: .unique, isDeclared: false)
    }

    /// The factory with this id, or a placeholder if the trace never declared it.
    ///
    /// Never fails, so reports can always name a factory.
    ///
    /// ```swift
    /// trace.factory(id: 3).type   // "any CalendarServicing"
    /// ```
    public func factory(id: Int) -> FactoryRecord {
        if let index = factoryIndex[id] { return factories[index] }
        return Self.placeholder(id: id)
    }

    /// The container with this id, if the trace declared it.
    ///
    /// Resolutions may refer to the default container (id 1) without a `container` event.
    ///
    /// ```swift
    /// trace.container(id: 2)?.test   // "OrderTests/placesOrder()"
    /// ```
    public func container(id: Int) -> ContainerRecord? {
        containerIndex[id].map { containers[$0] }
    }

    /// The ids of `container` and all its ancestors, innermost first.
    ///
    /// Stops at a parent the trace does not know or at a loop. Linear in the length of the lineage.
    ///
    /// ```swift
    /// trace.containerLineage(2)   // [2, 1]
    /// ```
    public func containerLineage(_ container: Int) -> [Int] {
        var lineage = [container]
        var seen: Set<Int> = [container]
        var current = container
        while let parent = self.container(id: current)?.parent, seen.insert(parent).inserted {
            lineage.append(parent)
            current = parent
        }
        return lineage
    }
}
