import TraceVocabulary

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
        guard let eventValue = object[TraceKey.event.description] else {
            throw Failure(reason: "it has no \"event\" field")
        }
        guard case .string(let event) = eventValue else {
            throw Failure(reason: "its \"event\" field is \(eventValue.typeName), not a string")
        }
        let decoder = EventDecoder(object: object, event: event)
        switch TraceEventName(rawValue: event) {
        case .factory: return .factory(try decoder.factory())
        case .container: return .container(try decoder.container())
        case .containerEnded:
            return .containerEnded(id: try decoder.identifier(TraceKey.id), time: try decoder.time(TraceKey.time))
        case .registration: return .registration(try decoder.registration())
        case .resolution: return .resolution(try decoder.resolution())
        case .issue: return .issue(try decoder.issue())
        case .end: return .end(time: try decoder.time(TraceKey.time))
        case nil: return .unknown(event)
        }
    }

    private func factory() throws(Failure) -> FactoryRecord {
        FactoryRecord(
            id: try identifier(TraceKey.id), type: try string(TraceKey.type), name: try optionalString(TraceKey.name),
            module: try string(TraceKey.module), file: try string(TraceKey.file), line: try int(TraceKey.line),
            scope: try enumeration(TraceKey.scope), kind: try enumeration(TraceKey.kind), time: try time(TraceKey.time))
    }

    private func container() throws(Failure) -> ContainerRecord {
        ContainerRecord(
            id: try identifier(TraceKey.id), kind: try enumeration(TraceKey.kind), parent: try optionalIdentifier(TraceKey.parent),
            file: try string(TraceKey.file), line: try int(TraceKey.line), function: try string(TraceKey.function),
            test: try optionalString(TraceKey.test), time: try time(TraceKey.time))
    }

    private func registration() throws(Failure) -> RegistrationRecord {
        RegistrationRecord(
            action: try enumeration(TraceKey.action), factory: try identifier(TraceKey.factory),
            container: try identifier(TraceKey.container),
            file: try string(TraceKey.file), line: try int(TraceKey.line), depth: try int(TraceKey.depth), time: try time(TraceKey.time))
    }

    private func resolution() throws(Failure) -> ResolutionRecord {
        ResolutionRecord(
            id: try identifier(TraceKey.id), factory: try identifier(TraceKey.factory), container: try identifier(TraceKey.container),
            parent: try optionalIdentifier(TraceKey.parent), outcome: try enumeration(TraceKey.outcome), source: try enumeration(TraceKey.source),
            start: try time(TraceKey.start), nanoseconds: try time(TraceKey.nanoseconds), thread: try int(TraceKey.thread),
            isOnMainThread: try keyIfPresent(TraceKey.mainThread) { key throws(Failure) in try boolean(key) } ?? false)
    }

    private func issue() throws(Failure) -> IssueRecord {
        let pathValue = try required(TraceKey.path)
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
        let fatalValue = try required(TraceKey.fatal)
        guard case .bool(let isFatal) = fatalValue else {
            throw Failure(reason: "the \"\(event)\" event's \"fatal\" is \(fatalValue.typeName), not a boolean")
        }
        return IssueRecord(
            kind: try enumeration(TraceKey.kind), factory: try identifier(TraceKey.factory), container: try identifier(TraceKey.container),
            resolution: try optionalIdentifier(TraceKey.resolution), path: path, file: try string(TraceKey.file), line: try int(TraceKey.line),
            function: try string(TraceKey.function), message: try string(TraceKey.message), isFatal: isFatal, time: try time(TraceKey.time),
            test: try keyIfPresent(TraceKey.test) { key throws(Failure) in try optionalString(key) },
            afterEnd: try keyIfPresent(TraceKey.afterEnd) { key throws(Failure) in try time(key) })
    }

    // MARK: Fields

    private func required(_ key: StaticString) throws(Failure) -> JSONValue {
        guard let value = object[key.description] else {
            throw Failure(reason: "the \"\(event)\" event has no \"\(key)\" field")
        }
        return value
    }

    private func mismatch(_ key: StaticString, _ value: JSONValue, _ expected: String) -> Failure {
        Failure(reason: "the \"\(event)\" event's \"\(key)\" is \(value.typeName), not \(expected)")
    }

    private func int(_ key: StaticString) throws(Failure) -> Int {
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
    private func identifier(_ key: StaticString) throws(Failure) -> Int {
        let value = try required(key)
        guard case .int(let int) = value, int >= 1 else {
            throw Failure(reason: "the \"\(event)\" event's \"\(key)\" is \(Self.describe(value)), but \(Self.idRange)")
        }
        return int
    }

    private func optionalIdentifier(_ key: StaticString) throws(Failure) -> Int? {
        if case .null = try required(key) { return nil }
        return try identifier(key)
    }

    private func time(_ key: StaticString) throws(Failure) -> UInt64 {
        let value = try required(key)
        guard case .int(let int) = value, int >= 0 else { throw mismatch(key, value, "a non-negative integer") }
        return UInt64(int)
    }

    private func boolean(_ key: StaticString) throws(Failure) -> Bool {
        let value = try required(key)
        guard case .bool(let bool) = value else { throw mismatch(key, value, "a boolean") }
        return bool
    }

    private func string(_ key: StaticString) throws(Failure) -> String {
        let value = try required(key)
        guard case .string(let string) = value else { throw mismatch(key, value, "a string") }
        return string
    }

    private func optionalString(_ key: StaticString) throws(Failure) -> String? {
        let value = try required(key)
        switch value {
        case .null: return nil
        case .string(let string): return string
        default: throw mismatch(key, value, "a string or null")
        }
    }

    /// A key that later versions of the runtime added: absent (older traces) reads as nil.
    private func keyIfPresent<Value>(_ key: StaticString, _ read: (StaticString) throws(Failure) -> Value?) throws(Failure) -> Value? {
        object[key.description] == nil ? nil : try read(key)
    }

    private func enumeration<Value: RawRepresentable<String> & CaseIterable>(
        _ key: StaticString
    ) throws(Failure) -> Value {
        let raw = try string(key)
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw Failure(reason: "the \"\(event)\" event's \"\(key)\" is \"\(raw)\", expected one of \(allowed)")
        }
        return value
    }
}
