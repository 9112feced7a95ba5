/// One entry of a factory's registration stack in one container.
@usableFromInline
final class RegistrationEntry<Resolver>: @unchecked Sendable {
    // @unchecked: immutable after init; the resolver is the user's closure, called as the seed API promises
    // (sync resolvers are not required to be @Sendable, exactly as in the API this library keeps).

    @usableFromInline
    enum Body {
        case resolver(Resolver)
        case useProduction
    }

    @usableFromInline
    let body: Body
    let fileID: StaticString
    let line: UInt

    init(body: Body, fileID: StaticString, line: UInt) {
        self.body = body
        self.fileID = fileID
        self.line = line
    }
}

/// What changed a registration stack; mirrors the trace format's `action`.
enum RegistrationAction: String, Sendable, CaseIterable {
    case push
    case pop
    case useProduction
    case testDefault
}
