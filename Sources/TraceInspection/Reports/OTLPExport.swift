import Foundation
import TraceVocabulary

/// Recorded resolutions as OpenTelemetry spans, in OTLP/JSON: one `ExportTraceServiceRequest` whose resources are
/// the traced processes, ready for a Collector's file receiver or an OTLP/HTTP endpoint (`/v1/traces`).
///
/// Each resolution is a span named `resolve <type>` with `di.*` attributes (factory, scope, kind, source, outcome,
/// container, test); a resolution's parent is its span's parent, so each root resolution is one trace. Times are
/// the header's wall-clock `startTime` plus the monotonic offsets. A failed resolution has an error status with
/// the runtime's message. Ids are derived from the process, the file's path and position among the inputs and the
/// resolution id, so exporting the same files again gives the same ids.
///
/// ```swift
/// let json = try OTLPExport.render([(path: "app.ditrace", trace: trace)])
/// ```
public enum OTLPExport {
    /// The instrumentation scope spans are reported under.
    public static let scopeName = "DependencyInjection"

    /// Why a trace cannot be exported.
    ///
    /// ```swift
    /// do { _ = try OTLPExport.render(traces) } catch { print(error.description) }
    /// ```
    public enum Failure: Error, CustomStringConvertible, Sendable, Equatable {
        /// The header's start time is not an ISO 8601 UTC time.
        case startTime(path: String, value: String)
        /// A resolution's time does not fit in nanoseconds since 1970 as a 64-bit number.
        case timeOutOfRange(path: String, resolution: Int)

        public var description: String {
            switch self {
            case .startTime(let path, let value):
                "\(path): the header's startTime \"\(value)\" is not an ISO 8601 UTC time (as 2026-11-22T17:10:00.123Z), so span times cannot be computed."
            case .timeOutOfRange(let path, let resolution):
                "\(path): resolution \(resolution) starts or ends past the year 2554, which OTLP cannot represent; the trace's times are damaged."
            }
        }
    }

    /// The OTLP/JSON document for `traces` (one resource each).
    public static func render(_ traces: [(path: String, trace: Trace)]) throws(Failure) -> String {
        var resources: [JSONOutput] = []
        for (index, (path, trace)) in traces.enumerated() {
            resources.append(try resource(path: path, trace: trace, index: index))
        }
        return JSONOutput.object(["resourceSpans": .array(resources)]).rendered(pretty: false) + "\n"
    }

    private static func resource(path: String, trace: Trace, index: Int) throws(Failure) -> JSONOutput {
        let header = trace.header
        guard let base = unixNanoseconds(header.startTime) else {
            throw .startTime(path: path, value: header.startTime)
        }
        let analysis = TraceAnalysis(trace: trace)
        let resolutions = trace.resolutions
        var failureMessages: [Int: String] = [:]
        for issue in trace.issues {
            if let id = issue.resolution, failureMessages[id] == nil { failureMessages[id] = issue.message }
        }
        // Two files may have the same header (copies, fixtures): their position and path keep their ids apart.
        let salt = Hash64().adding(header.pid).adding(header.startTime).adding(header.executable).adding(index)
            .adding(path)
        // The root of each resolution's tree, computed in order of depth (parents are linked by index).
        var rootIndex = [Int32](repeating: -1, count: resolutions.count)
        func root(of index: Int) -> Int {
            var chain: [Int] = []
            var current = index
            while rootIndex[current] < 0 {
                chain.append(current)
                let parent = Int(analysis.parentIndex[current])
                if parent < 0 { rootIndex[current] = Int32(current); break }
                current = parent
            }
            let found = Int(rootIndex[current])
            for step in chain { rootIndex[step] = Int32(found) }
            return found
        }
        var spans: [JSONOutput] = []
        spans.reserveCapacity(resolutions.count)
        for index in resolutions.indices {
            let resolution = resolutions[index]
            let rootID = resolutions[root(of: index)].id
            let (start, startOverflow) = base.addingReportingOverflow(resolution.start)
            let (end, endOverflow) = start.addingReportingOverflow(resolution.nanoseconds)
            guard !startOverflow, !endOverflow else { throw .timeOutOfRange(path: path, resolution: resolution.id) }
            var span: [String: JSONOutput] = [
                "traceId": .string(traceID(salt: salt, root: rootID)),
                "spanId": .string(spanID(salt: salt, resolution: resolution.id)),
                "name": .string(ResolutionSpanName.make(trace.factory(id: resolution.factory).displayName)),
                "kind": .int(1),
                "startTimeUnixNano": .string(String(start)),
                "endTimeUnixNano": .string(String(end)),
                "attributes": .array(attributes(resolution, trace: trace)),
            ]
            let parent = Int(analysis.parentIndex[index])
            if parent >= 0 { span["parentSpanId"] = .string(spanID(salt: salt, resolution: resolutions[parent].id)) }
            if resolution.outcome == .failed {
                span["status"] = .object([
                    "code": .int(2), "message": .string(failureMessages[resolution.id] ?? "resolution failed"),
                ])
            }
            spans.append(.object(span))
        }
        let executable = header.executable.split(separator: "/").last.map(String.init) ?? header.executable
        return .object([
            "resource": .object([
                "attributes": .array([
                    attribute("service.name", .string(executable.isEmpty ? "unknown_service" : executable)),
                    attribute("process.pid", .int(header.pid)),
                    attribute("di.trace.path", .string(path)),
                ])
            ]),
            "scopeSpans": .array([
                .object([
                    "scope": .object(["name": .string(scopeName), "version": .string(String(header.version))]),
                    "spans": .array(spans),
                ])
            ]),
        ])
    }

    /// The span attributes of one resolution; the same keys as the runtime's live spans.
    static func attributes(_ resolution: ResolutionRecord, trace: Trace) -> [JSONOutput] {
        let factory = trace.factory(id: resolution.factory)
        let container = trace.container(id: resolution.container)
        var list = [
            attribute(SpanAttributeKey.factoryType, .string(factory.type)),
            attribute(SpanAttributeKey.factorySite, .string(factory.site)),
            attribute(SpanAttributeKey.factoryModule, .string(factory.module)),
            attribute(SpanAttributeKey.factoryScope, .string(factory.scope.rawValue)),
            attribute(SpanAttributeKey.factoryKind, .string(factory.kind.rawValue)),
            attribute(SpanAttributeKey.resolutionID, .int(resolution.id)),
            attribute(SpanAttributeKey.resolutionOutcome, .string(resolution.outcome.rawValue)),
            attribute(SpanAttributeKey.resolutionSource, .string(resolution.source.rawValue)),
            attribute(SpanAttributeKey.containerID, .int(resolution.container)),
            attribute(SpanAttributeKey.threadID, .int(resolution.thread)),
        ]
        if let name = factory.name { list.append(attribute(SpanAttributeKey.factoryName, .string(name))) }
        if let property = factory.property { list.append(attribute(SpanAttributeKey.factoryProperty, .string(property))) }
        if let container { list.append(attribute(SpanAttributeKey.containerKind, .string(container.kind.rawValue))) }
        if let test = container?.test { list.append(attribute(SpanAttributeKey.testName, .string(test))) }
        if resolution.isOnMainThread { list.append(attribute(SpanAttributeKey.mainThread, .bool(true))) }
        return list
    }

    private static func attribute(_ key: String, _ value: JSONOutput) -> JSONOutput {
        let typed: JSONOutput =
            switch value {
            case .int(let number): .object(["intValue": .string(String(number))])
            case .bool(let flag): .object(["boolValue": .bool(flag)])
            default: .object(["stringValue": value])
            }
        return .object(["key": .string(key), "value": typed])
    }

    /// `2026-11-22T17:10:00.123Z` as nanoseconds since 1970 (millisecond precision, as the header has).
    static func unixNanoseconds(_ text: String) -> UInt64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var date = formatter.date(from: text)
        if date == nil {
            formatter.formatOptions = [.withInternetDateTime]
            date = formatter.date(from: text)
        }
        guard let seconds = date?.timeIntervalSince1970, seconds >= 0, seconds < 1.8e10 else { return nil }
        return UInt64((seconds * 1000).rounded()) * 1_000_000
    }

    private static func traceID(salt: Hash64, root: Int) -> String {
        let high = salt.adding("trace").adding(root).value
        let low = salt.adding("trace-low").adding(root).value
        return hex(high) + hex(low == 0 && high == 0 ? 1 : low)
    }

    private static func spanID(salt: Hash64, resolution: Int) -> String {
        let value = salt.adding("span").adding(resolution).value
        return hex(value == 0 ? 1 : value)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
