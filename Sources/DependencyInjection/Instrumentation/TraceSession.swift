#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import Foundation
internal import Synchronization

/// One recording: where lines go (a file or memory), the per-thread buffers, and the writer thread.
final class TraceSession: @unchecked Sendable {
    // @unchecked: mutable state lives in `buffers` and `output` (Mutexes) and `stopped` (Atomic).

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
    private let buffers = LockedState<[ThreadEventBuffer]>([])
    private let queue = LockedState(Queue())
    private let output: LockedState<Output>
    private let stopped = Atomic<Bool>(false)

    init(destination: Destination) {
        id = Self.nextID.add(1, ordering: .relaxed).oldValue
        start = MonotonicClock.now()
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        var state = Output(destination: destination)
        let header = TraceEncoder.header(startWallClock: wall)
        Self.write(header, to: &state)
        output = LockedState(state)
    }

    // MARK: Recording

    /// Formats `event` into this thread's buffer (the recording thread does the formatting, so recording
    /// scales with the threads that record) and hands full buffers to the writer thread. A recording thread
    /// never writes to the destination and never waits for a write, only for a full queue.
    func append(_ event: TraceEvent) {
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
        }
    }

    /// Moves a thread's lines to the end of the queue. The thread's lock is held until they are queued, so
    /// chunks of one thread are queued (and written) in the order it recorded them.
    ///
    /// The empty array the thread goes on with is allocated before either lock is taken: a first allocation
    /// of 256 KiB (a new malloc arena, page faults) under the thread's lock made that thread's next recording
    /// wait for it, and the first resolution of a process was charged 7–16 ms for it.
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
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        let reason = String(cString: strerror(errno))
                        StandardError.write("DependencyInjection: could not write the trace to \(path): \(reason). Recording stops.")
                        state.closed = true
                        return
                    }
                    offset += written
                }
            }
        }
    }

    /// The memory destination's contents so far (after draining).
    func memoryContents() -> [UInt8] {
        drain()
        return output.withLock { $0.memory }
    }

    /// Drains, writes the `end` line and closes the file.
    func finish() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
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

    /// Starts the background thread that writes queued chunks as they come and every thread's remaining lines
    /// each millisecond, until the session stops.
    func startWriter() {
        let thread = Thread { [self] in
            var lastDrain = MonotonicClock.now()
            while !isStopped {
                let now = MonotonicClock.now()
                if now &- lastDrain >= 1_000_000 {
                    drain()
                    lastDrain = now
                } else if writeQueued() == 0 {
                    usleep(200)
                }
            }
        }
        thread.name = "DependencyInjection.TraceWriter"
        thread.start()
    }

    // MARK: Opening

    static func openFile(_ path: String) throws(TraceRecordingError) -> TraceSession {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw TraceRecordingError(path: path, reason: String(cString: strerror(errno)))
        }
        return TraceSession(destination: .file(path: path, descriptor: descriptor))
    }
}
