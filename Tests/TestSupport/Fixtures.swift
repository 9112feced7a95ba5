import DependencyInjection

/// A protocol with several implementations, to see which one a resolution produced.
public protocol Greeter: Sendable {
    var greeting: String { get }
}

/// A `Greeter` that says what it was made with.
public final class NamedGreeter: Greeter, Sendable {
    public let greeting: String
    public init(_ greeting: String) { self.greeting = greeting }
}

/// A class instance whose identity tests compare.
public final class Service: Sendable {
    public let label: String
    public init(_ label: String = "service") { self.label = label }
}

/// An error for throwing resolvers.
public struct FixtureError: Error, Equatable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}
