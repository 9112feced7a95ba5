internal import Synchronization

/// What a trace says about a container; kept apart from the container so traces never keep one alive.
final class ContainerInfo: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case `default`
        case nested
        case test
    }

    private static let nextID = Atomic<UInt64>(2)

    let id: UInt64
    let kind: Kind
    let parentID: UInt64?
    let fileID: String
    let line: UInt
    let function: String
    let testName: String?
    let createdAt: UInt64

    init(kind: Kind, parentID: UInt64?, fileID: String, line: UInt, function: String, testName: String?) {
        self.id = kind == .default ? 1 : Self.nextID.add(1, ordering: .relaxed).oldValue
        self.kind = kind
        self.parentID = parentID
        self.fileID = fileID
        self.line = line
        self.function = function
        self.testName = testName
        self.createdAt = MonotonicClock.now()
    }

    /// `AppTests/OrderTests.swift:10 in placesOrder()`.
    var site: String { "\(fileID):\(line) in \(function)" }
}
