/// "Did you mean …?" for a misspelled subcommand, as swift-argument-parser already does for options.
///
/// ```swift
/// CommandSuggestion.unknownSubcommand("grpah", among: ["dump", "check", "graph"])
/// // "Unknown subcommand \"grpah\"; did you mean \"graph\"? …"
/// ```
public enum CommandSuggestion {
    /// The message for `argument` when it is not one of `subcommands` and looks like a misspelling of one
    /// (an edit distance of at most a third of its length, at least 2), else `nil`.
    ///
    /// ```swift
    /// CommandSuggestion.unknownSubcommand("stast", among: ["stats", "trace"])
    /// ```
    public static func unknownSubcommand(_ argument: String, among subcommands: [String]) -> String? {
        guard !argument.hasPrefix("-"), !subcommands.contains(argument) else { return nil }
        let limit = max(2, argument.count / 3)
        let scored = subcommands.map { (name: $0, distance: editDistance(argument.lowercased(), $0)) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        guard let best = scored.first else { return nil }
        return "Unknown subcommand \"\(argument)\"; did you mean \"\(best.name)\"? "
            + "Subcommands: \(subcommands.joined(separator: ", ")) (di-inspect help SUBCOMMAND for one)."
    }

    /// Levenshtein distance, with a swap of two neighbouring letters counted as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
