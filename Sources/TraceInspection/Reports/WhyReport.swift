/// Renders ``FactoryExplanation``s, as `di-inspect why` prints them: text for people or JSON.
///
/// Text lists, per explained factory: the paths from top-level resolutions with counts, the containers
/// (and tests) it was created in or taken from cache in, what supplied it (production or which
/// registration, with its call site), registrations that supplied nothing, and its dependents.
///
/// ```swift
/// let explainer = FactoryExplainer(analysis: analysis)
/// print(WhyReport.text([explainer.explain(factory: 3)], analysis: analysis), terminator: "")
/// ```
public enum WhyReport {
    /// Text for people; each list shows at most `limit` entries (0: all), then says how many it left out.
    ///
    /// Ends with a newline.
    ///
    /// ```swift
    /// let text = WhyReport.text(explanations, analysis: analysis, limit: 10)
    /// ```
    public static func text(_ explanations: [FactoryExplanation], analysis: TraceAnalysis, limit: Int = 20) -> String {
        explanations.map { section($0, trace: analysis.trace, limit: limit) }.joined(separator: "\n")
    }

    private static func section(_ explanation: FactoryExplanation, trace: Trace, limit: Int) -> String {
        let factory = explanation.factory
        let stats = explanation.statistics
        func name(_ id: Int) -> String { trace.factory(id: id).displayName }
        func shown<T>(_ items: [T]) -> ArraySlice<T> { limit > 0 ? items.prefix(limit) : items[...] }
        func more(_ count: Int, _ noun: String) -> String {
            limit > 0 && count > limit ? "  … and \(count - limit) more \(noun) (--limit 0 shows all)\n" : ""
        }
        var out = "\(factory.displayName)  \(factory.site) · \(factory.scope.rawValue) · \(factory.kind.rawValue)\n"
        out +=
            "  \(plural(stats.resolutions, "resolution")): \(stats.creations) created, \(stats.cacheHits) from cache, "
            + "\(stats.failures) failed; self time \(Duration.format(stats.selfTotalNanoseconds)), "
            + "total \(Duration.format(stats.totalNanoseconds))\n"

        out += "\npaths from a top-level resolution (\(explanation.paths.count) distinct):\n"
        if explanation.paths.isEmpty { out += "  (never resolved)\n" }
        for path in shown(explanation.paths) {
            out +=
                "  ×\(path.count)  " + path.factories.map(name).joined(separator: " → ")
                + "  (\(outcomes(created: path.created, cacheHits: path.cacheHits, failures: path.failures)))\n"
        }
        out += more(explanation.paths.count, "paths")

        out += "\ncontainers:\n"
        if explanation.containers.isEmpty { out += "  (none)\n" }
        for use in shown(explanation.containers) {
            out +=
                "  \(containerName(use.container, trace: trace)): "
                + outcomes(created: use.created, cacheHits: use.cacheHits, failures: use.failures)
                + " · " + use.sources.map(\.rawValue).joined(separator: ", ") + "\n"
        }
        out += more(explanation.containers.count, "containers")

        out += "\nsupplied by:\n"
        if explanation.suppliers.isEmpty { out += "  (nothing: never resolved)\n" }
        for supplier in explanation.suppliers {
            let containers = supplier.containers.map(String.init).joined(separator: ", ")
            out +=
                "  \(supplierName(supplier, factory: factory)): \(plural(supplier.resolutions, "resolution")) "
                + "(\(outcomes(created: supplier.created, cacheHits: supplier.cacheHits, failures: 0))) "
                + "in container\(supplier.containers.count == 1 ? "" : "s") \(containers)\n"
        }
        for registration in explanation.unusedRegistrations {
            out +=
                "  \(registrationName(registration.action)) at \(registration.site) in "
                + "\(containerName(registration.container, trace: trace)): supplied nothing\n"
        }

        out +=
            "\ndependents (who depends on it): \(explanation.directDependents.count) direct, "
            + "\(explanation.transitiveDependents.count) in all\n"
        for dependent in shown(explanation.directDependents) {
            out += "  \(name(dependent.factory))  ×\(dependent.count)  \(trace.factory(id: dependent.factory).site)\n"
        }
        out += more(explanation.directDependents.count, "direct dependents")
        let indirect = explanation.transitiveDependents.filter { $0.distance > 1 }
        if !indirect.isEmpty {
            out += "  through others:\n"
            for dependent in shown(indirect) {
                out +=
                    "    \(name(dependent.factory))  \(dependent.distance) edges away, above "
                    + "\(plural(dependent.count, "resolution")) of it\n"
            }
            out += more(indirect.count, "dependents")
        }
        if !explanation.directDependencies.isEmpty {
            out +=
                "\nresolves: "
                + explanation.directDependencies.map { "\(name($0.factory)) ×\($0.count)" }
                .joined(separator: ", ") + "\n"
        }
        return out
    }

    static func supplierName(_ supplier: FactoryExplanation.Supplier, factory: FactoryRecord) -> String {
        switch supplier.kind {
        case .production: return "production (its own resolver, \(factory.site))"
        case .leaked: return "leak fallback (resolved after its test container ended)"
        case .none: return "no binding (failed before a resolver was chosen)"
        case .override, .testDefault, .useProduction:
            guard let registration = supplier.registration else {
                return "\(supplier.kind.rawValue) (registration not in the trace)"
            }
            return "\(registrationName(registration.action)) at \(registration.site)"
        }
    }

    static func registrationName(_ action: RegistrationRecord.Action) -> String {
        switch action {
        case .push: "override registered"
        case .testDefault: "test default"
        case .useProduction: "useProduction()"
        case .pop: "popRegistration()"
        }
    }

    static func containerName(_ id: Int, trace: Trace) -> String {
        guard let container = trace.container(id: id) else { return "container \(id)" }
        if let test = container.test { return "container \(id) (test \"\(test)\")" }
        if container.file.isEmpty { return "container \(id) (\(container.kind.rawValue))" }
        return "container \(id) (\(container.kind.rawValue), \(container.site))"
    }

    static func outcomes(created: Int, cacheHits: Int, failures: Int) -> String {
        var parts: [String] = []
        if created > 0 { parts.append("\(created) created") }
        if cacheHits > 0 { parts.append("\(cacheHits) from cache") }
        if failures > 0 { parts.append("\(failures) failed") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
