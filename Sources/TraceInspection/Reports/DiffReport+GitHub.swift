extension DiffReport {
    /// GitHub Actions workflow commands, one per change: `::error` for kinds in `failOn`, `::notice` for the
    /// rest, at the change's source line.
    ///
    /// Ends with a newline unless there are no changes.
    ///
    /// ```swift
    /// print(DiffReport.github(diff, failOn: [.newCycle]), terminator: "")
    /// ```
    public static func github(_ diff: TraceDiff, failOn: Set<TraceDiff.ChangeKind>) -> String {
        var out = ""
        for change in diff.changes {
            var properties: [String] = []
            if let site = change.site {
                properties.append("file=" + GitHubCommandEscaping.property(site.file))
                properties.append("line=\(site.line)")
            }
            properties.append("title=" + GitHubCommandEscaping.property("di-inspect diff \(change.kind.rawValue)"))
            let command = failOn.contains(change.kind) ? "error" : "notice"
            out += "::\(command) \(properties.joined(separator: ","))::\(GitHubCommandEscaping.data(change.message))\n"
        }
        return out
    }
}

/// Escaping for GitHub Actions workflow commands (`::error file=…,title=…::message`), by Unicode scalar so
/// that a `"\r\n"` (one `Character`) is escaped as two.
///
/// The message (data) escapes `%`, CR and LF; a property value also escapes `:` and `,`, which would
/// otherwise end it. `CheckReport` has its own private copy that works on `Character`s; this one is for the
/// `diff` report until the project's output escaping lives in one place.
enum GitHubCommandEscaping {
    /// Escapes a command's message.
    static func data(_ text: String) -> String { escape(text, property: false) }

    /// Escapes a property value (`file=`, `title=`).
    static func property(_ text: String) -> String { escape(text, property: true) }

    private static func escape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
