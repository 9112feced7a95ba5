/// Renders a ``TraceDiff``, as `di-inspect diff` prints it: text for people, JSON, Markdown for a pull-request
/// comment, or GitHub Actions annotations.
///
/// Every format marks the changes whose kinds are in the `--fail-on` set.
///
/// ```swift
/// let diff = TraceDiff(old: oldAnalysis, new: newAnalysis)
/// print(DiffReport.render(diff, format: .markdown, labels: ("old.ditrace", "new.ditrace"), failOn: [.newCycle]))
/// ```
public enum DiffReport {
    /// The output formats of `diff`.
    ///
    /// Chosen with `--format`.
    ///
    /// ```swift
    /// DiffReport.Format(rawValue: "markdown")
    /// ```
    public enum Format: String, Sendable, CaseIterable {
        /// Text for people (the default).
        case text
        /// One JSON object.
        case json
        /// Markdown, for a pull-request comment.
        case markdown
        /// `::error`/`::notice` workflow commands for GitHub Actions.
        case github
    }

    /// Renders `diff` in `format`; `labels` name the old and new inputs.
    ///
    /// Ends with a newline (GitHub output is empty when nothing changed).
    ///
    /// ```swift
    /// let text = DiffReport.render(diff, format: .text, labels: ("v1", "v2"), failOn: [])
    /// ```
    public static func render(
        _ diff: TraceDiff, format: Format, labels: (old: String, new: String), failOn: Set<TraceDiff.ChangeKind>
    ) -> String {
        switch format {
        case .text: text(diff, labels: labels, failOn: failOn)
        case .json: json(diff, labels: labels, failOn: failOn)
        case .markdown: markdown(diff, labels: labels, failOn: failOn)
        case .github: github(diff, failOn: failOn)
        }
    }

    /// Text: a heading with both sides' sizes, the changes grouped by kind, and a summary line.
    ///
    /// Changes whose kind is in `failOn` are marked `✗`.
    ///
    /// ```swift
    /// print(DiffReport.text(diff, labels: ("old", "new"), failOn: [.newCycle]), terminator: "")
    /// ```
    public static func text(
        _ diff: TraceDiff, labels: (old: String, new: String), failOn: Set<TraceDiff.ChangeKind>
    ) -> String {
        var out = "old: \(labels.old) (\(describe(diff.oldSummary)))\n"
        out += "new: \(labels.new) (\(describe(diff.newSummary)))\n"
        for (kind, changes) in grouped(diff) {
            out += "\n\(kind.rawValue) (\(changes.count))\(failOn.contains(kind) ? "  ✗ fails --fail-on" : "")\n"
            for change in changes {
                out += "  \(marker(change.kind)) \(change.message)"
                if let site = change.site, !change.message.contains("\(site.file):\(site.line)") {
                    out += "  [\(site)]"
                }
                out += "\n"
            }
        }
        out += "\n" + summary(diff, failOn: failOn) + "\n"
        return out
    }

    /// One line: how many changes of which kinds, and how many fail `--fail-on`.
    ///
    /// The last line of text output.
    ///
    /// ```swift
    /// DiffReport.summary(diff, failOn: [])   // "No changes."
    /// ```
    public static func summary(_ diff: TraceDiff, failOn: Set<TraceDiff.ChangeKind>) -> String {
        guard !diff.changes.isEmpty else { return "No changes." }
        let groups = grouped(diff)
        var line =
            "\(diff.changes.count) change\(diff.changes.count == 1 ? "" : "s"): "
            + groups.map { "\($0.changes.count) \($0.kind.rawValue)" }.joined(separator: ", ") + "."
        let failing = diff.changes(of: failOn)
        if !failing.isEmpty {
            let kinds = Set(failing.map(\.kind)).sorted().map(\.rawValue).joined(separator: ", ")
            line += " \(failing.count) fail\(failing.count == 1 ? "s" : "") --fail-on (\(kinds))."
        }
        return line
    }

    static func grouped(_ diff: TraceDiff) -> [(kind: TraceDiff.ChangeKind, changes: [TraceDiff.Change])] {
        var groups: [(kind: TraceDiff.ChangeKind, changes: [TraceDiff.Change])] = []
        for change in diff.changes {
            if groups.last?.kind == change.kind {
                groups[groups.count - 1].changes.append(change)
            } else {
                groups.append((change.kind, [change]))
            }
        }
        return groups
    }

    static func describe(_ summary: TraceDiff.Summary) -> String {
        [
            (summary.factories, "factory", "factories"), (summary.edges, "edge", "edges"),
            (summary.resolutions, "resolution", "resolutions"),
        ].map { "\($0) \($0 == 1 ? $1 : $2)" }
            .joined(separator: ", ")
    }

    static func marker(_ kind: TraceDiff.ChangeKind) -> String {
        switch kind {
        case .newFactory, .newEdge, .newRegistration, .newTestDefault: "+"
        case .removedFactory, .removedEdge, .removedRegistration, .removedTestDefault: "-"
        case .newCycle, .newProblem, .timeRegression: "!"
        case .scopeChange, .kindChange, .countChange: "~"
        }
    }
}
