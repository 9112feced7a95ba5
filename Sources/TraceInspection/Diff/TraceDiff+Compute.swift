extension TraceDiff {
    /// Compares two analysed traces (each may be several traces merged with ``Trace/merging(_:)``).
    ///
    /// Linear in the size of both traces, plus sorting each factory's self times.
    ///
    /// ```swift
    /// let diff = TraceDiff(old: oldAnalysis, new: newAnalysis, options: .init(timeThresholdPercent: 50))
    /// ```
    public init(old: TraceAnalysis, new: TraceAnalysis, options: Options = Options()) {
        let before = DiffSide(old)
        let after = DiffSide(new)
        var changes: [Change] = []
        func declared(_ factory: FactoryRecord) -> SourceSite {
            SourceSite(label: "declared at", file: factory.file, line: factory.line)
        }

        for (identity, factory) in after.factories where before.factories[identity] == nil {
            changes.append(
                Change(
                    kind: .newFactory, factory: identity, related: [],
                    message: "New factory \(identity), \(factory.record.scope.rawValue), "
                        + (factory.resolutions == 0
                            ? "never resolved." : "resolved \(Self.times(factory.resolutions))."),
                    site: declared(factory.record), after: factory.record.scope.rawValue,
                    metrics: ["newResolutions": UInt64(factory.resolutions)]))
        }
        for (identity, factory) in before.factories where after.factories[identity] == nil {
            changes.append(
                Change(
                    kind: .removedFactory, factory: identity, related: [],
                    message: "Factory \(identity) is no longer declared"
                        + (factory.resolutions == 0 ? "." : " (it was resolved \(Self.times(factory.resolutions)))."),
                    site: declared(factory.record), before: factory.record.scope.rawValue,
                    metrics: ["oldResolutions": UInt64(factory.resolutions)]))
        }
        for (identity, factory) in after.factories {
            guard let old = before.factories[identity] else { continue }
            if old.record.scope != factory.record.scope {
                changes.append(
                    Change(
                        kind: .scopeChange, factory: identity, related: [],
                        message: "\(identity) changed scope from \(old.record.scope.rawValue) to "
                            + "\(factory.record.scope.rawValue).",
                        site: declared(factory.record), before: old.record.scope.rawValue,
                        after: factory.record.scope.rawValue, metrics: [:]))
            }
            if old.record.kind != factory.record.kind {
                changes.append(
                    Change(
                        kind: .kindChange, factory: identity, related: [],
                        message: "\(identity) changed resolver kind from \(old.record.kind.rawValue) to "
                            + "\(factory.record.kind.rawValue).",
                        site: declared(factory.record), before: old.record.kind.rawValue,
                        after: factory.record.kind.rawValue, metrics: [:]))
            }
            if let change = Self.countChange(identity, old: old, new: factory, options: options) {
                changes.append(change)
            }
            if let change = Self.timeRegression(identity, old: old, new: factory, options: options) {
                changes.append(change)
            }
        }

        for (edge, count) in after.edges where before.edges[edge] == nil {
            changes.append(
                Change(
                    kind: .newEdge, factory: edge.from, related: [edge.to],
                    message: "New dependency: \(edge.from) now resolves \(edge.to) (\(Self.times(count))).",
                    site: after.factories[edge.from].map { declared($0.record) }, metrics: ["newCount": UInt64(count)]))
        }
        for (edge, count) in before.edges where after.edges[edge] == nil {
            changes.append(
                Change(
                    kind: .removedEdge, factory: edge.from, related: [edge.to],
                    message:
                        "Removed dependency: \(edge.from) no longer resolves \(edge.to) (it did \(Self.times(count))).",
                    site: (after.factories[edge.from] ?? before.factories[edge.from]).map { declared($0.record) },
                    metrics: ["oldCount": UInt64(count)]))
        }

        for key in after.registrations where !before.registrations.contains(key) {
            changes.append(Self.registrationChange(key, added: true))
        }
        for key in before.registrations where !after.registrations.contains(key) {
            changes.append(Self.registrationChange(key, added: false))
        }

        for (cycle, problem) in after.cycles where before.cycles[cycle] == nil {
            let names = (cycle + [cycle[0]]).map(\.description).joined(separator: " → ")
            changes.append(
                Change(
                    kind: .newCycle, factory: cycle[0], related: Array(cycle.dropFirst()),
                    message: "New dependency cycle: \(names).", site: problem.sites.first, metrics: [:]))
        }
        for (key, problem) in after.problems where before.problems[key] == nil {
            changes.append(
                Change(
                    kind: .newProblem, factory: key.factory, related: [],
                    message: "New \(key.kind.rawValue) problem: \(problem.message)", site: problem.sites.first,
                    before: nil, after: key.kind.rawValue, metrics: [:]))
        }

        self.changes = changes.sorted { a, b in
            if a.kind != b.kind { return a.kind < b.kind }
            if a.factory != b.factory { return a.factory < b.factory }
            if a.related != b.related { return a.related.lexicographicallyPrecedes(b.related) }
            return a.message < b.message
        }
        self.oldSummary = before.summary
        self.newSummary = after.summary
        self.options = options
    }

    private static func countChange(
        _ identity: FactoryIdentity, old: DiffSide.Factory, new: DiffSide.Factory, options: Options
    ) -> Change? {
        let difference = abs(new.resolutions - old.resolutions)
        guard difference > 0, Double(difference) > Double(old.resolutions) * options.countThresholdPercent / 100 else {
            return nil
        }
        let percent =
            old.resolutions == 0 ? "" : " (\(signedPercent(Double(new.resolutions), Double(old.resolutions))))"
        return Change(
            kind: .countChange, factory: identity, related: [],
            message: "\(identity) was resolved \(times(new.resolutions)), \(times(old.resolutions)) before\(percent).",
            site: SourceSite(label: "declared at", file: new.record.file, line: new.record.line),
            before: "\(old.resolutions)", after: "\(new.resolutions)",
            metrics: ["oldResolutions": UInt64(old.resolutions), "newResolutions": UInt64(new.resolutions)])
    }

    private static func timeRegression(
        _ identity: FactoryIdentity, old: DiffSide.Factory, new: DiffSide.Factory, options: Options
    ) -> Change? {
        guard old.resolutions >= options.minimumResolutions, new.resolutions >= options.minimumResolutions else {
            return nil
        }
        let oldP50 = PercentileSketch.nearestRank(old.selfTimes, 0.50)
        let newP50 = PercentileSketch.nearestRank(new.selfTimes, 0.50)
        let oldP95 = PercentileSketch.nearestRank(old.selfTimes, 0.95)
        let newP95 = PercentileSketch.nearestRank(new.selfTimes, 0.95)
        func regressed(_ before: UInt64, _ after: UInt64) -> Bool {
            after > before && after - before >= options.timeFloorNanoseconds
                && Double(after) > Double(before) * (1 + options.timeThresholdPercent / 100)
        }
        guard regressed(oldP50, newP50) || regressed(oldP95, newP95) else { return nil }
        return Change(
            kind: .timeRegression, factory: identity, related: [],
            message: "\(identity) got slower: self time p50 \(Duration.format(oldP50)) → \(Duration.format(newP50)) "
                + "(\(signedPercent(Double(newP50), Double(oldP50)))), p95 \(Duration.format(oldP95)) → "
                + "\(Duration.format(newP95)) (\(signedPercent(Double(newP95), Double(oldP95)))), over "
                + "\(old.resolutions) and \(new.resolutions) resolutions.",
            site: SourceSite(label: "declared at", file: new.record.file, line: new.record.line),
            before: Duration.format(oldP95), after: Duration.format(newP95),
            metrics: [
                "oldSelfP50Nanoseconds": oldP50, "newSelfP50Nanoseconds": newP50, "oldSelfP95Nanoseconds": oldP95,
                "newSelfP95Nanoseconds": newP95, "oldResolutions": UInt64(old.resolutions),
                "newResolutions": UInt64(new.resolutions),
            ])
    }

    private static func registrationChange(_ key: DiffSide.Registration, added: Bool) -> Change {
        let isTestDefault = key.action == .testDefault
        let kind: ChangeKind =
            isTestDefault
            ? (added ? .newTestDefault : .removedTestDefault) : (added ? .newRegistration : .removedRegistration)
        let what: String
        switch key.action {
        case .testDefault: what = "test default"
        case .useProduction: what = "useProduction() call"
        case .push, .pop: what = "override"
        }
        let message =
            added
            ? "New \(what) for \(key.factory), at \(key.file):\(key.line)."
            : "The \(what) for \(key.factory) at \(key.file):\(key.line) is gone."
        return Change(
            kind: kind, factory: key.factory, related: [], message: message,
            site: SourceSite(label: added ? "registered at" : "was registered at", file: key.file, line: key.line),
            before: added ? nil : key.action.rawValue, after: added ? key.action.rawValue : nil, metrics: [:])
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    private static func signedPercent(_ new: Double, _ old: Double) -> String {
        guard old > 0 else { return "new" }
        let change = (new - old) / old * 100
        return (change >= 0 ? "+" : "−") + Duration.rounded(abs(change), 0) + "%"
    }
}
