/// Messages for people, and the one place the runtime stops a resolution.
///
/// Every message says what happened, the resolution path from the outermost resolution down (with the
/// declaration site of each factory), where it was called from, and what to do about it.
@usableFromInline
enum Diagnostics {
    /// Stops a cycle (or a resolution nested too deep) found by the synchronous path.
    @usableFromInline
    static func failCycle(_ factory: FactoryMetadata, container: Container, site: CallSite, throwing: Bool, resolutionID: UInt64?) throws -> Never {
        let path = ResolutionPath.current() + [factory]
        let tooDeep = ThreadContext.current.pointee.depth >= ThreadContext.capacity
        let message = tooDeep ? Self.tooDeep(path: path, site: site) : cycle(path: path, site: site)
        try fail(.cycle, message: message, factory: factory, container: container, resolutionID: resolutionID,
                 site: site, throwing: throwing, path: path)
    }

    // MARK: Messages

    static func pathLines(_ path: [FactoryMetadata], marking last: String) -> String {
        var lines: [String] = []
        for (index, factory) in path.enumerated() {
            let indent = String(repeating: "  ", count: index)
            let arrow = index == 0 ? "  " : "→ "
            let mark = index == path.count - 1 ? "   ← \(last)" : ""
            lines.append("    \(indent)\(arrow)\(factory.messageName)\(mark)")
        }
        return lines.joined(separator: "\n")
    }

    /// Where a resolution was called from: `file:line in function`, or, when another factory's resolver made the
    /// call (whose `#function` is only the enclosing type, for a `static let` initialiser), which resolver it was.
    static func caller(_ site: CallSite, path: [FactoryMetadata]) -> String {
        guard path.count >= 2 else { return site.description }
        return "\(site.fileID):\(site.line), in the resolver of \(path[path.count - 2].messageName)"
    }

    static func cycle(path: [FactoryMetadata], site: CallSite) -> String {
        let repeated = path.last.map(\.shortName) ?? "?"
        return """
            Dependency cycle: \(repeated) is already being resolved further up this path.
            Resolution path (outermost first):
            \(pathLines(path, marking: "cycle: resolved again"))
            Called from \(caller(site, path: Array(path.dropLast()))).
            Fix: break the cycle. Let one side resolve the other lazily (@LazyInjected, or resolve it inside \
            the method that needs it rather than in the resolver), or pass the value in through an initializer.
            """
    }

    static func tooDeep(path: [FactoryMetadata], site: CallSite) -> String {
        """
        Resolution depth exceeded \(ThreadContext.capacity) nested resolutions; this is almost certainly a \
        cycle through code that creates new factories while resolving.
        Innermost steps:
        \(pathLines(Array(path.suffix(8)), marking: "depth limit"))
        Called from \(site.description).
        """
    }

    static func unregistered(_ factory: FactoryMetadata, site: CallSite, testContainer: Container, path: [FactoryMetadata]) -> String {
        let fullPath = path.last === factory ? path : path + [factory]
        let test = testContainer.info.testName.map { " (test \($0))" } ?? ""
        return """
            Dependency: \(factory.typeName) on factory: \(factory.messageName) not registered! \
            Called from \(caller(site, path: fullPath)). Test container created at \(testContainer.info.site)\(test).
            \(factory.typeName) has no test implementation: nothing registered it in this test container, and test \
            containers never fall back to production resolvers on their own.
            Requested by (outermost first):
            \(pathLines(fullPath, marking: "missing test registration"))
            Fix, for the factory declared at \(factory.file):\(factory.line) (the `static let` on that line), either:
              • register a test double in the test before it is resolved: call `register { … }` on it, returning \
            a test \(factory.typeName);
              • give it a `testValue { … }` in a TestDefault of the TestDefaults passed to \
            withTestContainer(defaults:) or .testContainer(defaults:);
              • or call `useProduction()` on it in the test to use the real implementation on purpose.
            """
    }

    static func leaked(_ factory: FactoryMetadata, site: CallSite?, testContainer: Container, path: [FactoryMetadata]) -> String {
        let fullPath = path.last === factory ? path : path + [factory]
        let call = site.map { " Called from \(caller($0, path: fullPath))." } ?? ""
        let test = testContainer.info.testName.map { " (test \($0))" } ?? ""
        return """
            Leaked resolution: \(factory.messageName) was resolved after its test container ended.\(call)
            Test container created at \(testContainer.info.site)\(test).
            Resolution path (outermost first):
            \(pathLines(fullPath, marking: "resolved after the test ended"))
            Asynchronous work started inside withTestContainer was not awaited and outlived the test. Await it \
            (or cancel it) before the block returns. To recover instead of stopping while you fix it, set \
            DI_BEST_EFFORT_LEAK_RESOLUTION=true or pass leakedResolutionBehavior: BestEffortLeakedResolutionBehavior().
            """
    }

    static func escaped(_ factory: FactoryMetadata, site: CallSite, path: [FactoryMetadata]) -> String {
        let fullPath = path.last === factory ? path : path + [factory]
        let running = RuntimeState.executingTestBlocks.load(ordering: .relaxed)
        return """
            Escaped resolution: \(factory.messageName) was resolved against the default container while \
            \(running) test container(s) were active. Called from \(caller(site, path: fullPath)).
            Resolution path (outermost first):
            \(pathLines(fullPath, marking: "resolved in Container.default"))
            Work that leaves its test's task (Task.detached, a DispatchQueue callback, a callback from another \
            library) loses the test container and falls back to Container.default. Capture \
            `let container = Container.current` inside the test and run that work in `withContainer(container) { … }`.
            """
    }

    // MARK: Stopping

    /// Records the problem, then throws it (throwing factories) or stops the process (non-throwing ones).
    static func fail(
        _ kind: DependencyResolutionError.Kind,
        message: String,
        factory: FactoryMetadata,
        container: Container,
        resolutionID: UInt64?,
        site: CallSite,
        throwing: Bool,
        path: [FactoryMetadata]? = nil
    ) throws -> Never {
        let path = path ?? {
            let current = ResolutionPath.current()
            return current.last === factory ? current : current + [factory]
        }()
        let recorded = report(kind, message: message, factory: factory, container: container, resolutionID: resolutionID,
                              site: site, fatal: true, stopsProcess: !throwing, path: path)
        if throwing {
            throw DependencyResolutionError(
                kind: kind, message: message, path: path.map(\.displayName), isRecordedAsTestIssue: recorded
            )
        }
        crash(message)
    }

    /// Records a problem in the trace and tells the installed issue reporter (the testing library); returns whether
    /// that recorded it as a test issue.
    @discardableResult
    static func report(
        _ kind: DependencyResolutionError.Kind,
        message: String,
        factory: FactoryMetadata,
        container: Container,
        resolutionID: UInt64?,
        site: CallSite?,
        fatal: Bool,
        stopsProcess: Bool = false,
        path: [FactoryMetadata]? = nil
    ) -> Bool {
        let path = path ?? {
            let current = ResolutionPath.current()
            return current.last === factory ? current : current + [factory]
        }()
        Instrumentation.issue(
            IssueKind(kind), factory: factory, container: container, resolutionID: resolutionID, path: path,
            site: site, message: message, fatal: fatal
        )
        return IssueReporting.report(kind: kind, message: message, stopsProcess: stopsProcess, location: site?.location)
    }

    /// Records a leak in the trace and returns its message, for the leaked-resolution behaviour to use.
    static func recordLeak(_ factory: FactoryMetadata, site: CallSite, testContainer: Container, container: Container, resolutionID: UInt64?) -> String {
        let message = leaked(factory, site: site, testContainer: testContainer, path: ResolutionPath.current())
        Instrumentation.issue(
            .leaked, factory: factory, container: container, resolutionID: resolutionID,
            path: { let p = ResolutionPath.current(); return p.last === factory ? p : p + [factory] }(),
            site: site, message: message, fatal: false
        )
        return message
    }

    /// Records a late resolution: a factory registered in a test container, resolved after that test's block
    /// returned. It got the test's registration (as the seed specifies), so nothing stops; the trace says so.
    static func recordLate(
        _ factory: FactoryMetadata, test: TestContainerState, site: CallSite, containerID: UInt64,
        capture: TraceCapture?, resolutionID: UInt64
    ) {
        let after = test.timeSinceEnd ?? 0
        let testName = test.info.testName.map { "test \($0)" } ?? "the test"
        let message = """
            Late resolution: \(factory.messageName) was resolved \(Self.duration(after)) after \(testName) ended \
            (its test container was created at \(test.info.site)). Called from \(site.description).
            It got the test's registration, so nothing failed, but the work that resolved it was started by that \
            test and outlived it: it may now run while another test runs. Await (or cancel) that work before the \
            test returns.
            """
        Instrumentation.issue(
            .late, factory: factory, containerID: containerID, capture: capture, resolutionID: resolutionID,
            path: [factory], site: site, message: message, fatal: false, test: test.info.testName, afterEnd: after
        )
        // A test run by the testing library: name it, since this output lands in whatever test runs now.
        if let name = test.info.testName {
            let running = RuntimeState.executingTestBlocks.load(ordering: .relaxed)
            let others = running > 0 ? ", while \(running) other test container(s) run" : ""
            StandardError.write("""
                DependencyInjection warning: work started by test \(name) resolved \(factory.messageName) \
                \(Self.duration(after)) after that test ended\(others). Called from \(site.description). \(name) has \
                already ended and cannot fail any more; the trace records a `late` issue. Await or cancel that work \
                before the test returns.
                """)
        }
    }

    /// `1.2 ms`, `340 µs`, `2.5 s`: a duration for a message.
    static func duration(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        if value >= 1e9 { return "\((value / 1e8).rounded() / 10) s" }
        if value >= 1e6 { return "\((value / 1e5).rounded() / 10) ms" }
        if value >= 1e3 { return "\((value / 1e2).rounded() / 10) µs" }
        return "\(nanoseconds) ns"
    }

    /// Stops the process after making sure the trace holds everything up to and including this message.
    static func crash(_ message: String) -> Never {
        Instrumentation.flushForCrash(message: message)
        fatalError(message)
    }
}
