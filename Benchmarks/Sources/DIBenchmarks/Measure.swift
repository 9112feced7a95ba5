import Dispatch
import Foundation

/// Keeps a value alive so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
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

    /// Wall-clock nanoseconds per operation when `threads` threads each run `iterations` calls at once.
    static func perOperationConcurrently(threads: Int, iterations: Int, rounds: Int = 5, _ body: @escaping @Sendable () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<iterations { body() }
            }
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            best = min(best, Double(elapsed) / Double(iterations))
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
