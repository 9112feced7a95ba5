extension Trace {
    /// Combines the traces of several processes (test processes, runs of one app) into one trace to analyse
    /// as a whole.
    ///
    /// One trace is returned as it is, ids unchanged. With several, a factory declared in more than one of
    /// them (same ``FactoryIdentity``) becomes one factory, numbered in order of first appearance; container
    /// and resolution ids of each later trace are shifted past the ones before, so every process keeps its
    /// own containers (each its own default container) and resolution tree. Times stay relative to each
    /// trace's own start. The header is the first trace's; the result is complete only when every trace is.
    ///
    /// ```swift
    /// let merged = try Trace.merging([try TraceReader.read(path: "a.ditrace").trace,
    ///                             try TraceReader.read(path: "b.ditrace").trace])
    /// ```
    ///
    /// Throws ``TraceMergeError`` when a trace's container or resolution ids are too large to be numbered after
    /// the ones before it (they would pass `Int.max`).
    public static func merging(_ traces: [Trace]) throws(TraceMergeError) -> Trace {
        try merged(traces).trace
    }

    /// How one trace's ids were renumbered by ``merged(_:containerCeilings:)``.
    package struct MergeMap: Sendable {
        /// Old factory id to new (ids not in it are unchanged).
        package var factoryID: [Int: Int] = [:]
        package var containerOffset = 0
        package var resolutionOffset = 0

        package func factory(_ id: Int) -> Int { factoryID[id] ?? id }
    }

    /// ``merging(_:)``, with how each trace's ids were renumbered, for facts folded from the traces' resolutions
    /// while streaming (``ResolutionFacts/merging(_:)``). `containerCeilings` and `resolutionCeilings` give, per
    /// trace, the largest container and resolution ids its folded resolutions used.
    package static func merged(
        _ traces: [Trace], containerCeilings: [Int] = [], resolutionCeilings: [Int] = []
    ) throws(TraceMergeError) -> (trace: Trace, maps: [MergeMap]) {
        guard let first = traces.first else { return (Trace(header: TraceHeader(pid: 0, executable: "")), []) }
        if traces.count == 1 { return (first, [MergeMap()]) }
        var maps: [MergeMap] = []

        var factories: [FactoryRecord] = []
        var idByIdentity: [FactoryIdentity: Int] = [:]
        var containers: [ContainerRecord] = []
        var registrations: [RegistrationRecord] = []
        var resolutions: [ResolutionRecord] = []
        var issues: [IssueRecord] = []
        var containerOffset = 0
        var resolutionOffset = 0
        var complete = true
        var endTime: UInt64 = 0

        for (position, trace) in traces.enumerated() {
            var factoryID: [Int: Int] = [:]
            for factory in trace.factories {
                if factory.isDeclared, let existing = idByIdentity[FactoryIdentity(factory)] {
                    factoryID[factory.id] = existing
                    continue
                }
                var copy = factory
                copy.id = factories.count + 1
                factories.append(copy)
                factoryID[factory.id] = copy.id
                if factory.isDeclared { idByIdentity[FactoryIdentity(factory)] = copy.id }
            }
            let mapFactory = { (id: Int) -> Int in factoryID[id] ?? id }

            // The largest ids this trace uses, so that its ids, shifted past the ones before, stay within Int.
            var maxContainer = max(1, position < containerCeilings.count ? containerCeilings[position] : 0)
            for container in trace.containers { maxContainer = max(maxContainer, container.id, container.parent ?? 0) }
            for registration in trace.registrations { maxContainer = max(maxContainer, registration.container) }
            for issue in trace.issues { maxContainer = max(maxContainer, issue.container) }
            var maxResolution = position < resolutionCeilings.count ? resolutionCeilings[position] : 0
            for resolution in trace.resolutions {
                maxContainer = max(maxContainer, resolution.container)
                maxResolution = max(maxResolution, resolution.id, resolution.parent ?? 0)
            }
            for issue in trace.issues { maxResolution = max(maxResolution, issue.resolution ?? 0) }
            guard !containerOffset.addingReportingOverflow(maxContainer).overflow,
                !resolutionOffset.addingReportingOverflow(maxResolution).overflow
            else { throw TraceMergeError(position: position) }
            let mapContainer = { (id: Int) -> Int in id + containerOffset }
            let mapResolution = { (id: Int) -> Int in id + resolutionOffset }

            for var container in trace.containers {
                maxContainer = max(maxContainer, container.id)
                container.id = mapContainer(container.id)
                container.parent = container.parent.map(mapContainer)
                containers.append(container)
            }
            for var registration in trace.registrations {
                registration.factory = mapFactory(registration.factory)
                registration.container = mapContainer(registration.container)
                registrations.append(registration)
            }
            for var resolution in trace.resolutions {
                resolution.id = mapResolution(resolution.id)
                resolution.parent = resolution.parent.map(mapResolution)
                resolution.factory = mapFactory(resolution.factory)
                resolution.container = mapContainer(resolution.container)
                resolutions.append(resolution)
            }
            for var issue in trace.issues {
                issue.factory = mapFactory(issue.factory)
                issue.container = mapContainer(issue.container)
                issue.resolution = issue.resolution.map(mapResolution)
                issue.path = issue.path.map(mapFactory)
                issues.append(issue)
            }
            maps.append(
                MergeMap(factoryID: factoryID, containerOffset: containerOffset, resolutionOffset: resolutionOffset))
            containerOffset += maxContainer
            resolutionOffset += maxResolution
            if let end = trace.endTime { endTime = max(endTime, end) } else { complete = false }
        }
        let trace = Trace(
            header: first.header, factories: factories, containers: containers, registrations: registrations,
            resolutions: resolutions, issues: issues, endTime: complete ? endTime : nil)
        return (trace, maps)
    }
}

/// Traces that cannot be combined: the ids of the trace at ``position`` (in the order given) are too large to be
/// numbered after those of the traces before it.
///
/// ```swift
/// do { _ = try Trace.merging(traces) } catch { print("trace \(error.position) must be analysed alone") }
/// ```
public struct TraceMergeError: Error, Sendable, Equatable {
    /// The position of the trace whose ids do not fit.
    public var position: Int
}
