import TraceVocabulary

/// Escaping for Graphviz DOT quoted strings (labels), which Graphviz also carries into SVG.
///
/// Quotes and backslashes are escaped, a line feed becomes DOT's centred line break `\n`, and `&` becomes
/// `&amp;` (Graphviz reads HTML entities in labels, so `&#8238;` would otherwise turn into a character).
/// Control and bidirectional characters become visible escapes (see ``TerminalEscaping``): a NUL would end
/// the DOT source early and an ESC makes the SVG invalid XML. A label longer than ``maximumLabelBytes`` of
/// UTF-8 is cut at a character boundary and ends with `…`, because Graphviz rejects longer strings.
///
/// ```swift
/// DOTEscaping.quoted("any \"Clock\"\u{0}")   // "\"any \\\"Clock\\\"\\\\u{00}\""
/// ```
package enum DOTEscaping {
    /// The longest label kept whole, in UTF-8 bytes; Graphviz's scanner stops at 16 KB per string.
    package static let maximumLabelBytes = 16_000

    /// `text` as a DOT quoted string, quotes included.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar {
            case "\"": piece = "\\\""
            case "\\": piece = "\\\\"
            case "\n": piece = "\\n"
            case "&": piece = "&amp;"
            default:
                if TerminalEscaping.isUnsafe(scalar) {
                    piece = "\\" + TerminalEscaping.visible(scalar)
                } else {
                    piece = String(scalar)
                }
            }
            bytes += piece.utf8.count
            if bytes > maximumLabelBytes {
                result += "…"
                break
            }
            result += piece
        }
        return result + "\""
    }
}
