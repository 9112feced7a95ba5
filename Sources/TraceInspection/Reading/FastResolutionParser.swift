import TraceVocabulary

/// A hand-written fast path for the most common line, a flat `resolution` event.
///
/// It accepts the keys in any order and skips unknown keys with simple values. Anything it does
/// not recognise (escapes, nested values, other events, malformed text, an id of 0) makes it return `nil`,
/// and the reader falls back to the general ``JSONParser`` path, which produces the proper error.
enum FastResolutionParser {
    private static let quote = UInt8(ascii: "\"")

    private struct Fields: OptionSet {
        let rawValue: UInt16
        static let event = Fields(rawValue: 1 << 0)
        static let id = Fields(rawValue: 1 << 1)
        static let factory = Fields(rawValue: 1 << 2)
        static let container = Fields(rawValue: 1 << 3)
        static let parent = Fields(rawValue: 1 << 4)
        static let outcome = Fields(rawValue: 1 << 5)
        static let source = Fields(rawValue: 1 << 6)
        static let start = Fields(rawValue: 1 << 7)
        static let ns = Fields(rawValue: 1 << 8)
        static let thread = Fields(rawValue: 1 << 9)
        static let all: Fields = [.event, .id, .factory, .container, .parent, .outcome, .source, .start, .ns, .thread]
    }

    /// Parses `line` as a resolution event, or returns `nil` to ask for the general path.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> ResolutionRecord? {
        var cursor = Cursor(bytes: line)
        var seen: Fields = []
        var id = 0, factory = 0, container = 0, thread = 0
        var parent: Int?
        var start: UInt64 = 0, ns: UInt64 = 0
        var outcome = ResolutionRecord.Outcome.created
        var source = ResolutionRecord.Source.production
        var isOnMainThread = false

        cursor.skipWhitespace()
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        while true {
            cursor.skipWhitespace()
            guard let key = cursor.simpleString() else { return nil }
            cursor.skipWhitespace()
            guard cursor.consume(UInt8(ascii: ":")) else { return nil }
            cursor.skipWhitespace()
            switch key.count {
            case TraceKey.id.utf8CodeUnitCount where cursor.equals(key, TraceKey.id):
                guard let value = cursor.unsignedInteger(), value > 0 else { return nil }
                id = value
                seen.insert(.id)
            case TraceKey.nanoseconds.utf8CodeUnitCount where cursor.equals(key, TraceKey.nanoseconds):
                guard let value = cursor.unsignedInteger() else { return nil }
                ns = UInt64(value)
                seen.insert(.ns)
            case TraceKey.event.utf8CodeUnitCount where cursor.equals(key, TraceKey.event):
                guard let value = cursor.simpleString(), cursor.equals(value, TraceEventName.resolution.literal) else { return nil }
                seen.insert(.event)
            case TraceKey.start.utf8CodeUnitCount where cursor.equals(key, TraceKey.start):
                guard let value = cursor.unsignedInteger() else { return nil }
                start = UInt64(value)
                seen.insert(.start)
            case TraceKey.parent.utf8CodeUnitCount where cursor.equals(key, TraceKey.parent):
                if cursor.consumeNull() {
                    parent = nil
                } else {
                    guard let value = cursor.unsignedInteger(), value > 0 else { return nil }
                    parent = value
                }
                seen.insert(.parent)
            case TraceKey.source.utf8CodeUnitCount where cursor.equals(key, TraceKey.source):
                guard let value = cursor.simpleString() else { return nil }
                if cursor.equals(value, TraceSource.production.literal) {
                    source = .production
                } else if cursor.equals(value, TraceSource.override.literal) {
                    source = .override
                } else if cursor.equals(value, TraceSource.useProduction.literal) {
                    source = .useProduction
                } else if cursor.equals(value, TraceSource.leaked.literal) {
                    source = .leaked
                } else if cursor.equals(value, TraceSource.none.literal) {
                    source = ResolutionRecord.Source.none
                } else {
                    return nil
                }
                seen.insert(.source)
            case TraceKey.thread.utf8CodeUnitCount where cursor.equals(key, TraceKey.thread):
                guard let value = cursor.unsignedInteger() else { return nil }
                thread = value
                seen.insert(.thread)
            case TraceKey.factory.utf8CodeUnitCount where cursor.equals(key, TraceKey.factory):
                guard let value = cursor.unsignedInteger(), value > 0 else { return nil }
                factory = value
                seen.insert(.factory)
            case TraceKey.outcome.utf8CodeUnitCount where cursor.equals(key, TraceKey.outcome):
                guard let value = cursor.simpleString() else { return nil }
                if cursor.equals(value, TraceOutcome.created.literal) {
                    outcome = .created
                } else if cursor.equals(value, TraceOutcome.cacheHit.literal) {
                    outcome = .cacheHit
                } else if cursor.equals(value, TraceOutcome.failed.literal) {
                    outcome = .failed
                } else {
                    return nil
                }
                seen.insert(.outcome)
            case TraceKey.mainThread.utf8CodeUnitCount where cursor.equals(key, TraceKey.mainThread):
                guard let value = cursor.boolean() else { return nil }
                isOnMainThread = value
            case TraceKey.container.utf8CodeUnitCount where cursor.equals(key, TraceKey.container):
                guard let value = cursor.unsignedInteger(), value > 0 else { return nil }
                container = value
                seen.insert(.container)
            default:
                guard cursor.skipSimpleValue() else { return nil }
            }
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: ",")) { continue }
            guard cursor.consume(UInt8(ascii: "}")) else { return nil }
            break
        }
        cursor.skipWhitespace()
        guard cursor.atEnd, seen == .all else { return nil }
        return ResolutionRecord(
            id: id, factory: factory, container: container, parent: parent, outcome: outcome, source: source,
            start: start, nanoseconds: ns, thread: thread, isOnMainThread: isOnMainThread)
    }

    /// A read position in one line.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// `true` or `false`.
        mutating func boolean() -> Bool? {
            if consumeLiteral("true") { return true }
            if consumeLiteral("false") { return false }
            return nil
        }

        private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }

        mutating func consumeNull() -> Bool {
            guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
            else { return false }
            index += 4
            return true
        }

        /// A string without escapes or control characters; returns the range of its contents.
        mutating func simpleString() -> Range<Int>? {
            guard consume(FastResolutionParser.quote) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == FastResolutionParser.quote {
                    index += 1
                    return start..<(index - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        /// A non-negative integer of at most 18 digits, without sign, fraction or exponent.
        mutating func unsignedInteger() -> Int? {
            let start = index
            var value = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value &* 10 &+ Int(digit)
                index += 1
            }
            let count = index - start
            guard count > 0, count <= 18 else { return nil }
            if count > 1, bytes[start] == UInt8(ascii: "0") { return nil }
            if index < bytes.count {
                let next = bytes[index]
                if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return nil }
            }
            return value
        }

        /// Skips a string, integer, `true`, `false` or `null`.
        mutating func skipSimpleValue() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case FastResolutionParser.quote:
                return simpleString() != nil
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return unsignedInteger() != nil
            case UInt8(ascii: "n"):
                return consumeNull()
            default:
                return false
            }
        }

        func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
            guard range.count == literal.utf8CodeUnitCount else { return false }
            let pointer = literal.utf8Start
            var offset = 0
            for position in range {
                if bytes[position] != pointer[offset] { return false }
                offset += 1
            }
            return true
        }
    }
}
