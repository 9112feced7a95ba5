/// Which `testValue` sites (`file:line`) were applied in traces, and which ones a resolution used.
///
/// Replays each factory's registration stacks in time order: a resolution with an `override` source
/// used the top entry of the innermost container (in its lineage) whose stack for the factory is not
/// empty. When that entry is a `testDefault`, its site was used.
struct TestDefaultUsage {
    /// How many times each site was applied (a `testDefault` registration event).
    private(set) var applied: [String: Int] = [:]
    /// Sites some resolution used.
    private(set) var used: Set<String> = []

    init(traces: [TraceAnalysis]) {
        for analysis in traces { add(analysis.trace) }
    }

    private mutating func add(_ trace: Trace) {
        enum Event {
            case registration(RegistrationRecord)
            case resolution(ResolutionRecord)
        }
        var byFactory: [Int: [(time: UInt64, order: Int, event: Event)]] = [:]
        for registration in trace.registrations {
            if registration.action == .testDefault { applied[registration.site, default: 0] += 1 }
            byFactory[registration.factory, default: []].append((registration.time, 0, .registration(registration)))
        }
        let defaulted = Set(trace.registrations.filter { $0.action == .testDefault }.map(\.factory))
        for resolution in trace.resolutions
        where resolution.source == .override && defaulted.contains(resolution.factory) {
            byFactory[resolution.factory, default: []].append((resolution.start, 1, .resolution(resolution)))
        }
        var lineages: [Int: [Int]] = [:]
        for factory in defaulted {
            let events = byFactory[factory, default: []].sorted { ($0.time, $0.order) < ($1.time, $1.order) }
            var stacks: [Int: [RegistrationRecord]] = [:]
            for entry in events {
                switch entry.event {
                case .registration(let registration):
                    if registration.action == .pop {
                        _ = stacks[registration.container]?.popLast()
                    } else {
                        stacks[registration.container, default: []].append(registration)
                    }
                case .resolution(let resolution):
                    let lineage = lineages[resolution.container] ?? trace.containerLineage(resolution.container)
                    lineages[resolution.container] = lineage
                    guard let owner = lineage.first(where: { !(stacks[$0]?.isEmpty ?? true) }),
                        let top = stacks[owner]?.last, top.action == .testDefault
                    else { continue }
                    used.insert(top.site)
                }
            }
        }
    }
}
