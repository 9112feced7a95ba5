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
        /// An empty buffer with capacity, swapped into a thread's buffer when its lines are taken.
        var spare: [UInt8] = []
    }

    private static let nextID = Atomic<UInt64>(1)
    /// A thread whose unwritten lines reach this many bytes writes them out itself (back-pressure without
    /// waiting): memory stays bounded, and a recording thread never spins waiting for the writer.
    static let highWaterBytes = 1 << 20

    let id: UInt64
    let start: UInt64
    private let buffers = LockedState<[ThreadEventBuffer]>([])
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
    /// scales with the threads that record); writes the buffer out when it is full.
    func append(_ event: TraceEvent) {
        let context = ThreadContext.current
        if context.pointee.bufferSession != id {
            let buffer = ThreadEventBuffer(thread: context.pointee.threadNumber)
            buffers.withLock { $0.append(buffer) }
            context.pointee.buffer = buffer
            context.pointee.bufferSession = id
        }
        guard let buffer = context.pointee.buffer else { return }
        let full = buffer.pending.withLock { pending in
            TraceEncoder.append(event, base: start, to: &pending.bytes)
            pending.events += 1
            return pending.bytes.count >= Self.highWaterBytes
        }
        if full {
            _ = output.withLock { state in Self.writeOut(buffer, to: &state) }
        }
    }

    // MARK: Writing

    /// Writes out every thread's buffered lines. Safe from any thread.
    @discardableResult
    func drain() -> Int {
        let pending = buffers.withLock { $0 }
        return output.withLock { state in
            var drained = 0
            for buffer in pending { drained += Self.writeOut(buffer, to: &state) }
            return drained
        }
    }

    /// Takes one thread's lines (swapping in the spare buffer) and writes them; call holding `output`'s lock,
    /// so lines of one thread are written in the order they were recorded.
    @discardableResult
    private static func writeOut(_ buffer: ThreadEventBuffer, to state: inout Output) -> Int {
        guard !state.closed else { return 0 }
        var taken: [UInt8] = []
        swap(&taken, &state.spare) // moved, not copied: the thread gets a uniquely referenced buffer
        let events = buffer.pending.withLock { pending in
            swap(&taken, &pending.bytes)
            defer { pending.events = 0 }
            return pending.events
        }
        if events > 0 {
            state.eventCount += events
            write(taken, to: &state)
        }
        taken.removeAll(keepingCapacity: true)
        state.spare = taken
        return events
    }

    private static func write(_ bytes: [UInt8], to state: inout Output) {
        switch state.destination {
        case .memory:
            state.memory.append(contentsOf: bytes)
        case .file(let path, let descriptor):
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc_write(descriptor, raw.baseAddress! + offset, raw.count - offset)
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

    /// Starts the background thread that writes out every thread's lines each millisecond until the session
    /// stops. (A thread with a full buffer writes it out itself, so the writer never has to keep up.)
    func startWriter() {
        let thread = Thread { [self] in
            while !isStopped {
                drain()
                usleep(1_000)
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

#if canImport(Glibc) || canImport(Musl)
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
#else
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    Darwin.write(fd, buffer, count)
}
#endif
