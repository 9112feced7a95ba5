#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

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
        literal(#"{"format":"di-trace","version":1,"pid":"#, &out)
        appendInt(Int(getpid()), to: &out)
        literal(#","executable":"#, &out)
        appendString(arguments.first ?? "", to: &out)
        literal(#","argumentCount":"#, &out)
        appendInt(max(arguments.count - 1, 0), to: &out)
        if getenv(argumentsVariable).map({ String(cString: $0) }) == "1" {
            literal(#","arguments":["#, &out)
            for (index, argument) in arguments.dropFirst().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(argument, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        literal(#","startTime":"#, &out)
        appendString(iso8601(startWallClock), to: &out)
        literal(#","clock":"monotonic-ns"}"#, &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    static func end(time: UInt64, events: Int, to out: inout [UInt8]) {
        literal(#"{"event":"end","t":"#, &out)
        appendInt(time, to: &out)
        literal(#","events":"#, &out)
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
            literal(#"{"event":"factory","id":"#, &out)
            appendInt(f.id, to: &out)
            literal(#","type":"#, &out)
            appendString(f.typeName, to: &out)
            literal(#","name":"#, &out)
            if let name = f.name { appendString(name, to: &out) } else { literal("null", &out) }
            literal(#","module":"#, &out)
            appendString(f.module, to: &out)
            literal(#","file":"#, &out)
            appendString(f.file, to: &out)
            literal(#","line":"#, &out)
            appendInt(f.line, to: &out)
            literal(#","scope":""#, &out)
            out.append(contentsOf: f.scope.description.utf8)
            literal(#"","kind":""#, &out)
            out.append(contentsOf: f.kind.rawValue.utf8)
            literal(#"","t":"#, &out)
            appendInt(time(at), to: &out)
            literal("}\n", &out)
        case .container(let c):
            literal(#"{"event":"container","id":"#, &out)
            appendInt(c.id, to: &out)
            literal(#","kind":""#, &out)
            out.append(contentsOf: c.kind.rawValue.utf8)
            literal(#"","parent":"#, &out)
            appendOptionalID(c.parentID ?? 0, to: &out)
            literal(#","file":"#, &out)
            appendString(c.fileID, to: &out)
            literal(#","line":"#, &out)
            appendInt(c.line, to: &out)
            literal(#","function":"#, &out)
            appendString(c.function, to: &out)
            literal(#","test":"#, &out)
            if let test = c.testName { appendString(test, to: &out) } else { literal("null", &out) }
            literal(#","t":"#, &out)
            appendInt(time(c.createdAt), to: &out)
            literal("}\n", &out)
        case .containerEnded(let id, let at):
            literal(#"{"event":"containerEnded","id":"#, &out)
            appendInt(id, to: &out)
            literal(#","t":"#, &out)
            appendInt(time(at), to: &out)
            literal("}\n", &out)
        case .registration(let r):
            literal(#"{"event":"registration","action":""#, &out)
            out.append(contentsOf: r.action.rawValue.utf8)
            literal(#"","factory":"#, &out)
            appendInt(r.factory, to: &out)
            literal(#","container":"#, &out)
            appendInt(r.container, to: &out)
            literal(#","file":"#, &out)
            appendString(r.fileID.description, to: &out)
            literal(#","line":"#, &out)
            appendInt(r.line, to: &out)
            literal(#","depth":"#, &out)
            appendInt(r.depth, to: &out)
            literal(#","t":"#, &out)
            appendInt(time(r.time), to: &out)
            literal("}\n", &out)
        case .issue(let i):
            literal(#"{"event":"issue","kind":""#, &out)
            out.append(contentsOf: i.kind.rawValue.utf8)
            literal(#"","factory":"#, &out)
            appendInt(i.factory, to: &out)
            literal(#","container":"#, &out)
            appendInt(i.container, to: &out)
            literal(#","resolution":"#, &out)
            appendOptionalID(i.resolution ?? 0, to: &out)
            literal(#","path":["#, &out)
            for (index, id) in i.path.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendInt(id, to: &out)
            }
            literal(#"],"file":"#, &out)
            appendString(i.file, to: &out)
            literal(#","line":"#, &out)
            appendInt(i.line, to: &out)
            literal(#","function":"#, &out)
            appendString(i.function, to: &out)
            literal(#","message":"#, &out)
            appendString(i.message, to: &out)
            literal(#","fatal":"#, &out)
            out.append(contentsOf: (i.fatal ? "true" : "false").utf8)
            if let test = i.test {
                literal(#","test":"#, &out)
                appendString(test, to: &out)
            }
            if let afterEnd = i.afterEnd {
                literal(#","afterEndNs":"#, &out)
                appendInt(afterEnd, to: &out)
            }
            literal(#","t":"#, &out)
            appendInt(time(i.time), to: &out)
            literal("}\n", &out)
        }
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
