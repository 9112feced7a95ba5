/// Writes the events of an app-shaped trace (see ``AppTrace``) into a ``TraceLineSink``.
///
/// First a pass that resolves every live factory once in the default container, leaves first, so
/// every edge is observed; then app requests (mostly cache hits) interleaved with test containers,
/// until exactly `shape.resolutions` resolutions are written. Three tests carry the runtime's issues
/// (unregistered, leaked, escaped) and the default container has one cycle.
struct AppTraceEmitter {
    /// How deep a request resolves below its root (unique chains would otherwise multiply).
    static let maxDepth = 3

    let shape: AppTraceShape
    let model: AppTraceModel
    let sink: TraceLineSink
    var random: SplitMix64

    var nextResolution = 1
    var nextContainer = 2
    var emitted = 0
    var now: UInt64 = 1_000
    /// Factories with an instance, per container (cached and shared scopes only).
    var created: [Int: Set<Int>] = [:]
    /// Factories registered in the running test container.
    var overridden = Set<Int>()

    init(shape: AppTraceShape, sink: TraceLineSink) {
        self.shape = shape
        self.sink = sink
        var random = SplitMix64(seed: shape.seed)
        self.model = AppTraceModel(shape: shape, random: &random)
        self.random = random
    }

    mutating func emit() {
        sink.line(
            #"{"format":"di-trace","version":1,"pid":4242,"executable":"/synthetic/App","arguments":[],"#
                + #""startTime":"2026-01-01T00:00:00Z","clock":"monotonic-ns"}"#)
        sink.line(
            #"{"event":"container","id":1,"kind":"default","parent":null,"file":"App/main.swift","line":1,"#
                + #""function":"main()","test":null,"t":0}"#)
        for (index, factory) in model.factories.enumerated() {
            sink.line(
                #"{"event":"factory","id":\#(index + 1),"type":\#(json(factory.type)),"name":\#(json(factory.name)),"#
                    + #""module":\#(json(model.moduleNames[factory.module])),"file":\#(json(factory.file)),"#
                    + #""line":\#(factory.line),"scope":"\#(factory.scope.rawValue)","kind":"\#(factory.kind.rawValue)","#
                    + #""t":\#(index + 10)}"#)
        }
        for id in model.leavesFirst where remaining > 0 { request(root: id, container: 1, thread: 1) }
        if remaining > 0 { cycle() }

        let tests = max(0, shape.tests)
        let start = emitted
        let interval = max(1, (shape.resolutions - start) / (tests + 1))
        var test = 0
        var requestCount = 0
        let entries = model.live.filter { model.factories[$0 - 1].module <= max(1, model.moduleNames.count / 3) }
        while remaining > 0 && sink.failure == nil {
            if test < tests && emitted >= start + (test + 1) * interval {
                runTest(test)
                test += 1
                continue
            }
            requestCount += 1
            let root = entries[Int(random.next() % UInt64(entries.count))]
            request(root: root, container: 1, thread: 1 + requestCount % max(1, shape.threads))
        }
        sink.line(#"{"event":"end","t":\#(now),"events":\#(sink.lineCount - 1)}"#)
    }

    var remaining: Int { shape.resolutions - emitted }

    // MARK: Resolutions

    mutating func request(root: Int, container: Int, thread: Int, parent: Int? = nil) {
        var budget = remaining
        let nanoseconds = resolve(root, container: container, parent: parent, start: now, depth: 0, budget: &budget, thread: thread)
        now += nanoseconds + 500 + random.next() % 20_000
    }

    /// Writes the resolution of `factory` after those of its dependencies; returns its duration.
    private mutating func resolve(
        _ factory: Int, container: Int, parent: Int?, start: UInt64, depth: Int, budget: inout Int, thread: Int
    ) -> UInt64 {
        budget -= 1
        emitted += 1
        let id = nextResolution
        nextResolution += 1
        let record = model.factories[factory - 1]
        var outcome = "created"
        var source = "production"
        var nanoseconds: UInt64
        if container != 1 && overridden.contains(factory) {
            source = "override"
            nanoseconds = 80 + random.next() % 400
        } else if record.scope != .unique && created[container, default: []].contains(factory) {
            outcome = "cacheHit"
            nanoseconds = 40 + random.next() % 250
        } else {
            var time = start + 40
            if depth < Self.maxDepth {
                for dependency in model.dependencies[factory - 1] where budget > 0 {
                    time += resolve(
                        dependency, container: container, parent: id, start: time, depth: depth + 1, budget: &budget,
                        thread: thread) + 20
                }
            }
            let work = random.next() % 100 == 0 ? 1_000_000 + random.next() % 4_000_000 : 100 + random.next() % 3_000
            nanoseconds = time - start + work
            let throwing = record.kind == .syncThrowing || record.kind == .asyncThrowing
            if throwing && random.next() % 40 == 0 {
                outcome = "failed"
            } else if record.scope != .unique {
                created[container, default: []].insert(factory)
            }
        }
        resolution(id, factory, container, parent: parent, outcome, source, start: start, nanoseconds, thread)
        return nanoseconds
    }

    func resolution(
        _ id: Int, _ factory: Int, _ container: Int, parent: Int?, _ outcome: String, _ source: String, start: UInt64,
        _ nanoseconds: UInt64, _ thread: Int
    ) {
        sink.line(
            #"{"event":"resolution","id":\#(id),"factory":\#(factory),"container":\#(container),"#
                + #""parent":\#(parent.map(String.init) ?? "null"),"outcome":"\#(outcome)","source":"\#(source)","#
                + #""start":\#(start),"ns":\#(nanoseconds),"thread":\#(thread)}"#)
    }

    // MARK: Issues

    /// One cycle in the default container: a factory whose dependency resolved it again.
    private mutating func cycle() {
        guard let from = model.live.first(where: { !model.dependencies[$0 - 1].isEmpty }) else { return }
        let to = model.dependencies[from - 1][0]
        let outer = nextResolution
        nextResolution += 1
        emitted += 1
        if remaining > 0 {
            emitted += 1
            resolution(nextResolution, to, 1, parent: outer, "failed", "production", start: now + 40, 900, 1)
            nextResolution += 1
        }
        issue("cycle", factory: from, container: 1, resolution: outer, path: [from, to, from], function: "main()")
        resolution(outer, from, 1, parent: nil, "failed", "production", start: now, 1_200, 1)
        now += 5_000
    }

    func issue(_ kind: String, factory: Int, container: Int, resolution: Int, path: [Int], function: String) {
        let type = model.factories[factory - 1].type
        let message =
            switch kind {
            case "cycle": "Dependency cycle: \(type) resolves itself."
            case "unregistered": "\(type) has no registration in this test container."
            case "leaked": "\(type) was resolved in a test container after its test ended."
            case "late": "Late resolution: \(type) was resolved after its test ended; it got the test's registration."
            case "stalled": "Stalled resolution: \(type) waited long for another task's creation of the same instance."
            default: "\(type) was resolved in the default container while a test container was active."
            }
        sink.line(
            #"{"event":"issue","kind":"\#(kind)","factory":\#(factory),"container":\#(container),"#
                + #""resolution":\#(resolution),"path":[\#(path.map(String.init).joined(separator: ","))],"#
                + #""file":"App/main.swift","line":12,"function":\#(json(function)),"message":\#(json(message)),"#
                + #""fatal":false,"t":\#(now)}"#)
    }

    // MARK: JSON

    func json(_ text: String?) -> String {
        guard let text else { return "null" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
