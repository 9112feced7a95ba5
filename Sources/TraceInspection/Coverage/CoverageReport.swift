/// Renders a ``CoverageAnalysis`` for `di-inspect coverage`: a table per module and per factory, the
/// factories no trace resolved, the test values never used, and a summary line; or one JSON object.
///
/// ```swift
/// print(CoverageReport.text(coverage), terminator: "")
/// ```
public enum CoverageReport {
    /// Text for people, ending with the summary line and a newline.
    ///
    /// ```swift
    /// let text = CoverageReport.text(coverage)
    /// ```
    public static func text(_ coverage: CoverageAnalysis) -> String {
        var output = ""
        let moduleRows = coverage.modules.map { module in
            [
                module.module, "\(module.declared)", "\(module.resolved)", "\(module.created)", "\(module.overridden)",
                percent(module.percent),
            ]
        }
        output += table(["MODULE", "FACTORIES", "RESOLVED", "CREATED", "OVERRIDDEN", "COVERAGE"], moduleRows, left: 1)
        output += "\n"
        let factoryRows = coverage.factories.map { entry in
            [
                label(entry.factory), entry.factory.module, "\(entry.resolutions)", "\(entry.creations)",
                "\(entry.overrides)",
            ]
        }
        output += table(["FACTORY", "MODULE", "RESOLVED", "CREATED", "OVERRIDDEN"], factoryRows, left: 2)
        let never = coverage.neverResolved
        if !never.isEmpty {
            output += "\nNever resolved (\(never.count)):\n"
            let width = never.map { label($0).count }.max() ?? 0
            for factory in never { output += "  \(label(factory).padded(to: width))  \(factory.site)\n" }
        }
        if !coverage.unusedTestDefaults.isEmpty {
            output += "\nTest values never used (\(coverage.unusedTestDefaults.count)):\n"
            for unused in coverage.unusedTestDefaults {
                let set = unused.registration.defaults.map { " in \($0)" } ?? ""
                let applied =
                    unused.applied == 0
                    ? "never applied"
                    : "applied \(unused.applied) time\(unused.applied == 1 ? "" : "s"), never resolved"
                output += "  \(label(unused.factory)).testValue at \(unused.registration.site)\(set): \(applied)\n"
            }
        }
        if coverage.unknownFactoryCount > 0 {
            output +=
                "\nThe traces declare \(coverage.unknownFactoryCount) factories the scan does not; scan the "
                + "sources that declare them to count them.\n"
        }
        return output + "\n" + summary(coverage) + "\n"
    }

    /// The one-line summary `coverage` ends with.
    ///
    /// ```swift
    /// CoverageReport.summary(coverage)   // "17 of 20 declared factories (85.0%) resolved …"
    /// ```
    public static func summary(_ coverage: CoverageAnalysis) -> String {
        let declared = coverage.factories.count
        let resolved = declared - coverage.neverResolved.count
        let traces = "\(coverage.traceCount) trace\(coverage.traceCount == 1 ? "" : "s")"
        let containers = "\(coverage.testContainerCount) test container\(coverage.testContainerCount == 1 ? "" : "s")"
        return "\(resolved) of \(declared) declared factories (\(percent(coverage.percent))) resolved in \(traces) "
            + "(\(containers)); \(coverage.neverResolved.count) never; \(coverage.unusedTestDefaults.count) of "
            + "\(coverage.testDefaultCount) test values never used."
    }

    /// One JSON object: `summary`, `modules`, `factories`, `neverResolved` (scan ids) and `unusedTestValues`.
    ///
    /// ```swift
    /// let json = CoverageReport.json(coverage)
    /// ```
    public static func json(_ coverage: CoverageAnalysis) -> String {
        let object: JSONOutput = .object([
            "summary": .object([
                "declared": .int(coverage.factories.count),
                "resolved": .int(coverage.factories.count - coverage.neverResolved.count),
                "percent": .double(coverage.percent), "traces": .int(coverage.traceCount),
                "testContainers": .int(coverage.testContainerCount), "testValues": .int(coverage.testDefaultCount),
                "unusedTestValues": .int(coverage.unusedTestDefaults.count),
                "unknownFactories": .int(coverage.unknownFactoryCount),
            ]),
            "modules": .array(
                coverage.modules.map {
                    .object([
                        "module": .string($0.module), "declared": .int($0.declared), "resolved": .int($0.resolved),
                        "created": .int($0.created), "overridden": .int($0.overridden), "percent": .double($0.percent),
                    ])
                }),
            "factories": .array(
                coverage.factories.map {
                    .object([
                        "id": .int($0.factory.id), "property": .optional($0.factory.property),
                        "type": .string($0.factory.type), "module": .string($0.factory.module),
                        "file": .string($0.factory.file), "line": .int($0.factory.line),
                        "resolutions": .int($0.resolutions), "creations": .int($0.creations),
                        "overrides": .int($0.overrides),
                    ])
                }),
            "neverResolved": .array(coverage.neverResolved.map { .int($0.id) }),
            "unusedTestValues": .array(
                coverage.unusedTestDefaults.map {
                    .object([
                        "factory": .int($0.factory.id), "file": .string($0.registration.file),
                        "line": .int($0.registration.line), "defaults": .optional($0.registration.defaults),
                        "applied": .int($0.applied),
                    ])
                }),
        ])
        return object.rendered() + "\n"
    }

    private static func label(_ factory: FactoryRecord) -> String { factory.property ?? factory.displayName }

    /// A percentage with one decimal, as the report prints it.
    ///
    /// ```swift
    /// CoverageReport.percent(85)   // "85.0%"
    /// ```
    public static func percent(_ value: Double) -> String { Duration.rounded(value, 1) + "%" }

    /// Columns padded to their widest cell: the first `left` aligned left, the numbers right.
    private static func table(_ header: [String], _ rows: [[String]], left: Int) -> String {
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index < left ? cell.padded(to: widths[index]) : cell.padded(to: widths[index], right: true)
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
