public import Foundation

/// Generates valid, deterministic `di-trace` files of any size, for benchmarks and tests.
///
/// The trace has `factories` factories spread over ten modules, `edges` distinct dependency
/// edges (always from a lower to a higher id, so there are no cycles), and exactly `resolutions`
/// resolution events: parent/child pairs that walk the edges in turn (so every edge is observed
/// once there are at least twice as many resolutions as edges), with seeded random durations and
/// outcomes.
///
/// ```swift
/// let data = SyntheticTrace.generate(factories: 500, edges: 2_000, resolutions: 1_000_000, seed: 42)
/// let trace = try TraceReader.read(data: data).trace
/// ```
public enum SyntheticTrace {
    /// Generates the trace as bytes (JSON Lines, ending with an `end` event and a newline).
    ///
    /// `edges` is capped at the number of possible acyclic edges, `factories × (factories − 1) / 2`.
    ///
    /// ```swift
    /// let data = SyntheticTrace.generate(factories: 10, edges: 20, resolutions: 1_000)
    /// try data.write(to: URL(fileURLWithPath: "/tmp/synthetic.ditrace"))
    /// ```
    public static func generate(factories: Int, edges: Int, resolutions: Int, seed: UInt64 = 1) -> Data {
        var random = SplitMix64(seed: seed)
        let factoryCount = max(1, factories)
        var out = Data()
        out.reserveCapacity(200 * (resolutions + factoryCount + 10))
        func line(_ text: String) {
            out.append(contentsOf: text.utf8)
            out.append(0x0A)
        }
        line(
            #"{"format":"di-trace","version":1,"pid":1,"executable":"/synthetic/App","arguments":[],"#
                + #""startTime":"2026-01-01T00:00:00Z","clock":"monotonic-ns"}"#)
        line(
            #"{"event":"container","id":1,"kind":"default","parent":null,"file":"App/main.swift","line":1,"#
                + #""function":"main()","test":null,"t":0}"#)
        let scopes = ["unique", "cached", "shared"]
        var scopeOf = [String](repeating: "unique", count: factoryCount + 1)
        for id in 1...factoryCount {
            let module = "Module\(id % 10)"
            let scope = scopes[Int(random.next() % 3)]
            scopeOf[id] = scope
            line(
                #"{"event":"factory","id":\#(id),"type":"any Service\#(id)","name":null,"module":"\#(module)","#
                    + #""file":"\#(module)/Service\#(id).swift","line":\#(10 + id % 90),"scope":"\#(scope)","#
                    + #""kind":"sync","t":\#(id)}"#)
        }

        // Distinct acyclic edges (from < to), chosen at random, in a deterministic order.
        let possible = factoryCount * (factoryCount - 1) / 2
        let edgeCount = min(max(0, edges), possible)
        var edgeSet = Set<Int>()
        var edgeList: [(Int, Int)] = []
        edgeList.reserveCapacity(edgeCount)
        while edgeList.count < edgeCount {
            let a = Int(random.next() % UInt64(factoryCount)) + 1
            let b = Int(random.next() % UInt64(factoryCount)) + 1
            guard a != b else { continue }
            let (from, to) = (min(a, b), max(a, b))
            if edgeSet.insert(from * (factoryCount + 1) + to).inserted { edgeList.append((from, to)) }
        }

        var id = 0
        var time: UInt64 = UInt64(factoryCount) + 100
        var emitted = 0
        var edgeCursor = 0
        func resolution(factory: Int, parent: Int?, start: UInt64, ns: UInt64, isCacheable: Bool) -> Int {
            id += 1
            let outcome = isCacheable && random.next() % 4 != 0 ? "cacheHit" : "created"
            let parentText = parent.map(String.init) ?? "null"
            line(
                #"{"event":"resolution","id":\#(id),"factory":\#(factory),"container":1,"parent":\#(parentText),"#
                    + #""outcome":"\#(outcome)","source":"production","start":\#(start),"ns":\#(ns),"thread":1}"#)
            emitted += 1
            return id
        }
        while emitted < resolutions {
            let parentStart = time
            if edgeList.isEmpty || resolutions - emitted == 1 {
                let factory = Int(random.next() % UInt64(factoryCount)) + 1
                _ = resolution(
                    factory: factory, parent: nil, start: parentStart, ns: 200 + random.next() % 5_000,
                    isCacheable: scopeOf[factory] != "unique")
                time += 10_000
                continue
            }
            let (from, to) = edgeList[edgeCursor % edgeList.count]
            edgeCursor += 1
            // The child is written first (children finish before parents), with the parent's id reserved.
            let parentID = id + 2
            let childNs = 100 + random.next() % 2_000
            _ = resolution(
                factory: to, parent: parentID, start: parentStart + 50, ns: childNs,
                isCacheable: scopeOf[to] != "unique")
            _ = resolution(
                factory: from, parent: nil, start: parentStart, ns: childNs + 100 + random.next() % 3_000,
                isCacheable: false)
            time += 10_000
        }
        line(#"{"event":"end","t":\#(time),"events":\#(emitted + factoryCount + 1)}"#)
        return out
    }
}
