#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import TraceVocabulary

/// Reads environment variables without Foundation.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// A variable's value in quotes for a message on a terminal, with what could move the cursor, recolour or
    /// reorder the text made visible (``TerminalEscaping``, as di-inspect prints trace text).
    ///
    /// ```swift
    /// Environment.quoted("a\u{1B}[2J")   // "a\u{1B}[2J" (the escape character written out)
    /// ```
    static func quoted(_ text: String) -> String {
        "\"" + TerminalEscaping.escape(text) + "\""
    }
}

/// Writes a line to standard error (file descriptor 2) without touching the C `stderr` global.
enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        bytes.withUnsafeBytes { raw in _ = systemWrite(2, raw.baseAddress, raw.count) }
    }
}
