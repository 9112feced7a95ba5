#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import Dispatch
internal import Foundation
internal import Synchronization

/// One recording: where lines go (a file or memory), the per-thread buffers, and the writer thread.
final class TraceSession: @unchecked Sendable {
    // @unchecked: mutable state lives in `buffers`, `queue` and `output` (LockedState), in atomics (`stopped`,
    // `forked`, `forkHandled`, `flushPending`) and in `wakeup` (a semaphore); everything else is a `let`.

    enum Destination {
        case file(path: String, descriptor: Int32)
        case memory
    }

    struct Output {
        var destination: Destination
        var memory: [UInt8] = []
        var eventCount = 0
        var closed = false
    }

    /// Chunks of lines handed over by recording threads, in the order each thread recorded them, and emptied
    /// byte arrays (with their capacity) for the recording threads to reuse.
    struct Queue {
        var chunks: [(bytes: [UInt8], events: Int)] = []
        var queuedBytes = 0
        var spares: [[UInt8]] = []
    }

    private static let nextID = Atomic<UInt64>(1)
    /// A recording thread hands its lines to the writer thread once they reach this many bytes.
    static let chunkBytes = 256 << 10
    /// While this many bytes wait for the writer thread, a recording thread that must hand over more waits:
    /// memory stays bounded however far behind the writer falls.
    static let queueLimitBytes = 32 << 20

    let id: UInt64
    let start: UInt64
    /// Where the recording was asked to go, for a forked child that records into its own file.
    let path: TracePath?
    /// The file descriptor, or -1 for memory; closed in a forked child without taking any lock.
    let descriptor: Int32
    private let buffers = LockedState<[ThreadEventBuffer]>([])
    private let queue = LockedState(Queue())
    private let output: LockedState<Output>
    let stopped = Atomic<Bool>(false)
    /// Set in a forked child: the session belongs to the parent, and the child never touches its locks or file.
    let forked = Atomic<Bool>(false)
    /// Set by the first event a forked child records (see `continueAfterFork(with:)`).
    let forkHandled = Atomic<Bool>(false)
    /// Whether lines wait in some thread's buffer for the writer's next flush (the writer then sleeps only until
    /// the flush deadline; with nothing pending it sleeps until woken).
    private let flushPending = Atomic<Bool>(false)
    /// Wakes the writer thread: a chunk was queued, lines are pending, or the session stopped.
    private let wakeup = DispatchSemaphore(value: 0)

    /// A session whose header is already written (see ``openFile(_:)``), or in memory.
    init(destination: Destination, path: TracePath?, start: UInt64, header: [UInt8]) {
        id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.start = start
        self.path = path
        if case .file(_, let descriptor) = destination { self.descriptor = descriptor } else { descriptor = -1 }
        var state = Output(destination: destination)
        if case .memory = destination { state.memory = header }
        output = LockedState(state)
    }

    /// A recording into memory (``TraceRecording/startInMemory()``).
    static func inMemory() -> TraceSession {
        let (start, header) = Self.header()
        return TraceSession(destination: .memory, path: nil, start: start, header: header)
    }

    static func header() -> (start: UInt64, bytes: [UInt8]) {
        let start = MonotonicClock.now()
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        return (start, TraceEncoder.header(startWallClock: wall))
    }

    // MARK: Recording

    /// Formats `event` into this thread's buffer (the recording thread does the formatting, so recording
    /// scales with the threads that record) and hands full buffers to the writer thread. A recording thread
    /// never writes to the destination and never waits for a write, only for a full queue.
    func append(_ event: TraceEvent) {
        if forked.load(ordering: .relaxed) {
            continueAfterFork(with: event)
            return
        }
        let context = ThreadContext.current
        if context.pointee.bufferSession != id {
            let buffer = ThreadEventBuffer()
            buffers.withLock { $0.append(buffer) }
            context.pointee.buffer = buffer
            context.pointee.bufferSession = id
        }
        guard let buffer = context.pointee.buffer else { return }
        let full = buffer.pending.withLock { pending in
            TraceEncoder.append(event, base: start, to: &pending.bytes)
            pending.events += 1
            return pending.bytes.count >= Self.chunkBytes
        }
        if full {
            waitForRoom()
            handOver(buffer)
            wakeup.signal()
        } else if !flushPending.load(ordering: .relaxed), !flushPending.exchange(true, ordering: .acquiringAndReleasing) {
            // The first lines since the writer's last flush: it sleeps until woken, so wake it to flush them.
            wakeup.signal()
        }
    }

    /// Moves a thread's lines to the end of the queue. The thread's lock is held until they are queued, so
    /// chunks of one thread are queued (and written) in the order it recorded them.
    ///
    /// The empty array the thread goes on with is allocated before either lock is taken, so a recording thread
    /// never waits on its own lock for an allocation of 256 KiB (the first one makes a malloc arena and faults
    /// its pages) that the writer thread is making.
    private func handOver(_ buffer: ThreadEventBuffer) {
        guard buffer.pending.withLock({ $0.events > 0 }) else { return }
        var empty = queue.withLock { $0.spares.popLast() } ?? []
        if empty.capacity < Self.chunkBytes + 4096 { empty.reserveCapacity(Self.chunkBytes + 4096) }
        buffer.pending.withLock { pending in
            guard pending.events > 0 else { return }
            queue.withLock { queue in
                swap(&empty, &pending.bytes)
                queue.queuedBytes += empty.count
                queue.chunks.append((empty, pending.events))
                pending.events = 0
            }
        }
        if empty.capacity > 0 && empty.isEmpty {
            queue.withLock { queue in if queue.spares.count < 8 { queue.spares.append(empty) } }
        }
    }

    private func waitForRoom() {
        while queue.withLock({ $0.queuedBytes >= Self.queueLimitBytes }) && !isStopped {
            usleep(100)
        }
    }

    // MARK: Writing

    /// Writes out everything recorded so far: every thread's lines, queued or not. Safe from any thread.
    @discardableResult
    func drain() -> Int {
        // In a forked child the locks may have been held by parent threads that do not exist here.
        if forked.load(ordering: .relaxed) { return 0 }
        for buffer in buffers.withLock({ $0 }) { handOver(buffer) }
        return writeQueued()
    }

    /// Writes the queued chunks in order. The output lock is held across taking and writing, so two threads
    /// draining at once cannot reorder chunks.
    @discardableResult
    private func writeQueued() -> Int {
        output.withLock { state in
            var chunks = queue.withLock { queue in
                var taken: [(bytes: [UInt8], events: Int)] = []
                swap(&taken, &queue.chunks)
                return taken
            }
            var written = 0
            var bytes = 0
            for index in chunks.indices {
                bytes += chunks[index].bytes.count
                if !state.closed {
                    state.eventCount += chunks[index].events
                    Self.write(chunks[index].bytes, to: &state)
                    written += chunks[index].events
                }
                chunks[index].bytes.removeAll(keepingCapacity: true)
            }
            queue.withLock { queue in
                queue.queuedBytes -= bytes
                // Keep a few emptied arrays for reuse; more would only hold memory.
                for chunk in chunks where queue.spares.count < 8 { queue.spares.append(chunk.bytes) }
            }
            return written
        }
    }

    private static func write(_ bytes: [UInt8], to state: inout Output) {
        switch state.destination {
        case .memory:
            state.memory.append(contentsOf: bytes)
        case .file(let path, let descriptor):
            if let reason = TraceFile.write(bytes, to: descriptor) {
                StandardError.write("DependencyInjection: could not write the trace to \(path): \(reason). Recording stops.")
                state.closed = true
            }
        }
    }

    /// The memory destination's contents so far (after draining); empty in a forked child.
    func memoryContents() -> [UInt8] {
        if forked.load(ordering: .relaxed) { return [] }
        drain()
        return output.withLock { $0.memory }
    }

    /// Drains, writes the `end` line and closes the file.
    func finish() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        wakeup.signal()
        drain()
        output.withLock { state in
            guard !state.closed else { return }
            var line: [UInt8] = []
            TraceEncoder.end(time: MonotonicClock.now() - start, events: state.eventCount, to: &line)
            Self.write(line, to: &state)
            if case .file(_, let descriptor) = state.destination {
                close(descriptor)
                state.closed = true
            }
        }
    }

    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Starts the background thread that writes queued chunks as they come and, within a millisecond of the
    /// first line recorded after a flush, every thread's remaining lines. It sleeps on a semaphore while there is
    /// nothing to write, so an idle recording costs no CPU and no context switches.
    func startWriter() {
        let thread = Thread { [self] in
            var deadline: UInt64 = 0
            while !isStopped {
                // The work itself runs outside any fork() (see ForkHandling); waiting does not need to.
                guard flushPending.load(ordering: .acquiring) else {
                    wakeup.wait()
                    ForkHandling.runOutsideFork { writeQueued() }
                    continue
                }
                let now = MonotonicClock.now()
                if deadline == 0 { deadline = now &+ 1_000_000 }
                if now >= deadline {
                    // Cleared before draining: a line recorded after a thread's buffer is drained sets it again.
                    flushPending.store(false, ordering: .releasing)
                    ForkHandling.runOutsideFork { drain() }
                    deadline = 0
                } else {
                    _ = wakeup.wait(timeout: .now() + .nanoseconds(Int(deadline - now)))
                    ForkHandling.runOutsideFork { writeQueued() }
                }
            }
        }
        thread.name = "DependencyInjection.TraceWriter"
        thread.start()
    }

}
