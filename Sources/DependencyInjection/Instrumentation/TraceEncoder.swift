#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import TraceVocabulary

/// Writes trace lines as JSON by hand: the writer formats about a million resolution lines a second.
enum TraceEncoder {
    /// The environment variable that adds the full arguments to the header (`DI_INSPECT_TRACE_ARGUMENTS=1`).
    static let argumentsVariable = "DI_INSPECT_TRACE_ARGUMENTS"

    /// The header line: format, version, pid, the executable (`argv[0]`) and how many arguments followed it. The
    /// arguments themselves can hold secrets (`--password=…`), so they are written only when
    /// `DI_INSPECT_TRACE_ARGUMENTS=1`; nothing else from the environment is ever written.
    static func header(startWallClock: timespec) -> [UInt8] {
        var out: [UInt8] = []
        let arguments = CommandLine.arguments
        out.append(UInt8(ascii: "{"))
        key(TraceKey.format, &out, first: true)
        quoted(TraceFormat.name, &out)
        key(TraceKey.version, &out)
        appendInt(TraceFormat.version, to: &out)
        key(TraceKey.pid, &out)
        appendInt(Int(getpid()), to: &out)
        key(TraceKey.executable, &out)
        appendString(arguments.first ?? "", to: &out)
        key(TraceKey.argumentCount, &out)
        appendInt(max(arguments.count - 1, 0), to: &out)
        if getenv(argumentsVariable).map({ String(cString: $0) }) == "1" {
            key(TraceKey.arguments, &out)
            out.append(UInt8(ascii: "["))
            for (index, argument) in arguments.dropFirst().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(argument, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        key(TraceKey.startTime, &out)
        appendString(iso8601(startWallClock), to: &out)
        key(TraceKey.clock, &out)
        quoted(TraceFormat.clock, &out)
        out.append(UInt8(ascii: "}"))
        out.append(UInt8(ascii: "\n"))
        return out
    }

    static func end(time: UInt64, events: Int, to out: inout [UInt8]) {
        open(.end, &out)
        key(TraceKey.time, &out)
        appendInt(time, to: &out)
        key(TraceKey.events, &out)
        appendInt(events, to: &out)
        literal("}\n", &out)
    }

    /// Appends one event line; times become relative to `base`.
    static func append(_ event: TraceEvent, base: UInt64, to out: inout [UInt8]) {
        func time(_ value: UInt64) -> UInt64 { value >= base ? value - base : 0 }
        switch event {
        case .resolution(let r):
            ResolutionLineEncoder.append(r, base: base, to: &out)
        case .factory(let f, let at):
            open(.factory, &out)
            key(TraceKey.id, &out)
            appendInt(f.id, to: &out)
            key(TraceKey.type, &out)
            appendString(f.typeName, to: &out)
            key(TraceKey.name, &out)
            if let name = f.name { appendString(name, to: &out) } else { literal("null", &out) }
            key(TraceKey.module, &out)
            appendString(f.module, to: &out)
            key(TraceKey.file, &out)
            appendString(f.file, to: &out)
            key(TraceKey.line, &out)
            appendInt(f.line, to: &out)
            key(TraceKey.scope, &out)
            value(TraceScope(f.scope).rawValue, &out)
            key(TraceKey.kind, &out)
            value(TraceFactoryKind(f.kind).rawValue, &out)
            key(TraceKey.time, &out)
            appendInt(time(at), to: &out)
            literal("}\n", &out)
        case .container(let c):
            open(.container, &out)
            key(TraceKey.id, &out)
            appendInt(c.id, to: &out)
            key(TraceKey.kind, &out)
            value(TraceContainerKind(c.kind).rawValue, &out)
            key(TraceKey.parent, &out)
            appendOptionalID(c.parentID ?? 0, to: &out)
            key(TraceKey.file, &out)
            appendString(c.fileID, to: &out)
            key(TraceKey.line, &out)
            appendInt(c.line, to: &out)
            key(TraceKey.function, &out)
            appendString(c.function, to: &out)
            key(TraceKey.test, &out)
            if let test = c.testName { appendString(test, to: &out) } else { literal("null", &out) }
            key(TraceKey.time, &out)
            appendInt(time(c.createdAt), to: &out)
            literal("}\n", &out)
        case .containerEnded(let id, let at):
            open(.containerEnded, &out)
            key(TraceKey.id, &out)
            appendInt(id, to: &out)
            key(TraceKey.time, &out)
            appendInt(time(at), to: &out)
            literal("}\n", &out)
        case .registration(let r):
            open(.registration, &out)
            key(TraceKey.action, &out)
            value(TraceRegistrationAction(r.action).rawValue, &out)
            key(TraceKey.factory, &out)
            appendInt(r.factory, to: &out)
            key(TraceKey.container, &out)
            appendInt(r.container, to: &out)
            key(TraceKey.file, &out)
            appendString(r.fileID.description, to: &out)
            key(TraceKey.line, &out)
            appendInt(r.line, to: &out)
            key(TraceKey.depth, &out)
            appendInt(r.depth, to: &out)
            key(TraceKey.time, &out)
            appendInt(time(r.time), to: &out)
            literal("}\n", &out)
        case .issue(let i):
            open(.issue, &out)
            key(TraceKey.kind, &out)
            value(i.kind.rawValue, &out)
            key(TraceKey.factory, &out)
            appendInt(i.factory, to: &out)
            key(TraceKey.container, &out)
            appendInt(i.container, to: &out)
            key(TraceKey.resolution, &out)
            appendOptionalID(i.resolution ?? 0, to: &out)
            key(TraceKey.path, &out)
            out.append(UInt8(ascii: "["))
            for (index, id) in i.path.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendInt(id, to: &out)
            }
            out.append(UInt8(ascii: "]"))
            key(TraceKey.file, &out)
            appendString(i.file, to: &out)
            key(TraceKey.line, &out)
            appendInt(i.line, to: &out)
            key(TraceKey.function, &out)
            appendString(i.function, to: &out)
            key(TraceKey.message, &out)
            appendString(i.message, to: &out)
            key(TraceKey.fatal, &out)
            out.append(contentsOf: (i.fatal ? "true" : "false").utf8)
            if let test = i.test {
                key(TraceKey.test, &out)
                appendString(test, to: &out)
            }
            if let afterEnd = i.afterEnd {
                key(TraceKey.afterEnd, &out)
                appendInt(afterEnd, to: &out)
            }
            key(TraceKey.time, &out)
            appendInt(time(i.time), to: &out)
            literal("}\n", &out)
        }
    }

    // MARK: Vocabulary

    /// `{"event":"NAME"`: the start of an event line.
    private static func open(_ event: TraceEventName, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        key(TraceKey.event, &out, first: true)
        quoted(event.literal, &out)
    }

    /// `"TEXT"`, for fixed text that holds no character that needs escaping.
    private static func quoted(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        literal(text, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `,"KEY":` (without the comma for the first key of a line).
    private static func key(_ key: StaticString, _ out: inout [UInt8], first: Bool = false) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        literal(key, &out)
        literal(#"":"#, &out)
    }

    /// A value of one of the vocabulary's enumerations, quoted (they hold no character that needs escaping).
    private static func value(_ raw: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: raw.utf8)
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Primitives

    static func appendOptionalID(_ id: UInt64, to out: inout [UInt8]) {
        if id == 0 { literal("null", &out) } else { appendInt(id, to: &out) }
    }

    /// Appends a literal's bytes (a memcpy; no String machinery).
    @inline(__always)
    static func literal(_ text: StaticString, _ out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends a non-negative integer in decimal, formatted on the stack.
    static func appendInt(_ value: UInt64, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var remaining = value
        withUnsafeMutableBytes(of: &digits) { raw in
            var index = raw.count
            while remaining > 0 {
                index -= 1
                raw[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
                remaining /= 10
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[index...]))
        }
    }

    static func appendInt(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendInt(UInt64(value.magnitude), to: &out)
        } else {
            appendInt(UInt64(value), to: &out)
        }
    }

    static func appendInt(_ value: UInt, to out: inout [UInt8]) {
        appendInt(UInt64(value), to: &out)
    }

    static func appendInt(_ value: Int32, to out: inout [UInt8]) {
        appendInt(Int(value), to: &out)
    }

    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): literal(#"\""#, &out)
            case UInt8(ascii: "\\"): literal(#"\\"#, &out)
            case UInt8(ascii: "\n"): literal(#"\n"#, &out)
            case UInt8(ascii: "\r"): literal(#"\r"#, &out)
            case UInt8(ascii: "\t"): literal(#"\t"#, &out)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                literal(#"\u00"#, &out)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func iso8601(_ spec: timespec) -> String {
        var seconds = time_t(spec.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let millis = Int32(spec.tv_nsec / 1_000_000)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))Z"
    }
}
