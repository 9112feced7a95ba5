/// Everything `stats`, `check`, `graph` and `dump` need from a trace's resolutions, folded one resolution (and one
/// finished family: a resolution with its children) at a time, so a trace never has to be held whole.
///
/// Memory grows with factories, edges, containers and problems, never with resolutions. ``ResolutionWindow`` feeds
/// it: ``arrive(_:)`` for each resolution as it is read, ``finish(_:factoryIndex:children:nextToken:)`` once a
/// resolution's children are known. The same code serves a trace read whole (``TraceAnalysis/init(trace:edges:)``)
/// and one read as a stream (``TraceReader/analyze(path:options:windowCapacity:)``), so their figures and problems
/// are the same.
///
/// What a family is judged on that depends on declarations (a factory's scope and kind, a container's test) is
/// decided when the report is made, with every declaration known; the folds only keep what could matter.
///
/// ```swift
/// let analysis = try TraceReader.analyze(path: "xl.ditrace").analysis
/// analysis.facts.resolutionCount   // 10_000_000, none of them kept
/// ```
package struct ResolutionFacts: Sendable {
    /// The checks whose folds depend on a threshold.
    package struct Options: Sendable, Equatable {
        /// The main-thread frame budget (`nil`: no main-thread facts).
        package var mainThreadThresholdNanoseconds: UInt64?
        /// Whether durations are kept for percentiles (`stats`); `check`, `graph` and `dump` need none, and
        /// keeping them is a tenth of the time of a large trace.
        package var keepsPercentiles: Bool

        package init(
            mainThreadThresholdNanoseconds: UInt64? = TraceChecker.Options.defaultMainThreadThresholdNanoseconds,
            keepsPercentiles: Bool = true
        ) {
            self.mainThreadThresholdNanoseconds = mainThreadThresholdNanoseconds
            self.keepsPercentiles = keepsPercentiles
        }
    }

    /// A child as its parent's family needs it.
    struct Child: Sendable {
        var factory: Int
        /// The factory's place in ``ResolutionFacts``'s per-factory folds (see ``arrive(_:)``).
        var factoryIndex: Int32
        var container: Int
        var start: UInt64
        var nanoseconds: UInt64
        var outcome: ResolutionRecord.Outcome
    }

    /// A dependency a `.created` resolution resolved while being made (a possible captive), first occurrence.
    package struct Capture: Sendable {
        package var holder: Int
        package var dependency: Int
        package var holderContainer: Int
        package var dependencyContainer: Int
        package var dependencyStart: UInt64
        package var occurrences: Int
        /// Order of first occurrence.
        package var sequence: Int
        /// Factory ids from the outermost resolution down to the dependency.
        package var path: [Int] = []
        var pathToken: Int
    }

    /// The worst synchronous main-thread resolution of one factory over the frame budget.
    package struct MainThreadWorst: Sendable {
        package var factory: Int
        package var container: Int
        package var start: UInt64
        package var selfNanoseconds: UInt64
        package var count: Int
        package var sequence: Int
        package var path: [Int] = []
        var pathToken: Int
    }

    package struct EdgeKey: Hashable, Sendable {
        package var from: Int
        package var to: Int

        package init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    package struct FactoryInContainer: Hashable, Sendable {
        package var factory: Int
        package var container: Int
    }

    /// A cached factory created in a container with a dependency resolved at that time.
    package struct Holding: Hashable, Sendable {
        package var holder: Int
        package var container: Int
        package var dependency: Int
    }

    package let options: Options
    /// How many resolutions were folded.
    package private(set) var resolutionCount = 0
    /// The largest container and resolution ids the folded resolutions used (to keep ids of several traces apart).
    package private(set) var largestContainer = 0
    package private(set) var largestResolution = 0
    /// What is folded per factory: statistics (self times included once each family finished), and inclusive
    /// and self durations for percentiles.
    private struct FactoryFold: Sendable {
        var statistics: FactoryStatistics
        var durations = PercentileSketch()
        var selfDurations = PercentileSketch()
    }

    /// Factory id to its place in `folds` (one lookup per resolution; everything after uses the place).
    private var factoryIndex: [Int: Int32] = [:]
    private var folds: [FactoryFold] = []
    /// Edge counts by the places of both factories (`from << 32 | to`): one integer to hash per child.
    private var edgesByIndex: [Int: Int] = [:]
    /// The latest start of an override resolution, per factory and container.
    package private(set) var latestOverride: [FactoryInContainer: UInt64] = [:]
    /// The earliest start of each dependency resolved while a (possibly) cached factory was created.
    package private(set) var holdings: [Holding: UInt64] = [:]
    /// Dependencies kept by created instances, by (holder, dependency, same container?) and, across containers,
    /// by both containers; the check decides with every declaration known.
    package private(set) var captures: [CaptureKey: Capture] = [:]
    /// Main-thread resolutions over the budget, by factory.
    package private(set) var mainThread: [Int: MainThreadWorst] = [:]

    /// Scopes and kinds declared so far, so families that cannot matter are not kept.
    private var declared: [Int: (scope: FactoryRecord.Scope, kind: FactoryRecord.Kind)] = [:]
    private var sequence = 0
    /// Paths asked for, by token (filled by ``ResolutionWindow``).
    private(set) var pathRequests: [(token: Int, kind: PathOwner)] = []

    package struct CaptureKey: Hashable, Sendable {
        var holder: Int
        var dependency: Int
        /// Both containers when they differ (whether that crosses a test is decided at the end); else (0, 0).
        var holderContainer: Int
        var dependencyContainer: Int
    }

    enum PathOwner: Sendable {
        case capture(CaptureKey)
        case mainThread(Int)
    }

    package init(options: Options = Options()) {
        self.options = options
    }

    /// The facts of a trace in memory: its resolutions in order, with a window of the whole trace, so every
    /// parent link is made.
    static func folding(_ trace: Trace, options: Options) -> ResolutionFacts {
        var window = ResolutionWindow(capacity: trace.resolutions.count, facts: ResolutionFacts(options: options))
        for factory in trace.factories where factory.isDeclared { window.declare(factory) }
        for (index, resolution) in trace.resolutions.enumerated() { window.add(resolution, line: index + 1) }
        return window.finish()
    }

    /// The facts of several traces analysed as one, each renumbered as ``Trace/merged(_:containerCeilings:resolutionCeilings:)``
    /// renumbered the trace it came from.
    package static func merging(_ parts: [(facts: ResolutionFacts, map: Trace.MergeMap)]) -> ResolutionFacts {
        guard let first = parts.first else { return ResolutionFacts() }
        if parts.count == 1 { return first.facts }
        var result = ResolutionFacts(options: first.facts.options)
        for (facts, map) in parts {
            result.resolutionCount += facts.resolutionCount
            var places: [Int32] = []
            for fold in facts.folds {
                let id = map.factory(fold.statistics.factory)
                var renumbered = fold
                renumbered.statistics.factory = id
                if let index = result.factoryIndex[id] {
                    result.folds[Int(index)].statistics.merge(renumbered.statistics)
                    result.folds[Int(index)].durations.merge(renumbered.durations)
                    result.folds[Int(index)].selfDurations.merge(renumbered.selfDurations)
                    places.append(index)
                } else {
                    places.append(Int32(result.folds.count))
                    result.factoryIndex[id] = Int32(result.folds.count)
                    result.folds.append(renumbered)
                }
            }
            for (key, count) in facts.edgesByIndex {
                result.edgesByIndex[Int(places[key >> 32]) << 32 | Int(places[key & 0xFFFF_FFFF]), default: 0] += count
            }
            let container = { (id: Int) in id + map.containerOffset }
            for (key, start) in facts.latestOverride {
                let renumbered = FactoryInContainer(factory: map.factory(key.factory), container: container(key.container))
                result.latestOverride[renumbered] = max(result.latestOverride[renumbered] ?? 0, start)
            }
            for (key, start) in facts.holdings {
                let renumbered = Holding(
                    holder: map.factory(key.holder), container: container(key.container),
                    dependency: map.factory(key.dependency))
                result.holdings[renumbered] = min(result.holdings[renumbered] ?? .max, start)
            }
            for capture in facts.captures.values.sorted(by: { $0.sequence < $1.sequence }) {
                let crosses = capture.holderContainer != capture.dependencyContainer
                let key = CaptureKey(
                    holder: map.factory(capture.holder), dependency: map.factory(capture.dependency),
                    holderContainer: crosses ? container(capture.holderContainer) : 0,
                    dependencyContainer: crosses ? container(capture.dependencyContainer) : 0)
                if result.captures[key] != nil {
                    result.captures[key]!.occurrences += capture.occurrences
                    continue
                }
                result.sequence += 1
                var renumbered = capture
                renumbered.holder = key.holder
                renumbered.dependency = key.dependency
                renumbered.holderContainer = container(capture.holderContainer)
                renumbered.dependencyContainer = container(capture.dependencyContainer)
                renumbered.path = capture.path.map(map.factory)
                renumbered.sequence = result.sequence
                result.captures[key] = renumbered
            }
            for worst in facts.mainThread.values.sorted(by: { $0.sequence < $1.sequence }) {
                let id = map.factory(worst.factory)
                var renumbered = worst
                renumbered.factory = id
                renumbered.container = container(worst.container)
                renumbered.path = worst.path.map(map.factory)
                if let seen = result.mainThread[id] {
                    if seen.selfNanoseconds >= renumbered.selfNanoseconds { renumbered = seen }
                    renumbered.count = seen.count + worst.count
                    renumbered.sequence = seen.sequence
                } else {
                    result.sequence += 1
                    renumbered.sequence = result.sequence
                }
                result.mainThread[id] = renumbered
            }
        }
        return result
    }

    /// Notes a factory declaration (from a `factory` event), so later families of other scopes can be skipped.
    mutating func declare(_ factory: FactoryRecord) {
        if declared[factory.id] == nil { declared[factory.id] = (factory.scope, factory.kind) }
    }

    /// Statistics by factory id.
    package var statistics: [Int: FactoryStatistics] {
        Dictionary(uniqueKeysWithValues: folds.map { ($0.statistics.factory, $0.statistics) })
    }

    /// Observed edges with counts.
    package var edgeCounts: [EdgeKey: Int] {
        var result: [EdgeKey: Int] = [:]
        for (key, count) in edgesByIndex {
            let from = folds[key >> 32].statistics.factory
            let to = folds[key & 0xFFFF_FFFF].statistics.factory
            result[EdgeKey(from: from, to: to)] = count
        }
        return result
    }

    /// Folds what one resolution says on its own; returns its factory's place, for ``finish(_:factoryIndex:children:nextToken:)``
    /// and its parent's family.
    mutating func arrive(_ resolution: ResolutionRecord) -> Int32 {
        resolutionCount += 1
        largestContainer = max(largestContainer, resolution.container)
        largestResolution = max(largestResolution, resolution.id, resolution.parent ?? 0)
        let index: Int32
        if let known = factoryIndex[resolution.factory] {
            index = known
        } else {
            index = Int32(folds.count)
            factoryIndex[resolution.factory] = index
            folds.append(FactoryFold(statistics: FactoryStatistics(factory: resolution.factory)))
        }
        folds[Int(index)].statistics.add(resolution)
        if options.keepsPercentiles { folds[Int(index)].durations.add(resolution.nanoseconds) }
        if resolution.source == .override {
            let key = FactoryInContainer(factory: resolution.factory, container: resolution.container)
            latestOverride[key] = max(latestOverride[key] ?? 0, resolution.start)
        }
        return index
    }

    /// Folds a finished family: `parent` with its `children` (sorted by start). Returns the path tokens to fill
    /// with the factories from the outermost resolution down to `parent`.
    mutating func finish(
        _ parent: ResolutionRecord, factoryIndex: Int32, children: [Child], nextToken: inout Int
    ) -> [Int] {
        let own = SelfTime.nanoseconds(start: parent.start, nanoseconds: parent.nanoseconds, children: children)
        folds[Int(factoryIndex)].statistics.addSelfTime(own)
        if options.keepsPercentiles { folds[Int(factoryIndex)].selfDurations.add(own) }
        var tokens: [Int] = []
        for child in children { edgesByIndex[Int(factoryIndex) << 32 | Int(child.factoryIndex), default: 0] += 1 }

        let holderScope = declared[parent.factory]?.scope
        if parent.outcome == .created, holderScope == nil || holderScope == .cached {
            for child in children {
                let holding = Holding(holder: parent.factory, container: parent.container, dependency: child.factory)
                holdings[holding] = min(holdings[holding] ?? .max, child.start)
                guard child.outcome != .failed else { continue }
                let crosses = parent.container != child.container
                let key = CaptureKey(
                    holder: parent.factory, dependency: child.factory,
                    holderContainer: crosses ? parent.container : 0, dependencyContainer: crosses ? child.container : 0)
                if captures[key] != nil {
                    captures[key]!.occurrences += 1
                    continue
                }
                sequence += 1
                captures[key] = Capture(
                    holder: parent.factory, dependency: child.factory, holderContainer: parent.container,
                    dependencyContainer: child.container, dependencyStart: child.start, occurrences: 1,
                    sequence: sequence, pathToken: nextToken)
                pathRequests.append((nextToken, .capture(key)))
                tokens.append(nextToken)
                nextToken += 1
            }
        }

        if parent.isOnMainThread, let threshold = options.mainThreadThresholdNanoseconds {
            let kind = declared[parent.factory]?.kind
            if kind == nil || kind == .sync || kind == .syncThrowing {
                let childTime = children.reduce(UInt64(0)) { $0 &+ $1.nanoseconds }
                let selfTime = parent.nanoseconds > childTime ? parent.nanoseconds - childTime : 0
                if selfTime > threshold {
                    if var worst = mainThread[parent.factory] {
                        worst.count += 1
                        if selfTime > worst.selfNanoseconds {
                            worst.selfNanoseconds = selfTime
                            worst.container = parent.container
                            worst.start = parent.start
                            worst.pathToken = nextToken
                            pathRequests.append((nextToken, .mainThread(parent.factory)))
                            tokens.append(nextToken)
                            nextToken += 1
                        }
                        mainThread[parent.factory] = worst
                    } else {
                        sequence += 1
                        mainThread[parent.factory] = MainThreadWorst(
                            factory: parent.factory, container: parent.container, start: parent.start,
                            selfNanoseconds: selfTime, count: 1, sequence: sequence, pathToken: nextToken)
                        pathRequests.append((nextToken, .mainThread(parent.factory)))
                        tokens.append(nextToken)
                        nextToken += 1
                    }
                }
            }
        }
        return tokens
    }

    /// Whether a path token is still wanted (a main-thread worst may have been replaced since).
    func wants(_ token: Int, owner: PathOwner) -> Bool {
        switch owner {
        case .capture(let key): captures[key]?.pathToken == token
        case .mainThread(let factory): mainThread[factory]?.pathToken == token
        }
    }

    /// Stores the finished paths (outermost first; the capture's own dependency is appended).
    mutating func fillPaths(_ paths: [Int: [Int]]) {
        for (token, owner) in pathRequests {
            guard let path = paths[token], wants(token, owner: owner) else { continue }
            switch owner {
            case .capture(let key): captures[key]!.path = path + [captures[key]!.dependency]
            case .mainThread(let factory): mainThread[factory]!.path = path
            }
        }
        pathRequests = []
    }

    /// The p50 and p95 of a factory's inclusive and self durations.
    package func percentiles(of factory: Int) -> (p50: UInt64, p95: UInt64, selfP50: UInt64, selfP95: UInt64) {
        guard let index = factoryIndex[factory] else { return (0, 0, 0, 0) }
        let fold = folds[Int(index)]
        return (
            fold.durations.percentile(0.50), fold.durations.percentile(0.95), fold.selfDurations.percentile(0.50),
            fold.selfDurations.percentile(0.95)
        )
    }
}
