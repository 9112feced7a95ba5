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
        var scratch: [UInt8] = []
    }

    private static let nextID = Atomic<UInt64>(1)
    /// A buffer this full makes its recording thread wait for the writer: memory stays bounded.
    static let highWater = 32_768

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
        state.scratch.reserveCapacity(1 << 20)
        Self.write(header, to: &state)
        output = LockedState(state)
    }

    // MARK: Recording

    func append(_ event: TraceEvent) {
        let context = ThreadContext.current
        if context.pointee.bufferSession != id {
            let buffer = ThreadEventBuffer(thread: context.pointee.threadNumber)
            buffers.withLock { $0.append(buffer) }
            context.pointee.buffer = buffer
            context.pointee.bufferSession = id
        }
        guard let buffer = context.pointee.buffer else { return }
        let count = buffer.events.withLock { events in
            events.append(event)
            return events.count
        }
        if count >= Self.highWater {
            // Back-pressure: wait (holding no lock) until the writer has taken this buffer.
            while !stopped.load(ordering: .relaxed), buffer.events.withLock({ $0.count }) >= Self.highWater {
                sched_yield()
            }
        }
    }

    // MARK: Writing

    /// Takes every buffered event, formats it and writes it out. Safe from any thread.
    @discardableResult
    func drain() -> Int {
        let pending = buffers.withLock { $0 }
        return output.withLock { state in
            guard !state.closed else { return 0 }
            var drained = 0
            for buffer in pending {
                let events = buffer.events.withLock { events -> [TraceEvent] in
                    let taken = events
                    events.removeAll(keepingCapacity: true)
                    return taken
                }
                guard !events.isEmpty else { continue }
                drained += events.count
                state.scratch.removeAll(keepingCapacity: true)
                for event in events { TraceEncoder.append(event, base: start, to: &state.scratch) }
                state.eventCount += events.count
                let bytes = state.scratch
                Self.write(bytes, to: &state)
            }
            return drained
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

    /// Starts the background thread that drains buffers every few milliseconds until the session stops.
    func startWriter() {
        let thread = Thread { [self] in
            // Drain back to back while there is work; sleep a millisecond only when idle.
            while !isStopped {
                if drain() == 0 { usleep(1_000) }
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
