/// Escaping for JSON string literals (RFC 8259): exact, so a value read back is the value written.
///
/// Quotes, backslashes and the C0 controls are escaped (`\n`, `\r`, `\t`, `\u001b`, …); every other scalar,
/// bidirectional ones included, is written as it is, since JSON is for programs, not terminals.
///
/// ```swift
/// var out = ""
/// JSONEscaping.appendQuoted("a\"b\u{1B}", to: &out)   // out == "\"a\\\"b\\u001b\""
/// ```
package enum JSONEscaping {
    /// Appends `value` as a quoted JSON string.
    package static func appendQuoted(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
