extension AppTraceEmitter {
    /// One test container: registrations, test defaults, a few requests, and for the first three tests an
    /// issue each (unregistered, leaked, escaped). Every third test registers a factory it never resolves.
    mutating func runTest(_ index: Int) {
        let container = nextContainer
        nextContainer += 1
        let moduleCount = model.moduleNames.count
        let module = moduleCount > 1 ? 1 + index % (moduleCount - 1) : 0
        let moduleName = model.moduleNames[module]
        let function = "test\(index)Behaviour()"
        let file = "\(moduleName)Tests/\(moduleName)Tests.swift"
        let thread = 1 + index % max(1, shape.threads)
        sink.line(
            #"{"event":"container","id":\#(container),"kind":"test","parent":1,"file":\#(json(file)),"#
                + #""line":\#(10 + index % 90),"function":\#(json(function)),"#
                + #""test":\#(json("\(moduleName)Tests/\(function)")),"t":\#(now)}"#)

        var candidates = model.live.filter { model.factories[$0 - 1].module == module }
        if candidates.isEmpty { candidates = model.live }
        let roots = (0..<(1 + Int(random.next() % 3))).map { _ in candidates[Int(random.next() % UInt64(candidates.count))] }
        overridden = []
        for root in roots {
            let dependencies = model.dependencies[root - 1]
            guard !dependencies.isEmpty else { continue }
            register("push", dependencies[Int(random.next() % UInt64(dependencies.count))], container, file: file)
        }
        // Test defaults replace something the roots use two levels down (or a core factory).
        var indirect = roots.flatMap { model.dependencies[$0 - 1] }.flatMap { model.dependencies[$0 - 1] }
        if indirect.isEmpty { indirect = Array(model.live.suffix(20)) }
        for _ in 0..<2 {
            register("testDefault", indirect[Int(random.next() % UInt64(indirect.count))], container,
                file: "AppTests/TestDefaults.swift")
        }
        if index % 3 == 0, let dead = (1...model.factories.count).first(where: { model.factories[$0 - 1].isDead }) {
            register("push", dead, container, file: file)
        }

        for root in roots where remaining > 0 { request(root: root, container: container, thread: thread) }
        if index == 0 && remaining > 0 { unregistered(container: container, candidates: candidates, thread: thread) }
        if index == 2 && remaining > 0 {
            // A resolution that went to the default container while this test's container was active.
            let escaped = nextResolution
            request(root: candidates[0], container: 1, thread: thread)
            issue("escaped", factory: candidates[0], container: 1, resolution: escaped, path: [candidates[0]], function: function)
        }
        if index % 4 == 3, let popped = overridden.sorted().first {
            sink.line(
                #"{"event":"registration","action":"pop","factory":\#(popped),"container":\#(container),"#
                    + #""file":\#(json(file)),"line":40,"depth":0,"t":\#(now)}"#)
        }
        now += 1_000
        sink.line(#"{"event":"containerEnded","id":\#(container),"t":\#(now)}"#)
        if index == 1 && remaining > 0 {
            // Something kept the container and resolved from it after the test ended.
            let leaked = nextResolution
            nextResolution += 1
            emitted += 1
            resolution(leaked, roots[0], container, parent: nil, "created", "leaked", start: now + 500, 700, thread)
            issue("leaked", factory: roots[0], container: container, resolution: leaked, path: [roots[0]], function: function)
            // The runtime's warnings: a registered factory resolved late, and a wait for another task's creation.
            issue("late", factory: roots[0], container: container, resolution: leaked, path: [roots[0]], function: function)
            issue("stalled", factory: roots[0], container: container, resolution: leaked, path: [roots[0]], function: function)
        }
        overridden = []
        created[container] = nil
        now += 2_000
    }

    private mutating func register(_ action: String, _ factory: Int, _ container: Int, file: String) {
        overridden.insert(factory)
        now += 100
        sink.line(
            #"{"event":"registration","action":"\#(action)","factory":\#(factory),"container":\#(container),"#
                + #""file":\#(json(file)),"line":\#(20 + factory % 50),"depth":1,"t":\#(now)}"#)
    }

    /// A strict test container resolving a factory nobody registered: a failed resolution and its issue.
    private mutating func unregistered(container: Int, candidates: [Int], thread: Int) {
        let factory = candidates[candidates.count - 1]
        let id = nextResolution
        nextResolution += 1
        emitted += 1
        resolution(id, factory, container, parent: nil, "failed", "production", start: now, 600, thread)
        issue("unregistered", factory: factory, container: container, resolution: id, path: [factory], function: "test0Behaviour()")
        now += 2_000
    }
}
