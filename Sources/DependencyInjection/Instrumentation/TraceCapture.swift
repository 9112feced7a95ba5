internal import Synchronization

/// The events of one test container's subtree, kept in memory so a failing test can print its own trace.
package final class TraceCapture: Sendable {
    private struct State {
        var events: [TraceEvent] = []
        var announced: Set<UInt64> = []
    }

    private let state = LockedState(State())
    let start = MonotonicClock.now()

    package init() {}

    func append(_ event: TraceEvent) {
        state.withLock { $0.events.append(event) }
    }

    /// Appends the factory's declaration the first time this capture sees it.
    func announce(_ factory: FactoryMetadata) {
        let isNew = state.withLock { $0.announced.insert(factory.id).inserted }
        if isNew { append(.factory(factory, time: MonotonicClock.now())) }
    }

    /// The captured events as a complete trace in the documented JSON Lines format.
    package func jsonLines() -> String {
        let events = state.withLock { $0.events }
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        var out = TraceEncoder.header(startWallClock: wall)
        for event in events { TraceEncoder.append(event, base: start, to: &out) }
        TraceEncoder.end(time: MonotonicClock.now() - start, events: events.count, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// How many events were captured.
    package var eventCount: Int { state.withLock { $0.events.count } }
}

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
