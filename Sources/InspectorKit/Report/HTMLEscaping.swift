/// Escaping for text put into the HTML report.
///
/// The report puts trace data into the page only as JSON inside a `<script type="application/json">`
/// element; ``scriptJSON(_:)`` makes that JSON safe there. The page's script then uses `textContent`.
///
/// ```swift
/// let safe = HTMLEscaping.scriptJSON(#"{"type":"</script><b>"}"#)   // {"type":"\u003c/script\u003e\u003cb\u003e"}
/// ```
enum HTMLEscaping {
    /// JSON text made safe inside a `<script>` element: `<`, `>` and `&` become `\u003c`, `\u003e` and
    /// `\u0026` (no `</script>`, `<!--` or entity can appear), and U+2028/U+2029 become `\u2028`/`\u2029`.
    ///
    /// Those characters only occur inside JSON strings, where the escapes mean the same characters, so the
    /// result parses to the same value.
    static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
