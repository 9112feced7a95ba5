/// One side of a ``TraceDiff``: a trace reduced to what is compared, keyed by ``FactoryIdentity`` instead of
/// the trace's ids.
///
/// Factories the trace refers to but never declared are left out (they have no identity).
struct DiffSide {
    struct Factory {
        var record: FactoryRecord
        var resolutions = 0
        /// Self times of every resolution, sorted.
        var selfTimes: [UInt64] = []
    }

    struct Edge: Hashable {
        var from: FactoryIdentity
        var to: FactoryIdentity
    }

    struct Registration: Hashable {
        var action: RegistrationRecord.Action
        var factory: FactoryIdentity
        var file: String
        var line: Int
    }

    struct ProblemKey: Hashable {
        var kind: ProblemKind
        var factory: FactoryIdentity
    }

    var factories: [FactoryIdentity: Factory] = [:]
    var edges: [Edge: Int] = [:]
    var registrations: Set<Registration> = []
    /// Each cycle as its factories, rotated to start at the smallest identity.
    var cycles: [[FactoryIdentity]: Problem] = [:]
    var problems: [ProblemKey: Problem] = [:]
    var resolutionCount = 0

    init(_ analysis: TraceAnalysis) {
        let trace = analysis.trace
        var identities: [Int: FactoryIdentity] = [:]
        for factory in trace.factories where factory.isDeclared {
            let identity = FactoryIdentity(factory)
            identities[factory.id] = identity
            if factories[identity] == nil { factories[identity] = Factory(record: factory) }
        }
        for (position, resolution) in trace.resolutions.enumerated() {
            guard let identity = identities[resolution.factory] else { continue }
            factories[identity]!.resolutions += 1
            factories[identity]!.selfTimes.append(analysis.selfNanoseconds[position])
        }
        for identity in factories.keys { factories[identity]!.selfTimes.sort() }
        resolutionCount = trace.resolutions.count
        for edge in analysis.edges {
            guard let from = identities[edge.from], let to = identities[edge.to] else { continue }
            edges[Edge(from: from, to: to), default: 0] += edge.count
        }
        for registration in trace.registrations where registration.action != .pop {
            guard let factory = identities[registration.factory] else { continue }
            registrations.insert(
                Registration(
                    action: registration.action, factory: factory, file: registration.file, line: registration.line))
        }
        for problem in TraceChecker.check(analysis) {
            guard let factory = identities[problem.factory] else { continue }
            if problem.kind == .cycle {
                let steps = problem.path.compactMap { identities[$0] }
                if let cycle = Self.normalizedCycle(steps), cycles[cycle] == nil { cycles[cycle] = problem }
            } else {
                let key = ProblemKey(kind: problem.kind, factory: factory)
                if problems[key] == nil { problems[key] = problem }
            }
        }
    }

    /// The cycle's factories without the repeated last one, rotated to start at the smallest, so the same
    /// cycle entered at another factory compares equal.
    static func normalizedCycle(_ path: [FactoryIdentity]) -> [FactoryIdentity]? {
        guard let last = path.last, let entry = path.firstIndex(of: last), entry < path.count - 1 else {
            return path.isEmpty ? nil : path
        }
        let loop = Array(path[entry..<(path.count - 1)])
        guard let smallest = loop.indices.min(by: { loop[$0] < loop[$1] }) else { return nil }
        return Array(loop[smallest...] + loop[..<smallest])
    }

    var summary: TraceDiff.Summary {
        TraceDiff.Summary(factories: factories.count, edges: edges.count, resolutions: resolutionCount)
    }
}
