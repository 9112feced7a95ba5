/// What a leaked resolution should produce instead of the normal resolution.
///
/// ```swift
/// return .returnValue(NoopLogger())   // or .useProductionValue
/// ```
public enum LeakedResolutionStrategy<D> {
    /// Return this value.
    case returnValue(D)
    /// Run the factory's production resolver.
    case useProductionValue
}

/// Decides what happens when work that outlived its `withTestContainer` block resolves against it.
///
/// The runtime has already recorded the leak in the trace (with the resolution path) when it calls you.
/// Conform to write your own policy:
///
/// ```swift
/// struct LogAndUseProduction: LeakedResolutionBehavior {
///     func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D> {
///         print("leak from the test at \(testContainerFile):\(testContainerLine)")
///         return .useProductionValue
///     }
///     // … and the three other factory kinds
/// }
/// ```
public protocol LeakedResolutionBehavior: Sendable {
    /// A synchronous factory was resolved after its test ended.
    func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D>
    /// A throwing factory was resolved after its test ended.
    func onLeak<D>(factory: SyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) throws -> LeakedResolutionStrategy<D>
    /// An async factory was resolved after its test ended.
    func onLeak<D>(factory: AsyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async -> LeakedResolutionStrategy<D>
    /// An async throwing factory was resolved after its test ended.
    func onLeak<D>(factory: AsyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async throws -> LeakedResolutionStrategy<D>
}

/// The leak a behaviour is handling: bound by the runtime around its call to `onLeak`, so the built-in behaviours
/// can print the full message (call site, resolution path) without a change to the protocol's signatures.
enum LeakInProgress {
    @TaskLocal static var message: String?
}

/// The message for the leak being handled right now: the runtime's (with call site and path), or one built from
/// the test container's site when a behaviour is called from elsewhere.
func currentLeakMessage(_ factory: FactoryMetadata, file: String, line: UInt, function: String) -> String {
    if let message = LeakInProgress.message { return message }
    return """
        Leaked resolution: \(factory.messageName) was resolved after its test container ended.
        Test container created at \(file):\(line) in \(function).
        Asynchronous work started inside withTestContainer was not awaited and outlived the test. Await it \
        (or cancel it) before the block returns. To recover instead of stopping while you fix it, set \
        DI_BEST_EFFORT_LEAK_RESOLUTION=true or pass leakedResolutionBehavior: BestEffortLeakedResolutionBehavior().
        """
}

/// Always stops the process with a detailed message (after writing the trace).
///
/// ```swift
/// withTestContainer(leakedResolutionBehavior: CrashLeakedResolutionBehavior()) { … }
/// ```
public struct CrashLeakedResolutionBehavior: LeakedResolutionBehavior {
    /// Creates the behaviour.
    public init() {}

    /// Stops the process.
    public func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D> {
        Diagnostics.crash(currentLeakMessage(factory.core.metadata, file: testContainerFile, line: testContainerLine, function: testContainerFunction))
    }

    /// Stops the process.
    public func onLeak<D>(factory: SyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) throws -> LeakedResolutionStrategy<D> {
        Diagnostics.crash(currentLeakMessage(factory.core.metadata, file: testContainerFile, line: testContainerLine, function: testContainerFunction))
    }

    /// Stops the process.
    public func onLeak<D>(factory: AsyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async -> LeakedResolutionStrategy<D> {
        Diagnostics.crash(currentLeakMessage(factory.core.metadata, file: testContainerFile, line: testContainerLine, function: testContainerFunction))
    }

    /// Stops the process.
    public func onLeak<D>(factory: AsyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async throws -> LeakedResolutionStrategy<D> {
        Diagnostics.crash(currentLeakMessage(factory.core.metadata, file: testContainerFile, line: testContainerLine, function: testContainerFunction))
    }
}

/// Recovers: cancels the leaking task, returns `nil` for optional dependencies, throws for throwing
/// factories, and otherwise falls back to the production resolver. Prints a warning each time.
///
/// ```swift
/// withTestContainer(leakedResolutionBehavior: BestEffortLeakedResolutionBehavior()) { … }
/// ```
public struct BestEffortLeakedResolutionBehavior: LeakedResolutionBehavior {
    /// Creates the behaviour.
    public init() {}

    private func warn(_ factory: FactoryMetadata, _ file: String, _ line: UInt, _ function: String) -> String {
        withUnsafeCurrentTask { $0?.cancel() }
        let message = currentLeakMessage(factory, file: file, line: line, function: function)
        print("⚠️ DEPENDENCY LEAK DETECTED (best effort: the task was cancelled). \(message)")
        return message
    }

    private func nilOrProduction<D>() -> LeakedResolutionStrategy<D> {
        if let none = (Optional<Any>.none as Any) as? D, _isOptional(D.self) { return .returnValue(none) }
        return .useProductionValue
    }

    /// Cancels the task; `nil` for optionals, else the production value.
    public func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D> {
        _ = warn(factory.core.metadata, testContainerFile, testContainerLine, testContainerFunction)
        return nilOrProduction()
    }

    /// Cancels the task and throws ``DependencyResolutionError`` of kind `leaked`.
    public func onLeak<D>(factory: SyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) throws -> LeakedResolutionStrategy<D> {
        let message = warn(factory.core.metadata, testContainerFile, testContainerLine, testContainerFunction)
        throw DependencyResolutionError(kind: .leaked, message: message, path: [factory.core.metadata.displayName])
    }

    /// Cancels the task; `nil` for optionals, else the production value.
    public func onLeak<D>(factory: AsyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async -> LeakedResolutionStrategy<D> {
        _ = warn(factory.core.metadata, testContainerFile, testContainerLine, testContainerFunction)
        return nilOrProduction()
    }

    /// Cancels the task and throws ``DependencyResolutionError`` of kind `leaked`.
    public func onLeak<D>(factory: AsyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async throws -> LeakedResolutionStrategy<D> {
        let message = warn(factory.core.metadata, testContainerFile, testContainerLine, testContainerFunction)
        throw DependencyResolutionError(kind: .leaked, message: message, path: [factory.core.metadata.displayName])
    }
}

/// Best effort when `DI_BEST_EFFORT_LEAK_RESOLUTION=true`, otherwise stop the process. The default.
///
/// ```swift
/// // DI_BEST_EFFORT_LEAK_RESOLUTION=true swift test
/// withTestContainer(leakedResolutionBehavior: DefaultLeakedResolutionBehavior()) { … }
/// ```
public struct DefaultLeakedResolutionBehavior: LeakedResolutionBehavior {
    private let bestEffort: Bool

    /// Reads `DI_BEST_EFFORT_LEAK_RESOLUTION` now.
    public init() {
        bestEffort = Environment.value("DI_BEST_EFFORT_LEAK_RESOLUTION") == "true"
    }

    private var chosen: any LeakedResolutionBehavior {
        bestEffort ? BestEffortLeakedResolutionBehavior() : CrashLeakedResolutionBehavior()
    }

    /// Delegates to the chosen behaviour.
    public func onLeak<D>(factory: SyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) -> LeakedResolutionStrategy<D> {
        chosen.onLeak(factory: factory, testContainerFile: testContainerFile, testContainerLine: testContainerLine, testContainerFunction: testContainerFunction)
    }

    /// Delegates to the chosen behaviour.
    public func onLeak<D>(factory: SyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) throws -> LeakedResolutionStrategy<D> {
        try chosen.onLeak(factory: factory, testContainerFile: testContainerFile, testContainerLine: testContainerLine, testContainerFunction: testContainerFunction)
    }

    /// Delegates to the chosen behaviour.
    public func onLeak<D>(factory: AsyncFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async -> LeakedResolutionStrategy<D> {
        await chosen.onLeak(factory: factory, testContainerFile: testContainerFile, testContainerLine: testContainerLine, testContainerFunction: testContainerFunction)
    }

    /// Delegates to the chosen behaviour.
    public func onLeak<D>(factory: AsyncThrowingFactory<D>, testContainerFile: String, testContainerLine: UInt, testContainerFunction: String) async throws -> LeakedResolutionStrategy<D> {
        try await chosen.onLeak(factory: factory, testContainerFile: testContainerFile, testContainerLine: testContainerLine, testContainerFunction: testContainerFunction)
    }
}
