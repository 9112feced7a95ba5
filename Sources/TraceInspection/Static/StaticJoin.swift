/// Joins a scan with traces of the same code: a factory is `file:line` in both (`#fileID`, `#line`).
///
/// ```swift
/// let join = StaticJoin(model: model)
/// let scanID = join.scanIDs(in: trace)[3]          // the scan's id of the trace's factory 3
/// let named = join.naming(trace)                   // trace factories carry `Container.x` property names
/// ```
public struct StaticJoin: Sendable {
    /// The scan.
    public let model: StaticModel
    private let idBySite: [String: Int]

    /// Prepares the join for `model`.
    ///
    /// ```swift
    /// let join = StaticJoin(model: try StaticModelReader.read(path: "scan.json"))
    /// ```
    public init(model: StaticModel) {
        self.model = model
        var idBySite: [String: Int] = [:]
        for factory in model.factories where idBySite[factory.site] == nil { idBySite[factory.site] = factory.id }
        self.idBySite = idBySite
    }

    /// The scan's factory id for a declaration site `file:line`, if the scan declares one there.
    ///
    /// ```swift
    /// join.scanID(site: "App/Container+App.swift:12")
    /// ```
    public func scanID(site: String) -> Int? { idBySite[site] }

    /// For each of `trace`'s declared factories the scan also declares, its id in the scan.
    ///
    /// ```swift
    /// let ids = join.scanIDs(in: trace)   // [trace id: scan id]
    /// ```
    public func scanIDs(in trace: Trace) -> [Int: Int] {
        var ids: [Int: Int] = [:]
        for factory in trace.factories where factory.isDeclared {
            if let id = idBySite[factory.site] { ids[factory.id] = id }
        }
        return ids
    }

    /// `trace` with each factory the scan declares named by its property (`Container.clock`).
    ///
    /// ```swift
    /// let problems = TraceChecker.check(TraceAnalysis(trace: join.naming(trace)))
    /// ```
    public func naming(_ trace: Trace) -> Trace {
        let ids = scanIDs(in: trace)
        guard !ids.isEmpty else { return trace }
        let factories = trace.factories.map { factory -> FactoryRecord in
            guard let id = ids[factory.id], let scanned = model.factory(id: id) else { return factory }
            var named = factory
            named.property = scanned.property
            return named
        }
        return Trace(
            header: trace.header, factories: factories, containers: trace.containers,
            registrations: trace.registrations, resolutions: trace.resolutions, issues: trace.issues,
            endTime: trace.endTime)
    }
}
