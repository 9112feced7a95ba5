#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Writes trace lines as JSON by hand: the writer formats about a million resolution lines a second.
enum TraceEncoder {
    static func header(startWallClock: timespec) -> [UInt8] {
        var out: [UInt8] = []
        let arguments = CommandLine.arguments
        out.append(contentsOf: #"{"format":"di-trace","version":1,"pid":"#.utf8)
        appendInt(Int(getpid()), to: &out)
        out.append(contentsOf: #","executable":"#.utf8)
        appendString(arguments.first ?? "", to: &out)
        out.append(contentsOf: #","arguments":["#.utf8)
        for (index, argument) in arguments.dropFirst().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(argument, to: &out)
        }
        out.append(contentsOf: #"],"startTime":"#.utf8)
        appendString(iso8601(startWallClock), to: &out)
        out.append(contentsOf: #","clock":"monotonic-ns"}"#.utf8)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    static func end(time: UInt64, events: Int, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"event":"end","t":"#.utf8)
        appendInt(time, to: &out)
        out.append(contentsOf: #","events":"#.utf8)
        appendInt(events, to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    /// Appends one event line; times become relative to `base`.
    static func append(_ event: TraceEvent, base: UInt64, to out: inout [UInt8]) {
        func time(_ value: UInt64) -> UInt64 { value >= base ? value - base : 0 }
        switch event {
        case .resolution(let r):
            out.append(contentsOf: #"{"event":"resolution","id":"#.utf8)
            appendInt(r.id, to: &out)
            out.append(contentsOf: #","factory":"#.utf8)
            appendInt(r.factory, to: &out)
            out.append(contentsOf: #","container":"#.utf8)
            appendInt(r.container, to: &out)
            out.append(contentsOf: #","parent":"#.utf8)
            appendOptionalID(r.parent, to: &out)
            out.append(contentsOf: #","outcome":""#.utf8)
            out.append(contentsOf: r.outcome.rawValue.utf8)
            out.append(contentsOf: #"","source":""#.utf8)
            out.append(contentsOf: r.source.rawValue.utf8)
            out.append(contentsOf: #"","start":"#.utf8)
            appendInt(time(r.start), to: &out)
            out.append(contentsOf: #","ns":"#.utf8)
            appendInt(r.nanoseconds, to: &out)
            out.append(contentsOf: #","thread":"#.utf8)
            appendInt(r.thread, to: &out)
            out.append(contentsOf: "}\n".utf8)
        case .factory(let f, let at):
            out.append(contentsOf: #"{"event":"factory","id":"#.utf8)
            appendInt(f.id, to: &out)
            out.append(contentsOf: #","type":"#.utf8)
            appendString(f.typeName, to: &out)
            out.append(contentsOf: #","name":"#.utf8)
            if let name = f.name { appendString(name, to: &out) } else { out.append(contentsOf: "null".utf8) }
            out.append(contentsOf: #","module":"#.utf8)
            appendString(f.module, to: &out)
            out.append(contentsOf: #","file":"#.utf8)
            appendString(f.file, to: &out)
            out.append(contentsOf: #","line":"#.utf8)
            appendInt(f.line, to: &out)
            out.append(contentsOf: #","scope":""#.utf8)
            out.append(contentsOf: f.scope.description.utf8)
            out.append(contentsOf: #"","kind":""#.utf8)
            out.append(contentsOf: f.kind.rawValue.utf8)
            out.append(contentsOf: #"","t":"#.utf8)
            appendInt(time(at), to: &out)
            out.append(contentsOf: "}\n".utf8)
        case .container(let c):
            out.append(contentsOf: #"{"event":"container","id":"#.utf8)
            appendInt(c.id, to: &out)
            out.append(contentsOf: #","kind":""#.utf8)
            out.append(contentsOf: c.kind.rawValue.utf8)
            out.append(contentsOf: #"","parent":"#.utf8)
            appendOptionalID(c.parentID ?? 0, to: &out)
            out.append(contentsOf: #","file":"#.utf8)
            appendString(c.fileID, to: &out)
            out.append(contentsOf: #","line":"#.utf8)
            appendInt(c.line, to: &out)
            out.append(contentsOf: #","function":"#.utf8)
            appendString(c.function, to: &out)
            out.append(contentsOf: #","test":"#.utf8)
            if let test = c.testName { appendString(test, to: &out) } else { out.append(contentsOf: "null".utf8) }
            out.append(contentsOf: #","t":"#.utf8)
            appendInt(time(c.createdAt), to: &out)
            out.append(contentsOf: "}\n".utf8)
        case .containerEnded(let id, let at):
            out.append(contentsOf: #"{"event":"containerEnded","id":"#.utf8)
            appendInt(id, to: &out)
            out.append(contentsOf: #","t":"#.utf8)
            appendInt(time(at), to: &out)
            out.append(contentsOf: "}\n".utf8)
        case .registration(let r):
            out.append(contentsOf: #"{"event":"registration","action":""#.utf8)
            out.append(contentsOf: r.action.rawValue.utf8)
            out.append(contentsOf: #"","factory":"#.utf8)
            appendInt(r.factory, to: &out)
            out.append(contentsOf: #","container":"#.utf8)
            appendInt(r.container, to: &out)
            out.append(contentsOf: #","file":"#.utf8)
            appendString(r.fileID.description, to: &out)
            out.append(contentsOf: #","line":"#.utf8)
            appendInt(r.line, to: &out)
            out.append(contentsOf: #","depth":"#.utf8)
            appendInt(r.depth, to: &out)
            out.append(contentsOf: #","t":"#.utf8)
            appendInt(time(r.time), to: &out)
            out.append(contentsOf: "}\n".utf8)
        case .issue(let i):
            out.append(contentsOf: #"{"event":"issue","kind":""#.utf8)
            out.append(contentsOf: i.kind.rawValue.utf8)
            out.append(contentsOf: #"","factory":"#.utf8)
            appendInt(i.factory, to: &out)
            out.append(contentsOf: #","container":"#.utf8)
            appendInt(i.container, to: &out)
            out.append(contentsOf: #","resolution":"#.utf8)
            appendOptionalID(i.resolution ?? 0, to: &out)
            out.append(contentsOf: #","path":["#.utf8)
            for (index, id) in i.path.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendInt(id, to: &out)
            }
            out.append(contentsOf: #"],"file":"#.utf8)
            appendString(i.file, to: &out)
            out.append(contentsOf: #","line":"#.utf8)
            appendInt(i.line, to: &out)
            out.append(contentsOf: #","function":"#.utf8)
            appendString(i.function, to: &out)
            out.append(contentsOf: #","message":"#.utf8)
            appendString(i.message, to: &out)
            out.append(contentsOf: #","fatal":"#.utf8)
            out.append(contentsOf: (i.fatal ? "true" : "false").utf8)
            out.append(contentsOf: #","t":"#.utf8)
            appendInt(time(i.time), to: &out)
            out.append(contentsOf: "}\n".utf8)
        }
    }

    // MARK: Primitives

    static func appendOptionalID(_ id: UInt64, to out: inout [UInt8]) {
        if id == 0 { out.append(contentsOf: "null".utf8) } else { appendInt(id, to: &out) }
    }

    static func appendInt(_ value: some BinaryInteger, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendInt(UInt64(-Int64(value)), to: &out)
            return
        }
        var remaining = UInt64(value)
        if remaining == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while remaining > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
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
