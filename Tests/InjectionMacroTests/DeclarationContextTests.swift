public import DependencyInjection
import Testing

// Declarations the real compiler plugin must expand into valid code: every access level, `open` classes,
// `class var`, structs, actors, main-actor classes, generic types and globals. A public `$name` has a factory type
// in its signature, hence the `public import`.

public final class PublicOwner {
    @Injected(Container.number) public var a: Result<Int, any Error>
    @LazyInjected(Container.number) package var b: Result<Int, any Error>
    @ConstructorInjected(Container.number) internal var c: Result<Int, any Error>
    @Injected(Container.number) fileprivate var d: Result<Int, any Error>
    @LazyInjected(Container.number) private var e: Result<Int, any Error>
    @ConstructorInjected(Container.number) public static var f: Result<Int, any Error>

    public init() {}

    func privateProjections() -> [SyncThrowingFactory<Int>] { [$d, $e] }
}

open class OpenOwner {
    @Injected(Container.greeter) var greeter: any Greeter
    @LazyInjected(Container.asyncNumber) open var number: Task<Int, Never>
    @Injected(Container.greeter) class var shared: any Greeter

    public init() {}
}

private struct GenericOwner<Element> {
    @Injected(Container.greeter) var greeter: any Greeter
    @LazyInjected(Container.greeter) var lazyGreeter: any Greeter
    var element: Element
}

private actor ActorOwner {
    @ConstructorInjected(Container.greeter) var greeter: any Greeter
    @Injected(Container.asyncThrowingNumber) var number: Task<Int, any Error>
}

@MainActor
private final class MainActorOwner {
    @LazyInjected(Container.greeter) var greeter: any Greeter
}

@Injected(Container.greeter) private var globalGreeter: any Greeter

@Suite("Injection macros in every declaration context")
struct DeclarationContextTests {
    @Test("expanded properties work in structs, actors, main-actor classes, open classes and globals")
    func contexts() async throws {
        try await withTestContainer { () async throws in
            let counters = CountingOverrides.register()
            #expect(GenericOwner(element: "x").greeter.id == 1)
            #expect(GenericOwner(element: 1).lazyGreeter.id == 2)
            #expect(await ActorOwner().greeter.id == 3)
            #expect(try await ActorOwner().number.value == 1)
            #expect(await MainActorOwner().greeter.id == 5)
            #expect(globalGreeter.id == 6)
            #expect($globalGreeter == Container.greeter)
            #expect(OpenOwner.shared.id == 7)
            let openOwner = OpenOwner()
            #expect(openOwner.$number == Container.asyncNumber)
            #expect(counters.sync.value == 7)

            let owner = PublicOwner()
            #expect(try owner.a.get() == 2)
            #expect(owner.privateProjections().allSatisfy { $0 == Container.number })
            #expect(PublicOwner.$f == Container.number)
            #expect(await openOwner.number.value == 1)
        }
    }
}
