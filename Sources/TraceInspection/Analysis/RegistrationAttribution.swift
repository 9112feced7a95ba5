/// Which registration supplied each resolution that did not use the factory's own resolver.
///
/// A resolution with source `override` or `useProduction` used the top of the factory's registration stack
/// in the innermost container (of the one it ran in and its ancestors) whose stack was not empty when it
/// started. The stacks are replayed from the trace's `registration` events: `push`, `testDefault` and
/// `useProduction` push, `pop` removes the top.
///
/// ```swift
/// let attribution = RegistrationAttribution(trace: trace)
/// if let registration = attribution.registration(forResolutionAt: 0) { print(registration.site) }
/// ```
public struct RegistrationAttribution: Sendable {
    /// The analysed trace.
    public let trace: Trace
    /// For each resolution (by index in ``Trace/resolutions``), the index in ``Trace/registrations`` of the
    /// registration that supplied it, or -1.
    public let registrationIndices: [Int32]

    private struct StackKey: Hashable {
        var factory: Int
        var container: Int
    }

    /// Attributes every resolution of `trace`.
    ///
    /// Cost: for each override resolution, the registration events of its factory in its containers.
    ///
    /// ```swift
    /// let attribution = RegistrationAttribution(trace: trace)
    /// ```
    public init(trace: Trace) {
        self.trace = trace
        // Registration events per factory and container, in time order (trace.registrations is sorted by time).
        var events: [StackKey: [Int]] = [:]
        for (index, registration) in trace.registrations.enumerated() {
            events[StackKey(factory: registration.factory, container: registration.container), default: []]
                .append(index)
        }
        var lineages: [Int: [Int]] = [:]
        var result = [Int32](repeating: -1, count: trace.resolutions.count)
        guard !events.isEmpty else {
            self.registrationIndices = result
            return
        }
        for (position, resolution) in trace.resolutions.enumerated() {
            guard resolution.source == .override || resolution.source == .useProduction else { continue }
            let lineage: [Int]
            if let known = lineages[resolution.container] {
                lineage = known
            } else {
                lineage = trace.containerLineage(resolution.container)
                lineages[resolution.container] = lineage
            }
            for container in lineage {
                guard let list = events[StackKey(factory: resolution.factory, container: container)] else { continue }
                var stack: [Int] = []
                for index in list {
                    let registration = trace.registrations[index]
                    guard registration.time <= resolution.start else { break }
                    if registration.action == .pop {
                        _ = stack.popLast()
                    } else {
                        stack.append(index)
                    }
                }
                if let top = stack.last {
                    result[position] = Int32(top)
                    break
                }
            }
        }
        self.registrationIndices = result
    }

    /// The registration that supplied the resolution at `index` (in ``Trace/resolutions``), if one did.
    ///
    /// `nil` for the factory's own resolver, a leak fallback, a failure before a resolver was chosen, or an
    /// override whose registration the trace does not have.
    ///
    /// ```swift
    /// attribution.registration(forResolutionAt: 3)?.action   // .testDefault
    /// ```
    public func registration(forResolutionAt index: Int) -> RegistrationRecord? {
        let registration = registrationIndices[index]
        return registration < 0 ? nil : trace.registrations[Int(registration)]
    }
}
