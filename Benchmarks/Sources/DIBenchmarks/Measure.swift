import CRuntimeReferenceCount
import Dispatch
import Foundation
import Synchronization

/// Hands a value's address to C, so the optimiser cannot delete the work that produced it. (Only extending
/// its lifetime let the optimiser see through the hand-written closure and drop its allocation.)
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { bench_consume($0) }
}

/// One measured case.
struct Measurement: Codable {
    let library: String
    let scenario: String
    let nanosecondsPerOperation: Double
}

enum Measure {
    /// Nanoseconds per call of `body`, the best of `rounds` rounds of `iterations` calls.
    static func perOperation(iterations: Int, rounds: Int = 7, _ body: () -> Void) -> Double {
        for _ in 0..<(iterations / 10) { body() } // warm-up
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { body() }
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            best = min(best, Double(elapsed) / Double(iterations))
        }
        return best
    }

    /// Nanoseconds per call of `body` in one round of `iterations` calls (inlined, so that `body` is called
    /// directly in the loop; for `sideBySide`).
    @inline(__always)
    static func round(iterations: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    }

    /// Each case's nanoseconds per call, measured side by side: every round runs each case's `round` once, in
    /// turn, and a case's figure is the best of its `rounds` rounds (after one round each to warm up).
    ///
    /// Used to compare a library with its hand-written baseline. On this VM a process switches now and then,
    /// for seconds at a time, into a state in which creating and freeing a Swift object costs about 20 ns more
    /// (the hand-written closure as much as a resolution; a cached resolution and `malloc`/`free` alone not at
    /// all). Two cases measured one after the other can land in different states; round for round, they share
    /// them.
    static func sideBySide(rounds: Int = 7, _ cases: [() -> Double]) -> [Double] {
        for measureRound in cases { _ = measureRound() } // warm-up
        var best = [Double](repeating: .infinity, count: cases.count)
        for _ in 0..<rounds {
            for (index, measureRound) in cases.enumerated() { best[index] = min(best[index], measureRound()) }
        }
        return best
    }

    /// Nanoseconds per operation on each of `threads` threads running `iterations` calls at the same time
    /// (the slowest thread's time divided by `iterations`), the best of `rounds` rounds.
    ///
    /// Each thread is a thread of its own, released by a spin barrier; a round only counts when the threads
    /// really ran at the same time: their timed loops overlap by at least `minimumOverlap` of the longest one.
    /// `DispatchQueue.concurrentPerform` is not used: on Linux it often ran both iterations one after the other
    /// on one thread, which measured one thread twice and reported it as two. `eachRound` wraps every round
    /// (a recording case starts a fresh trace file per round with it).
    static func perOperationConcurrently(
        threads: Int,
        iterations: Int,
        rounds: Int = 5,
        minimumOverlap: Double = 0.9,
        eachRound: (_ round: () -> Void) -> Void = { $0() },
        around: @escaping @Sendable (_ loop: () -> Void) -> Void = { $0() },
        _ body: @escaping @Sendable () -> Void
    ) -> Double {
        var best = Double.infinity
        var bestUncounted = Double.infinity
        var counted = 0
        var attempts = 0
        while counted < rounds {
            attempts += 1
            if attempts > rounds * 10 {
                FileHandle.standardError.write(Data("warning: in \(rounds * 10) rounds the \(threads) threads never overlapped by \(Int(minimumOverlap * 100))%; reporting the best round anyway\n".utf8))
                return best.isFinite ? best : bestUncounted
            }
            var spans: [(start: UInt64, end: UInt64)] = []
            eachRound {
                spans = ConcurrentRun.run(threads: threads) { ready in
                    var span = (start: UInt64(0), end: UInt64(0))
                    around {
                        ready()
                        span.start = DispatchTime.now().uptimeNanoseconds
                        for _ in 0..<iterations { body() }
                        span.end = DispatchTime.now().uptimeNanoseconds
                    }
                    return span
                }
            }
            let overlap = Double(Int64(spans.map(\.end).min()!) - Int64(spans.map(\.start).max()!))
            let longest = Double(spans.map { $0.end - $0.start }.max()!)
            guard overlap >= minimumOverlap * longest else {
                bestUncounted = min(bestUncounted, longest / Double(iterations))
                continue
            }
            counted += 1
            best = min(best, longest / Double(iterations))
        }
        return best
    }

    /// Seconds one run of `body` takes, the best of `rounds`.
    static func seconds(rounds: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }
}

/// Runs one closure on each of several threads at once and collects what each returns.
enum ConcurrentRun {
    /// Starts `threads` threads; each calls `ready()` when set up, and all of them go on only once every
    /// thread is ready (a spin barrier), so their measured loops start together.
    static func run<R: Sendable>(threads: Int, _ body: @escaping @Sendable (_ ready: () -> Void) -> R) -> [R] {
        let results = Mutex<[Int: R]>([:])
        let done = DispatchSemaphore(value: 0)
        let barrier = Barrier(parties: threads)
        for index in 0..<threads {
            let thread = Thread {
                let result = body { barrier.arriveAndWait() }
                results.withLock { $0[index] = result }
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<threads { done.wait() }
        return results.withLock { dict in (0..<threads).map { dict[$0]! } }
    }
}

/// A one-shot spin barrier for the benchmark threads.
final class Barrier: Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() {
        arrived.add(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < parties {}
    }
}
