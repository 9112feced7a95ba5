/// What `di-inspect scan` found in Swift sources: the declared factories, the dependencies between
/// them the sources show, registrations, test defaults and test containers.
///
/// Factories are ``FactoryRecord``s with ``FactoryRecord/property`` set and ids from 1 in
/// `file`, `line` order; their `file:line` is the runtime's `#fileID` and `#line`, so a scan and a
/// trace of the same code name each factory alike (see ``StaticJoin``).
///
/// ```swift
/// let model = try StaticModelReader.read(path: "scan.json")
/// for factory in model.factories { print(factory.property ?? "", factory.site) }
/// ```
public struct StaticModel: Sendable {
    /// Every declared factory, sorted by id (`file`, then `line`).
    public private(set) var factories: [FactoryRecord]
    /// Dependencies the sources show, sorted by `from` then `to`.
    public private(set) var edges: [StaticEdge]
    /// Registrations, `useProduction()`s and `testValue`s, in file and line order.
    public var registrations: [StaticRegistration]
    /// `TestDefaults` and `TestDefault` declarations, in file and line order.
    public var testDefaults: [StaticTestDefaults]
    /// Places that make test containers, sorted by id.
    public var testContexts: [StaticTestContext]
    /// The paths the scan was given.
    public var paths: [String]
    /// How many Swift files were read.
    public var fileCount: Int
    /// What the scan skipped or could not read, one sentence each.
    public var warnings: [String]

    private var factoryIndex: [Int: Int]

    /// Creates a model.
    ///
    /// The scanner and ``StaticModelReader`` make these.
    ///
    /// ```swift
    /// let model = StaticModel(factories: [clock], paths: ["Sources"], fileCount: 1)
    /// ```
    public init(
        factories: [FactoryRecord], edges: [StaticEdge] = [], registrations: [StaticRegistration] = [],
        testDefaults: [StaticTestDefaults] = [], testContexts: [StaticTestContext] = [], paths: [String] = [],
        fileCount: Int = 0, warnings: [String] = []
    ) {
        self.factories = factories.sorted { $0.id < $1.id }
        self.edges = edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        self.registrations = registrations
        self.testDefaults = testDefaults
        self.testContexts = testContexts.sorted { $0.id < $1.id }
        self.paths = paths
        self.fileCount = fileCount
        self.warnings = warnings
        var index: [Int: Int] = [:]
        for (position, factory) in self.factories.enumerated() where index[factory.id] == nil {
            index[factory.id] = position
        }
        self.factoryIndex = index
    }

    /// The factory with this id, if the scan has it.
    ///
    /// ```swift
    /// model.factory(id: 1)?.property   // "Container.clock"
    /// ```
    public func factory(id: Int) -> FactoryRecord? {
        factoryIndex[id].map { factories[$0] }
    }

    /// The ids each factory's resolver depends on, following edges of both kinds.
    ///
    /// ```swift
    /// model.dependencies[1, default: []]   // [2, 5]
    /// ```
    public var dependencies: [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for edge in edges { result[edge.from, default: []].append(edge.to) }
        return result
    }

    /// The model as a trace with no resolutions, and its analysis with the static edges.
    ///
    /// This is how `graph`, `stats` and the other trace commands read a scan result.
    ///
    /// ```swift
    /// let svg = try renderGraph(model.analysis, options: GraphOptions(format: .svg))
    /// ```
    public var analysis: TraceAnalysis {
        let header = TraceHeader(version: 1, pid: 0, executable: "di-inspect scan", arguments: paths, startTime: "")
        let trace = Trace(header: header, factories: factories, endTime: 0)
        let edges = edges.map { DependencyEdge(from: $0.from, to: $0.to, count: $0.count) }
        return TraceAnalysis(trace: trace, edges: edges)
    }
}
