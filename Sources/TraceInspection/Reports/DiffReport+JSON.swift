extension DiffReport {
    /// The diff as one JSON object: `format`, `version`, `old`/`new` (label and sizes), `changes` (each with
    /// `kind`, `factory`, `related`, `message`, `site`, `before`, `after`, `metrics`, `failing`), `counts` by
    /// kind and `failingCount`.
    ///
    /// Keys are sorted. Ends with a newline.
    ///
    /// ```swift
    /// let json = DiffReport.json(diff, labels: ("old.ditrace", "new.ditrace"), failOn: [.newCycle])
    /// ```
    public static func json(
        _ diff: TraceDiff, labels: (old: String, new: String), failOn: Set<TraceDiff.ChangeKind>
    ) -> String {
        func side(_ label: String, _ summary: TraceDiff.Summary) -> JSONOutput {
            .object([
                "label": .string(label), "factories": .int(summary.factories), "edges": .int(summary.edges),
                "resolutions": .int(summary.resolutions),
            ])
        }
        var counts: [String: JSONOutput] = [:]
        for group in grouped(diff) { counts[group.kind.rawValue] = .int(group.changes.count) }
        let changes: [JSONOutput] = diff.changes.map { change in
            .object([
                "kind": .string(change.kind.rawValue), "factory": identity(change.factory),
                "related": .array(change.related.map(identity)), "message": .string(change.message),
                "site": change.site.map {
                    .object(["label": .string($0.label), "file": .string($0.file), "line": .int($0.line)])
                }
                    ?? .null,
                "before": .optional(change.before), "after": .optional(change.after),
                "metrics": .object(change.metrics.mapValues { .unsigned($0) }),
                "failing": .bool(failOn.contains(change.kind)),
            ])
        }
        return JSONOutput.object([
            "format": .string("di-inspect-diff"), "version": .int(1),
            "old": side(labels.old, diff.oldSummary), "new": side(labels.new, diff.newSummary),
            "changes": .array(changes), "counts": .object(counts),
            "failOn": .array(failOn.sorted().map { .string($0.rawValue) }),
            "failingCount": .int(diff.changes(of: failOn).count),
        ]).rendered() + "\n"
    }

    static func identity(_ identity: FactoryIdentity) -> JSONOutput {
        .object([
            "type": .string(identity.type), "module": .string(identity.module), "file": .string(identity.file),
            "line": .int(identity.line),
        ])
    }
}
