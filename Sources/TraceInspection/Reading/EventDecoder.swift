/// Turns a parsed JSON object into a ``TraceEvent``, checking required fields and their types.
///
/// Unknown fields are ignored; an unknown `event` value becomes ``TraceEvent/unknown(_:)``.
struct EventDecoder {
    /// A reason a line is not a valid event (becomes ``TraceReadError/invalidEvent(path:line:reason:)``).
    struct Failure: Error {
        var reason: String
    }

    private let object: [String: JSONValue]
    private let event: String

    private init(object: [String: JSONValue], event: String) {
        self.object = object
        self.event = event
    }

    static func decode(_ value: JSONValue) throws(Failure) -> TraceEvent {
        guard case .object(let object) = value else {
            throw Failure(reason: "it is \(value.typeName), not a JSON object")
        }
        guard let eventValue = object["event"] else {
            throw Failure(reason: "it has no \"event\" field")
        }
        guard case .string(let event) = eventValue else {
            throw Failure(reason: "its \"event\" field is \(eventValue.typeName), not a string")
        }
        let decoder = EventDecoder(object: object, event: event)
        switch event {
        case "factory": return .factory(try decoder.factory())
        case "container": return .container(try decoder.container())
        case "containerEnded": return .containerEnded(id: try decoder.identifier("id"), time: try decoder.time("t"))
        case "registration": return .registration(try decoder.registration())
        case "resolution": return .resolution(try decoder.resolution())
        case "issue": return .issue(try decoder.issue())
        case "end": return .end(time: try decoder.time("t"))
        default: return .unknown(event)
        }
    }

    private func factory() throws(Failure) -> FactoryRecord {
        FactoryRecord(
            id: try identifier("id"), type: try string("type"), name: try optionalString("name"),
            module: try string("module"), file: try string("file"), line: try int("line"),
            scope: try enumeration("scope"), kind: try enumeration("kind"), time: try time("t"))
    }

    private func container() throws(Failure) -> ContainerRecord {
        ContainerRecord(
            id: try identifier("id"), kind: try enumeration("kind"), parent: try optionalIdentifier("parent"),
            file: try string("file"), line: try int("line"), function: try string("function"),
            test: try optionalString("test"), time: try time("t"))
    }

    private func registration() throws(Failure) -> RegistrationRecord {
        RegistrationRecord(
            action: try enumeration("action"), factory: try identifier("factory"),
            container: try identifier("container"),
            file: try string("file"), line: try int("line"), depth: try int("depth"), time: try time("t"))
    }

    private func resolution() throws(Failure) -> ResolutionRecord {
        ResolutionRecord(
            id: try identifier("id"), factory: try identifier("factory"), container: try identifier("container"),
            parent: try optionalIdentifier("parent"), outcome: try enumeration("outcome"), source: try enumeration("source"),
            start: try time("start"), nanoseconds: try time("ns"), thread: try int("thread"),
            isOnMainThread: try keyIfPresent("main") { key throws(Failure) in try boolean(key) } ?? false)
    }

    private func issue() throws(Failure) -> IssueRecord {
        let pathValue = try required("path")
        guard case .array(let elements) = pathValue else {
            throw Failure(reason: "the \"\(event)\" event's \"path\" is \(pathValue.typeName), not an array")
        }
        var path: [Int] = []
        for element in elements {
            guard case .int(let id) = element, id >= 1 else {
                throw Failure(
                    reason: "the \"\(event)\" event's \"path\" holds \(Self.describe(element)), not only factory ids "
                        + "(\(Self.idRange))")
            }
            path.append(id)
        }
        let fatalValue = try required("fatal")
        guard case .bool(let isFatal) = fatalValue else {
            throw Failure(reason: "the \"\(event)\" event's \"fatal\" is \(fatalValue.typeName), not a boolean")
        }
        return IssueRecord(
            kind: try enumeration("kind"), factory: try identifier("factory"), container: try identifier("container"),
            resolution: try optionalIdentifier("resolution"), path: path, file: try string("file"), line: try int("line"),
            function: try string("function"), message: try string("message"), isFatal: isFatal, time: try time("t"),
            test: try keyIfPresent("test") { key throws(Failure) in try optionalString(key) },
            afterEnd: try keyIfPresent("afterEndNs") { key throws(Failure) in try time(key) })
    }

    // MARK: Fields

    private func required(_ key: String) throws(Failure) -> JSONValue {
        guard let value = object[key] else {
            throw Failure(reason: "the \"\(event)\" event has no \"\(key)\" field")
        }
        return value
    }

    private func mismatch(_ key: String, _ value: JSONValue, _ expected: String) -> Failure {
        Failure(reason: "the \"\(event)\" event's \"\(key)\" is \(value.typeName), not \(expected)")
    }

    private func int(_ key: String) throws(Failure) -> Int {
        let value = try required(key)
        guard case .int(let int) = value else { throw mismatch(key, value, "an integer") }
        return int
    }

    /// What an id may be, for messages.
    static let idRange = "ids are whole numbers from 1 to \(Int.max)"

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .int(let int): "\(int)"
        case .double: "a number too large or not whole"
        default: value.typeName
        }
    }

    /// An id: an integer from 1 up (the runtime counts from 1; 0 and negative numbers never occur).
    private func identifier(_ key: String) throws(Failure) -> Int {
        let value = try required(key)
        guard case .int(let int) = value, int >= 1 else {
            throw Failure(reason: "the \"\(event)\" event's \"\(key)\" is \(Self.describe(value)), but \(Self.idRange)")
        }
        return int
    }

    private func optionalIdentifier(_ key: String) throws(Failure) -> Int? {
        if case .null = try required(key) { return nil }
        return try identifier(key)
    }

    private func time(_ key: String) throws(Failure) -> UInt64 {
        let value = try required(key)
        guard case .int(let int) = value, int >= 0 else { throw mismatch(key, value, "a non-negative integer") }
        return UInt64(int)
    }

    private func boolean(_ key: String) throws(Failure) -> Bool {
        let value = try required(key)
        guard case .bool(let bool) = value else { throw mismatch(key, value, "a boolean") }
        return bool
    }

    private func string(_ key: String) throws(Failure) -> String {
        let value = try required(key)
        guard case .string(let string) = value else { throw mismatch(key, value, "a string") }
        return string
    }

    private func optionalString(_ key: String) throws(Failure) -> String? {
        let value = try required(key)
        switch value {
        case .null: return nil
        case .string(let string): return string
        default: throw mismatch(key, value, "a string or null")
        }
    }

    /// A key that later versions of the runtime added: absent (older traces) reads as nil.
    private func keyIfPresent<Value>(_ key: String, _ read: (String) throws(Failure) -> Value?) throws(Failure) -> Value? {
        object[key] == nil ? nil : try read(key)
    }

    private func enumeration<Value: RawRepresentable<String> & CaseIterable>(
        _ key: String
    ) throws(Failure) -> Value {
        let raw = try string(key)
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw Failure(reason: "the \"\(event)\" event's \"\(key)\" is \"\(raw)\", expected one of \(allowed)")
        }
        return value
    }
}
