extension DiffReport {
    /// Markdown for a pull-request comment: a size table, then one section per kind of change with a bullet
    /// per change and its source line.
    ///
    /// Everything taken from the traces (type names, files, messages) is escaped, so a name such as
    /// `Array<any Clock>` or one with `|` or `*` renders as written. Ends with a newline.
    ///
    /// ```swift
    /// let comment = DiffReport.markdown(diff, labels: ("main", "this branch"), failOn: [.newCycle])
    /// ```
    public static func markdown(
        _ diff: TraceDiff, labels: (old: String, new: String), failOn: Set<TraceDiff.ChangeKind>
    ) -> String {
        var out = "### di-inspect diff\n\n"
        out += "| | \(escapeMarkdown(labels.old)) (old) | \(escapeMarkdown(labels.new)) (new) |\n|---|---:|---:|\n"
        out += "| factories | \(diff.oldSummary.factories) | \(diff.newSummary.factories) |\n"
        out += "| edges | \(diff.oldSummary.edges) | \(diff.newSummary.edges) |\n"
        out += "| resolutions | \(diff.oldSummary.resolutions) | \(diff.newSummary.resolutions) |\n\n"
        out += "**\(escapeMarkdown(summary(diff, failOn: failOn)))**\n"
        for (kind, changes) in grouped(diff) {
            out += "\n#### \(failOn.contains(kind) ? "❌ " : "")`\(kind.rawValue)` (\(changes.count))\n\n"
            for change in changes {
                out += "- \(escapeMarkdown(change.message))"
                if let site = change.site, !change.message.contains("\(site.file):\(site.line)") {
                    out += " — \(escapeMarkdown("\(site.file):\(site.line)"))"
                }
                out += "\n"
            }
        }
        return out
    }

    /// Escapes text for Markdown (CommonMark and GitHub's flavour): the characters that start emphasis, code,
    /// links, HTML, tables, strikethrough or entities get a backslash; line breaks become spaces and other
    /// control characters `\u{…}`.
    ///
    /// Only for text inside a paragraph, list item or table cell, never at the start of a line (where `#`,
    /// `-`, `+` or `1.` would still count).
    static func escapeMarkdown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "|", "~", "&":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\u{2028}", "\u{2029}":
                out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
