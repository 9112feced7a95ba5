/// A weak reference to a `.shared` instance; published once and never mutated, so reads need no lock.
@usableFromInline
final class WeakBox: Sendable {
    // `weak let` is not available; the reference is written only in `init`.
    @usableFromInline nonisolated(unsafe) weak var object: AnyObject?

    @usableFromInline init(_ object: AnyObject) { self.object = object }
}

/// Whether a value can be held weakly, that is, whether it is a class instance.
@inlinable
func isReferenceValue(_ value: some Any) -> Bool {
    type(of: value as Any) is AnyObject.Type
}
