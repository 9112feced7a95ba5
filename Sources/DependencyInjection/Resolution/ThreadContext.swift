internal import CThreadContext
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import Synchronization

/// One running synchronous resolution on this thread.
@usableFromInline
struct ResolutionFrame {
    /// Unretained `FactoryMetadata`; the resolving factory keeps it alive while the frame exists.
    @usableFromInline var factory: UnsafeRawPointer
    @usableFromInline var resolutionID: UInt64

    @usableFromInline
    init(factory: UnsafeRawPointer, resolutionID: UInt64) {
        self.factory = factory
        self.resolutionID = resolutionID
    }
}

/// Per-thread state: the stack of running synchronous resolutions, resolution ids, and the thread's
/// event buffer for the current trace session.
///
/// Synchronous resolvers cannot suspend, so while one runs its thread runs nothing else: a thread-local
/// stack sees every nested synchronous resolution, costs a few nanoseconds, and is balanced again at
/// every suspension point of async code. Async resolutions use ``AsyncResolutionFrame`` instead.
@usableFromInline
struct ThreadContext {
    @usableFromInline static let capacity = 512

    @usableFromInline var depth = 0
    @usableFromInline let frames: UnsafeMutablePointer<ResolutionFrame>
    var nextResolutionID: UInt64 = 0
    var resolutionIDLimit: UInt64 = 0
    let threadNumber: Int
    /// Whether this is the process's main thread (resolutions there are recorded with `"main":true`).
    let isMainThread: Bool
    var bufferSession: UInt64 = 0
    var buffer: ThreadEventBuffer?
    /// Nanoseconds this thread has spent declaring factories and writing their `factory` lines; resolutions
    /// running meanwhile leave it out of their recorded time. A `static let` factory is declared on first use,
    /// often inside another factory's resolver, and the first declarations of a process pay for the Swift
    /// runtime's first metadata instantiations and protocol-conformance scans (about 10 ms): not the resolver's time.
    var excludedNanoseconds: UInt64 = 0
    /// Whether this thread is inside a call to the span tracer (``ResolutionSpans``): resolutions it makes get no span.
    var isCallingTracer = false

    private static let threadCounter = Atomic<Int>(1)
    private static let resolutionIDs = Atomic<UInt64>(1)
    private static let idBlock: UInt64 = 4096

    init() {
        frames = .allocate(capacity: Self.capacity)
        threadNumber = Self.threadCounter.add(1, ordering: .relaxed).oldValue
        isMainThread = di_is_main_thread() != 0
    }

    /// A process-unique resolution id, taken from this thread's block of ids.
    mutating func makeResolutionID() -> UInt64 {
        if nextResolutionID == resolutionIDLimit {
            nextResolutionID = Self.resolutionIDs.add(Self.idBlock, ordering: .relaxed).oldValue
            resolutionIDLimit = nextResolutionID + Self.idBlock
        }
        defer { nextResolutionID += 1 }
        return nextResolutionID
    }

    /// The factories of the running synchronous resolutions, outermost first.
    var factoryStack: [FactoryMetadata] {
        (0..<depth).map { Unmanaged<FactoryMetadata>.fromOpaque(frames[$0].factory).takeUnretainedValue() }
    }

    var topResolutionID: UInt64? { depth > 0 ? frames[depth - 1].resolutionID : nil }

    // MARK: Thread-local access

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            let pointer = raw.assumingMemoryBound(to: ThreadContext.self)
            #else
            guard let pointer = raw?.assumingMemoryBound(to: ThreadContext.self) else { return }
            #endif
            di_thread_context_set(nil)
            pointer.pointee.frames.deallocate()
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
        precondition(status == 0, "DependencyInjection could not create its thread-local key (pthread_key_create: \(status)).")
        return key
    }()

    /// This thread's context, created on first use.
    ///
    /// Read through a C `__thread` pointer (one TLS access); the pthread key only frees it at thread exit.
    @usableFromInline
    static var current: UnsafeMutablePointer<ThreadContext> {
        if let raw = di_thread_context_get() {
            return raw.assumingMemoryBound(to: ThreadContext.self)
        }
        return makeCurrent()
    }

    private static func makeCurrent() -> UnsafeMutablePointer<ThreadContext> {
        let pointer = UnsafeMutablePointer<ThreadContext>.allocate(capacity: 1)
        pointer.initialize(to: ThreadContext())
        pthread_setspecific(key, pointer)
        di_thread_context_set(pointer)
        return pointer
    }
}

/// One running asynchronous resolution; a task-local linked list so it follows `await`.
///
/// An unstructured `Task` started inside a resolver inherits the list and can outlive the resolution; so each
/// frame knows when its resolution has returned, and a finished frame is no longer part of any path (otherwise
/// that task resolving the same factory later would be reported as a cycle). While the resolution runs, a task
/// started inside it counts as part of it: a child task (`async let`, a task group) is, since the resolver waits
/// for it; an unstructured one is only if the resolver awaits it, which cannot be told from here.
final class AsyncResolutionFrame: Sendable {
    let factory: FactoryMetadata
    let resolutionID: UInt64
    let parent: AsyncResolutionFrame?
    /// The cached or shared instance this resolution creates, which other tasks may be waiting for.
    let creation: PendingCreation?
    private let finished = Atomic<Bool>(false)

    init(factory: FactoryMetadata, resolutionID: UInt64, parent: AsyncResolutionFrame?, creation: PendingCreation? = nil) {
        self.factory = factory
        self.resolutionID = resolutionID
        self.parent = parent
        self.creation = creation
    }

    /// Marks the resolution as returned (see the type's comment).
    func finish() { finished.store(true, ordering: .releasing) }

    /// Whether the resolution is still running.
    var isRunning: Bool { !finished.load(ordering: .acquiring) }

    /// The frames of resolutions still running, innermost first.
    private var runningFrames: some Sequence<AsyncResolutionFrame> {
        sequence(first: self, next: \.parent).lazy.filter(\.isRunning)
    }

    /// The innermost resolution on this path still running.
    var innermostRunning: AsyncResolutionFrame? {
        sequence(first: self, next: \.parent).first(where: \.isRunning)
    }

    /// The creations this task is running, outermost first.
    var runningCreations: [PendingCreation] {
        runningFrames.compactMap(\.creation).reversed()
    }

    @TaskLocal static var current: AsyncResolutionFrame?

    /// The factories from the outermost async resolution still running down to this one.
    var factoryChain: [FactoryMetadata] {
        runningFrames.map(\.factory).reversed()
    }

    /// Whether a resolution of `factory` is running on this path.
    func contains(_ factory: FactoryMetadata) -> Bool {
        runningFrames.contains { $0.factory === factory }
    }
}

/// The full resolution path at this point: async frames (outermost) then this thread's sync frames.
enum ResolutionPath {
    static func current() -> [FactoryMetadata] {
        let asyncChain = AsyncResolutionFrame.current?.factoryChain ?? []
        return asyncChain + ThreadContext.current.pointee.factoryStack
    }

    /// The id of the resolution that is running the current resolver, if any.
    static func parentResolutionID() -> UInt64? {
        ThreadContext.current.pointee.topResolutionID ?? AsyncResolutionFrame.current?.innermostRunning?.resolutionID
    }
}
