/// Matches a `NAME_OR_TYPE` argument (`--focus`, `--factory`) against factories, and suggests
/// close matches when nothing matches.
///
/// A query matches a factory whose name or type equals it, ignoring case and a leading `any ` or
/// `some ` in the type, whose scanned property (`Container.clock`) equals it with or without the type, or, written
/// as `Module/File.swift:line` (or `File.swift:line`), the factory declared there.
///
/// ```swift
/// FactoryMatcher.matches("CalendarServicing", factory)   // true for `any CalendarServicing`
/// FactoryMatcher.matches("CalendarService/CalendarService.swift:12", factory)
/// ```
public enum FactoryMatcher {
    /// Whether `query` names `factory`.
    ///
    /// Case-insensitive; `any `/`some ` prefixes of the type are optional; a query ending in `:line` is a
    /// declaration site.
    ///
    /// ```swift
    /// FactoryMatcher.matches("clock", clockFactory)
    /// ```
    public static func matches(_ query: String, _ factory: FactoryRecord) -> Bool {
        if let colon = query.lastIndex(of: ":"), Int(query[query.index(after: colon)...]) != nil {
            let site = factory.site.lowercased()
            let wanted = query.lowercased()
            return factory.isDeclared && (site == wanted || site.hasSuffix("/" + wanted))
        }
        let wanted = normalized(query)
        if let name = factory.name, name.lowercased() == query.lowercased() { return true }
        if let property = factory.property?.lowercased(),
            property == wanted || property.split(separator: ".").last.map(String.init) == wanted
        {
            return true
        }
        return normalized(factory.type) == wanted
    }

    /// Up to `limit` factory names or types close to `query`, best first.
    ///
    /// Used for "did you mean …?" in error messages. For a site (`File.swift:line`), the sites of the
    /// factories declared in that file.
    ///
    /// ```swift
    /// FactoryMatcher.closeMatches(for: "Calender", in: trace.factories)   // ["any CalendarServicing"]
    /// ```
    public static func closeMatches(for query: String, in factories: [FactoryRecord], limit: Int = 5) -> [String] {
        if let colon = query.lastIndex(of: ":"), Int(query[query.index(after: colon)...]) != nil {
            // A site: the factories declared in the same file, by line.
            let file = query[..<colon].lowercased()
            let sameFile = factories.filter {
                $0.isDeclared && ($0.file.lowercased() == file || $0.file.lowercased().hasSuffix("/" + file))
            }
            if !sameFile.isEmpty { return sameFile.sorted { $0.line < $1.line }.prefix(limit).map(\.site) }
        }
        let wanted = normalized(query)
        var scored: [(score: Int, label: String)] = []
        var seen = Set<String>()
        for factory in factories where factory.isDeclared {
            let labels = [factory.type] + (factory.name.map { [$0] } ?? []) + (factory.property.map { [$0] } ?? [])
            for label in labels where seen.insert(label).inserted {
                let candidate = normalized(label)
                let distance = editDistance(wanted, candidate)
                let contains = candidate.contains(wanted) || wanted.contains(candidate)
                let limitDistance = max(2, wanted.count / 3)
                if contains || distance <= limitDistance {
                    scored.append((contains ? min(distance, 1) : distance, label))
                }
            }
        }
        return scored.sorted { ($0.score, $0.label) < ($1.score, $1.label) }.prefix(limit).map(\.label)
    }

    private static func normalized(_ text: String) -> String {
        var lowered = text.lowercased()
        for prefix in ["any ", "some "] where lowered.hasPrefix(prefix) {
            lowered.removeFirst(prefix.count)
        }
        return lowered
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
