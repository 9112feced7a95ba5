import TraceVocabulary

/// Escaping for GitHub Actions workflow commands (`::error file=…,title=…::message`).
///
/// Works on Unicode scalars, never on `Character`s: `"\r\n"` is one `Character` but two scalars, and both must
/// be encoded or a message could end its line and start a command of its own. Per GitHub's rules the message
/// encodes `%`, CR and LF; a property value also encodes `:` and `,`. Other control and bidirectional
/// characters become visible escapes (see ``TerminalEscaping``), since GitHub shows the text in its log.
///
/// ```swift
/// GitHubEscaping.message("50%\r\n::warning::x")   // "50%25%0D%0A::warning::x"
/// GitHubEscaping.property("App/a,b:c.swift")       // "App/a%2Cb%3Ac.swift"
/// ```
package enum GitHubEscaping {
    /// A message: the text after the second `::`.
    package static func message(_ text: String) -> String {
        escape(text, isProperty: false)
    }

    /// A property value, such as `file=` or `title=`.
    package static func property(_ text: String) -> String {
        escape(text, isProperty: true)
    }

    private static func escape(_ text: String, isProperty: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where isProperty: result += "%3A"
            case "," where isProperty: result += "%2C"
            default:
                if TerminalEscaping.isUnsafe(scalar) {
                    result += TerminalEscaping.visible(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
