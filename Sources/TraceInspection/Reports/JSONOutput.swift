/// A JSON value for output, serialised deterministically (object keys sorted).
package enum JSONOutput {
    case null
    case bool(Bool)
    case int(Int)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([JSONOutput])
    case object([String: JSONOutput])

    package static func optional(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
    package static func optional(_ value: Int?) -> JSONOutput { value.map { .int($0) } ?? .null }
    package static func optional(_ value: UInt64?) -> JSONOutput { value.map { .unsigned($0) } ?? .null }

    /// The serialised text; pretty-printed with two-space indentation unless `pretty` is false.
    package func rendered(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .unsigned(let value): output += String(value)
        case .double(let value):
            output += value.isFinite ? Duration.rounded(value, 4) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                Self.newline(&output, indent.map { $0 + 1 })
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            Self.newline(&output, indent)
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.newline(&output, indent.map { $0 + 1 })
                Self.writeString(key, to: &output)
                output += indent == nil ? ":" : ": "
                members[key]!.write(to: &output, indent: indent.map { $0 + 1 })
            }
            Self.newline(&output, indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int?) {
        guard let indent else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    private static func writeString(_ value: String, to output: inout String) {
        JSONEscaping.appendQuoted(value, to: &output)
    }
}
