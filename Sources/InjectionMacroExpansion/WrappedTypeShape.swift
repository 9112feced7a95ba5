import SwiftSyntax
import SwiftSyntaxBuilder

/// The outcome of matching a declared property type against a factory kind.
enum WrappedTypeCheck {
    /// The type fits; `dependency` is the factory's `T`, used for the projected value's type.
    case dependency(TypeSyntax)
    /// The type does not fit; `expected` is what it should be, for the Fix-It.
    case mismatch(expected: TypeSyntax)
}

/// Reads the shape of a declared type from its syntax tree: `Result<A, B>`, `Task<A, B>`, `Never`, `any Error`.
enum WrappedTypeShape {
    /// Matches `declared` against the wrapped type `kind` needs (see ``FactoryKind/expectedWrappedType``).
    static func check(_ declared: TypeSyntax, for kind: FactoryKind) -> WrappedTypeCheck {
        let declared = declared.trimmed
        switch kind {
        case .sync:
            return .dependency(optionalForImplicitlyUnwrapped(declared))
        case .syncThrowing:
            return check(declared, container: "Result", modules: ["Swift"], failure: .anyError)
        case .async:
            return check(declared, container: "Task", modules: ["Swift", "_Concurrency"], failure: .never)
        case .asyncThrowing:
            return check(declared, container: "Task", modules: ["Swift", "_Concurrency"], failure: .anyError)
        }
    }

    /// Whether the type mentions an opaque `some` type anywhere.
    static func containsOpaqueType(_ type: TypeSyntax) -> Bool {
        type.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.some) }
    }

    /// The type with every `some` replaced by `any`.
    static func replacingOpaqueWithExistential(_ type: TypeSyntax) -> TypeSyntax {
        OpaqueToExistentialRewriter().rewrite(type).cast(TypeSyntax.self)
    }

    private enum Failure {
        case never
        case anyError

        var syntax: TypeSyntax {
            switch self {
            case .never: TypeSyntax(IdentifierTypeSyntax(name: .identifier("Never")))
            case .anyError: TypeSyntax("any Error")
            }
        }

        func matches(_ type: TypeSyntax) -> Bool {
            switch self {
            case .never: isStandardType(type, named: "Never", modules: ["Swift"])
            case .anyError: isAnyError(type)
            }
        }
    }

    private static func check(
        _ declared: TypeSyntax, container: String, modules: Set<String>, failure: Failure
    ) -> WrappedTypeCheck {
        if let clause = genericClause(of: declared, named: container, modules: modules),
           let arguments = twoTypeArguments(clause) {
            if failure.matches(arguments.failure) {
                return .dependency(arguments.success.trimmed)
            }
            return .mismatch(expected: replacingSecondArgument(of: declared, with: failure.syntax))
        }
        let success = optionalForImplicitlyUnwrapped(dependencyCandidate(of: declared))
        return .mismatch(expected: TypeSyntax("\(raw: container)<\(success), \(failure.syntax)>"))
    }

    /// The likely `T` of a wrongly wrapped type: `A` of `Result<A, _>` or `Task<A, _>`, otherwise the type itself.
    private static func dependencyCandidate(of type: TypeSyntax) -> TypeSyntax {
        for (name, modules) in [("Result", ["Swift"]), ("Task", ["Swift", "_Concurrency"])] {
            if let clause = genericClause(of: type, named: name, modules: Set(modules)),
               let arguments = twoTypeArguments(clause) {
                return arguments.success.trimmed
            }
        }
        return type
    }

    /// `T!` is not a valid generic argument; the dependency type of `var x: T!` is `T?`.
    private static func optionalForImplicitlyUnwrapped(_ type: TypeSyntax) -> TypeSyntax {
        guard let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) else { return type }
        return TypeSyntax(OptionalTypeSyntax(wrappedType: iuo.wrappedType.trimmed))
    }

    /// `(T)` is `T`.
    private static func unparenthesized(_ type: TypeSyntax) -> TypeSyntax {
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.firstName == nil, only.secondName == nil, only.ellipsis == nil, only.inoutKeyword == nil {
            return unparenthesized(only.type)
        }
        return type
    }

    /// The generic argument clause of `Name<…>` or `Module.Name<…>`, when `type` is that nominal type.
    private static func genericClause(
        of type: TypeSyntax, named name: String, modules: Set<String>
    ) -> GenericArgumentClauseSyntax? {
        let type = unparenthesized(type)
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.identifier?.name == name {
            return identifier.genericArgumentClause
        }
        if let member = type.as(MemberTypeSyntax.self), member.name.identifier?.name == name,
           let base = member.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil,
           let module = base.name.identifier?.name, modules.contains(module) {
            return member.genericArgumentClause
        }
        return nil
    }

    /// Whether `type` is the non-generic `Name` or `Module.Name`.
    private static func isStandardType(_ type: TypeSyntax, named name: String, modules: Set<String>) -> Bool {
        let type = unparenthesized(type)
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.identifier?.name == name && identifier.genericArgumentClause == nil
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
           member.name.identifier?.name == name,
           let base = member.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil,
           let module = base.name.identifier?.name {
            return modules.contains(module)
        }
        return false
    }

    /// `any Error`, `Error`, `Swift.Error`, `any Swift.Error`, possibly parenthesised.
    private static func isAnyError(_ type: TypeSyntax) -> Bool {
        let type = unparenthesized(type)
        if let existential = type.as(SomeOrAnyTypeSyntax.self) {
            return existential.someOrAnySpecifier.tokenKind == .keyword(.any)
                && isStandardType(existential.constraint, named: "Error", modules: ["Swift"])
        }
        return isStandardType(type, named: "Error", modules: ["Swift"])
    }

    private static func twoTypeArguments(
        _ clause: GenericArgumentClauseSyntax
    ) -> (success: TypeSyntax, failure: TypeSyntax)? {
        guard clause.arguments.count == 2, let first = clause.arguments.first, let last = clause.arguments.last,
              case .type(let success) = first.argument, case .type(let failure) = last.argument else {
            return nil
        }
        return (success, failure)
    }

    /// `Name<A, B>` with `B` replaced, keeping the rest of the written type (and its trivia) as is.
    private static func replacingSecondArgument(of type: TypeSyntax, with replacement: TypeSyntax) -> TypeSyntax {
        func rewrite(_ clause: GenericArgumentClauseSyntax) -> GenericArgumentClauseSyntax {
            guard clause.arguments.count == 2, let first = clause.arguments.first, let second = clause.arguments.last
            else {
                return clause
            }
            let newSecond = second.with(
                \.argument,
                .type(
                    replacement
                        .with(\.leadingTrivia, second.argument.leadingTrivia)
                        .with(\.trailingTrivia, second.argument.trailingTrivia)
                )
            )
            return clause.with(\.arguments, GenericArgumentListSyntax([first, newSecond]))
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            let inner = replacingSecondArgument(of: only.type, with: replacement)
            return TypeSyntax(tuple.with(\.elements, TupleTypeElementListSyntax([only.with(\.type, inner)])))
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), let clause = identifier.genericArgumentClause {
            return TypeSyntax(identifier.with(\.genericArgumentClause, rewrite(clause)))
        }
        if let member = type.as(MemberTypeSyntax.self), let clause = member.genericArgumentClause {
            return TypeSyntax(member.with(\.genericArgumentClause, rewrite(clause)))
        }
        return type
    }
}

/// Rewrites `some P` to `any P`, for the `opaqueType` Fix-It.
private final class OpaqueToExistentialRewriter: SyntaxRewriter {
    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        token.tokenKind == .keyword(.some) ? token.with(\.tokenKind, .keyword(.any)) : token
    }
}
