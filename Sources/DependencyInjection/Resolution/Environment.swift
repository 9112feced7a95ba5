#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reads environment variables without Foundation.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// A variable's value quoted for a message on a terminal: quotes, backslashes and control characters escaped.
    ///
    /// ```swift
    /// Environment.quoted("a\u{1B}[2J")   // "a\u{1B}[2J" (the escape character written out)
    /// ```
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
