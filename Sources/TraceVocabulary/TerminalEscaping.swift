/// Text for a terminal: characters that could move the cursor, recolour, hide or reorder what is shown
/// become visible escapes such as `\u{1B}`.
///
/// Used for every string from a trace that `check`, `stats`, `trace`, `record` and the diagnostics print as
/// text, and by the runtime for environment values it names in a warning. Neutralised: C0 controls (NUL, BEL, BS, ESC, CR, …; LF too unless `keepingNewlines`), DEL, C1 controls
/// (such as U+009B, a one-character CSI), the bidirectional overrides, embeddings, isolates and marks
/// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and the line and paragraph separators. Tabs stay.
///
/// ```swift
/// TerminalEscaping.escape("Evil\u{1B}[2J")                 // "Evil\\u{1B}[2J"
/// TerminalEscaping.escape("line\nnext", keepingNewlines: true)   // unchanged
/// ```
package enum TerminalEscaping {
    /// `text` with every unsafe scalar replaced by its visible escape; `keepingNewlines` leaves LF as it is
    /// (for messages the runtime wrote over several lines).
    package static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !(keepingNewlines && $0 == "\n") }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) && !(keepingNewlines && scalar == "\n") {
                result += visible(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a scalar must not reach a terminal (or a drawing) as it is.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The visible form of an unsafe scalar: `\u{1B}`, with at least two hex digits.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }
}
