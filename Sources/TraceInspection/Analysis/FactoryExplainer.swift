/// Builds ``FactoryExplanation``s for the factories of one analysed trace.
///
/// Indexes the trace once (resolutions per factory, edges both ways, which registration supplied each
/// resolution), so explaining every factory, as the HTML report does, costs one walk up the resolution tree
/// per resolution.
///
/// ```swift
/// let explainer = FactoryExplainer(analysis: analysis)
/// let matches = analysis.trace.factories.filter { FactoryMatcher.matches("Clock", $0) }
/// let explanations = matches.map { explainer.explain(factory: $0.id) }
/// ```
public struct FactoryExplainer: Sendable {
    /// The analysed trace.
    public let analysis: TraceAnalysis
    /// Which registration supplied each resolution.
    public let attribution: RegistrationAttribution
    private let resolutionsByFactory: [Int: [Int32]]
    private let dependents: [Int: [DependencyEdge]]
    private let dependencies: [Int: [DependencyEdge]]

    /// Indexes `analysis`.
    ///
    /// Linear in the number of resolutions, edges and registrations.
    ///
    /// ```swift
    /// let explainer = FactoryExplainer(analysis: TraceAnalysis(trace: trace))
    /// ```
    public init(analysis: TraceAnalysis) {
        self.analysis = analysis
        self.attribution = RegistrationAttribution(trace: analysis.trace)
        var byFactory: [Int: [Int32]] = [:]
        for (index, resolution) in analysis.trace.resolutions.enumerated() {
            byFactory[resolution.factory, default: []].append(Int32(index))
        }
        self.resolutionsByFactory = byFactory
        var dependents: [Int: [DependencyEdge]] = [:]
        var dependencies: [Int: [DependencyEdge]] = [:]
        for edge in analysis.edges {
            dependents[edge.to, default: []].append(edge)
            dependencies[edge.from, default: []].append(edge)
        }
        self.dependents = dependents
        self.dependencies = dependencies
    }

    /// Explains the factory with id `factory`.
    ///
    /// A factory that was never resolved gets empty paths and containers, but still its registrations and
    /// dependents.
    ///
    /// ```swift
    /// let explanation = explainer.explain(factory: 3)
    /// ```
    public func explain(factory id: Int) -> FactoryExplanation {
        let trace = analysis.trace
        let resolutions = trace.resolutions
        var pathIndex: [[Int]: Int] = [:]
        var paths: [FactoryExplanation.Path] = []
        var uses: [Int: FactoryExplanation.ContainerUse] = [:]
        var suppliers: [SupplierKey: FactoryExplanation.Supplier] = [:]
        for position in resolutionsByFactory[id] ?? [] {
            let resolution = resolutions[Int(position)]
            let chain = ancestry(of: Int(position))
            if pathIndex[chain] == nil {
                pathIndex[chain] = paths.count
                paths.append(.init(factories: chain, count: 0, created: 0, cacheHits: 0, failures: 0))
            }
            let pathPosition = pathIndex[chain]!
            paths[pathPosition].count += 1
            var use =
                uses[resolution.container]
                ?? .init(container: resolution.container, created: 0, cacheHits: 0, failures: 0, sources: [])
            switch resolution.outcome {
            case .created:
                paths[pathPosition].created += 1
                use.created += 1
            case .cacheHit:
                paths[pathPosition].cacheHits += 1
                use.cacheHits += 1
            case .failed:
                paths[pathPosition].failures += 1
                use.failures += 1
            }
            if !use.sources.contains(resolution.source) { use.sources.append(resolution.source) }
            uses[resolution.container] = use

            let registrationIndex = Int(attribution.registrationIndices[Int(position)])
            let key = SupplierKey(source: resolution.source, registration: registrationIndex)
            var supplier = suppliers[key] ?? makeSupplier(key)
            supplier.resolutions += 1
            if resolution.outcome == .created { supplier.created += 1 }
            if resolution.outcome == .cacheHit { supplier.cacheHits += 1 }
            if !supplier.containers.contains(resolution.container) { supplier.containers.append(resolution.container) }
            suppliers[key] = supplier
        }
        paths.sort { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.factories.count != b.factories.count { return a.factories.count < b.factories.count }
            return a.factories.lexicographicallyPrecedes(b.factories)
        }

        let usedRegistrations = Set(suppliers.keys.map(\.registration))
        let unused = trace.registrations.enumerated().filter { index, registration in
            registration.factory == id && registration.action != .pop && !usedRegistrations.contains(index)
        }.map(\.element)

        return FactoryExplanation(
            factory: trace.factory(id: id), statistics: analysis.statistics(for: id), paths: paths,
            containers: uses.values.sorted { $0.container < $1.container },
            suppliers: suppliers.sorted { $0.key < $1.key }.map(\.value),
            unusedRegistrations: unused,
            directDependents: (dependents[id] ?? []).map { .init(factory: $0.from, distance: 1, count: $0.count) }
                .sorted { ($1.count, $0.factory) < ($0.count, $1.factory) },
            transitiveDependents: transitiveDependents(of: id, paths: paths),
            directDependencies: (dependencies[id] ?? []).map { .init(factory: $0.to, distance: 1, count: $0.count) }
                .sorted { ($1.count, $0.factory) < ($0.count, $1.factory) })
    }

    /// Factory ids from the top-level resolution down to the resolution at `index` (bounded, so a parent
    /// loop in a damaged trace ends).
    private func ancestry(of index: Int) -> [Int] {
        let resolutions = analysis.trace.resolutions
        var chain = [resolutions[index].factory]
        var current = Int(analysis.parentIndex[index])
        while current >= 0, current != index, chain.count <= resolutions.count {
            chain.append(resolutions[current].factory)
            current = Int(analysis.parentIndex[current])
        }
        return chain.reversed()
    }

    /// Reverse breadth-first search over the edges; counts from the paths (resolutions below each dependent).
    private func transitiveDependents(of id: Int, paths: [FactoryExplanation.Path]) -> [FactoryExplanation.Related] {
        var below: [Int: Int] = [:]
        for path in paths {
            for ancestor in Set(path.factories.dropLast()) where ancestor != id {
                below[ancestor, default: 0] += path.count
            }
        }
        var distance: [Int: Int] = [id: 0]
        var frontier = [id]
        var result: [FactoryExplanation.Related] = []
        while !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for edge in dependents[node] ?? [] where distance[edge.from] == nil {
                    distance[edge.from] = distance[node]! + 1
                    next.append(edge.from)
                    result.append(
                        .init(factory: edge.from, distance: distance[node]! + 1, count: below[edge.from] ?? 0))
                }
            }
            frontier = next
        }
        return result.sorted { ($0.distance, $1.count, $0.factory) < ($1.distance, $0.count, $1.factory) }
    }

    private func makeSupplier(_ key: SupplierKey) -> FactoryExplanation.Supplier {
        let registration = key.registration >= 0 ? analysis.trace.registrations[key.registration] : nil
        let kind: FactoryExplanation.Supplier.Kind
        switch (key.source, registration?.action) {
        case (.production, _): kind = .production
        case (.leaked, _): kind = .leaked
        case (.none, _): kind = .none
        case (_, .testDefault?): kind = .testDefault
        case (_, .useProduction?): kind = .useProduction
        case (.useProduction, _): kind = .useProduction
        case (.override, _): kind = .override
        }
        return .init(kind: kind, registration: registration, resolutions: 0, created: 0, cacheHits: 0, containers: [])
    }

    /// Groups resolutions by the binding that supplied them; sorts production first, then registrations in
    /// time order, then the rest.
    private struct SupplierKey: Hashable, Comparable {
        var source: ResolutionRecord.Source
        var registration: Int

        private var rank: Int {
            switch source {
            case .production: 0
            case .override, .useProduction: 1
            case .leaked: 2
            case .none: 3
            }
        }

        static func < (lhs: SupplierKey, rhs: SupplierKey) -> Bool {
            (lhs.rank, lhs.registration, lhs.source.rawValue) < (rhs.rank, rhs.registration, rhs.source.rawValue)
        }
    }
}
