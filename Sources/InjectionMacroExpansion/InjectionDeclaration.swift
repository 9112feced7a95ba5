import SwiftDiagnostics
import SwiftSyntax

/// A property an injection macro can expand, read from its syntax tree.
struct InjectionDeclaration {
    /// The property's name without backticks (`default` for `` `default` ``).
    var name: String
    /// The factory expression, the attribute's only argument.
    var factory: ExprSyntax
    /// The factory's `T`: the declared type, or its `Result`/`Task` success type.
    var dependencyType: TypeSyntax
    /// The access modifier the projected value `$name` gets (`open` becomes `public`); `nil` for the default.
    var projectedAccess: Keyword?
    /// Whether the property is `static` or `class`: the peers are then `static` too.
    var isStatic: Bool
}

extension InjectionDeclaration {
    /// Reads `declaration` for `style` with a factory of `kind`, or explains every misuse it finds.
    ///
    /// All problems are reported at once, so one build shows everything to fix.
    static func parse(
        attribute: AttributeSyntax,
        declaration: some DeclSyntaxProtocol,
        style: InjectionStyle,
        kind: FactoryKind,
        lexicalContext: [Syntax]
    ) -> Result<InjectionDeclaration, Diagnostics> {
        var diagnostics: [Diagnostic] = []

        guard let variable = declaration.as(VariableDeclSyntax.self) else {
            let diagnostic = Diagnostic(node: attribute, message: InjectionDiagnostic.notAProperty(style))
            return .failure(Diagnostics([diagnostic]))
        }

        let factory = factoryArgument(of: attribute)
        if factory == nil {
            diagnostics.append(Diagnostic(node: attribute, message: InjectionDiagnostic.invalidFactoryArgument(style)))
        }

        if variable.bindingSpecifier.tokenKind != .keyword(.var) {
            diagnostics.append(
                Diagnostic(
                    node: variable.bindingSpecifier,
                    message: InjectionDiagnostic.letProperty(style),
                    fixIt: .replace(
                        message: InjectionFixIt.useVar,
                        oldNode: variable.bindingSpecifier,
                        newNode: variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))
                    )
                )
            )
        }

        let isStatic = variable.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        if let problem = containerProblem(
            of: variable, isStatic: isStatic, style: style, lexicalContext: lexicalContext
        ) {
            diagnostics.append(problem)
        }

        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifier?.name else {
            let node = variable.bindings.dropFirst().first.map(Syntax.init) ?? Syntax(variable.bindings)
            diagnostics.append(Diagnostic(node: node, message: InjectionDiagnostic.multipleBindings(style)))
            return .failure(Diagnostics(diagnostics))
        }

        if let accessors = binding.accessorBlock {
            diagnostics.append(
                Diagnostic(
                    node: accessors,
                    message: InjectionDiagnostic.computedProperty(style),
                    fixIt: removing(
                        accessors,
                        after: binding.initializer.map(Syntax.init) ?? binding.typeAnnotation.map(Syntax.init)
                            ?? Syntax(binding.pattern),
                        message: .removeAccessors
                    )
                )
            )
        }
        if let initializer = binding.initializer {
            diagnostics.append(
                Diagnostic(
                    node: initializer,
                    message: InjectionDiagnostic.initialValue(style),
                    fixIt: removing(
                        initializer,
                        after: binding.typeAnnotation.map(Syntax.init) ?? Syntax(binding.pattern),
                        message: .removeInitialValue
                    )
                )
            )
        }

        var dependencyType: TypeSyntax?
        if let declared = binding.typeAnnotation?.type {
            if WrappedTypeShape.containsOpaqueType(declared) {
                diagnostics.append(
                    Diagnostic(
                        node: declared,
                        message: InjectionDiagnostic.opaqueType(style),
                        fixIt: replacing(
                            declared,
                            with: WrappedTypeShape.replacingOpaqueWithExistential(declared),
                            message: .useAny
                        )
                    )
                )
            } else {
                switch WrappedTypeShape.check(declared, for: kind) {
                case .dependency(let type):
                    dependencyType = type
                case .mismatch(let expected):
                    diagnostics.append(
                        Diagnostic(
                            node: declared,
                            message: InjectionDiagnostic.wrappedTypeMismatch(
                                style, kind, declared: declared.trimmedDescription
                            ),
                            fixIt: replacing(
                                declared, with: expected, message: .useExpectedType(expected.trimmedDescription)
                            )
                        )
                    )
                }
            }
        } else {
            diagnostics.append(
                Diagnostic(node: binding.pattern, message: InjectionDiagnostic.missingTypeAnnotation(style, kind))
            )
        }

        guard diagnostics.isEmpty, let factory, let dependencyType else {
            return .failure(Diagnostics(diagnostics))
        }
        return .success(
            InjectionDeclaration(
                name: name,
                factory: factory,
                dependencyType: dependencyType,
                projectedAccess: accessLevel(of: variable),
                isStatic: isStatic
            )
        )
    }

    /// The single unlabeled argument of `@Macro(factory)`.
    private static func factoryArgument(of attribute: AttributeSyntax) -> ExprSyntax? {
        guard case .argumentList(let arguments) = attribute.arguments, arguments.count == 1,
              let only = arguments.first, only.label == nil else {
            return nil
        }
        return only.expression.trimmed
    }

    /// The property's own access level (ignoring `private(set)` and the like); `open` becomes `public`.
    private static func accessLevel(of variable: VariableDeclSyntax) -> Keyword? {
        for modifier in variable.modifiers where modifier.detail == nil {
            guard case .keyword(let keyword) = modifier.name.tokenKind else { continue }
            switch keyword {
            case .open: return .public
            case .public, .package, .internal, .fileprivate, .private: return keyword
            default: continue
            }
        }
        return nil
    }

    /// Instance storage is impossible in extensions, enums and protocols; static storage in generic types.
    private static func containerProblem(
        of variable: VariableDeclSyntax, isStatic: Bool, style: InjectionStyle, lexicalContext: [Syntax]
    ) -> Diagnostic? {
        guard let container = lexicalContext.first else { return nil }
        if isStatic {
            let generic = container.as(StructDeclSyntax.self)?.genericParameterClause
                ?? container.as(ClassDeclSyntax.self)?.genericParameterClause
                ?? container.as(EnumDeclSyntax.self)?.genericParameterClause
                ?? container.as(ActorDeclSyntax.self)?.genericParameterClause
            guard generic != nil else { return nil }
            return Diagnostic(node: variable.bindingSpecifier, message: InjectionDiagnostic.staticInGenericType(style))
        }
        let description: String
        if container.is(ExtensionDeclSyntax.self) {
            description = "an extension"
        } else if container.is(EnumDeclSyntax.self) {
            description = "an enum"
        } else if container.is(ProtocolDeclSyntax.self) {
            return Diagnostic(
                node: variable.bindingSpecifier,
                message: InjectionDiagnostic.storedPropertyNotAllowed(style, container: "a protocol")
            )
        } else {
            return nil
        }
        let staticModifier = DeclModifierSyntax(name: .keyword(.static), trailingTrivia: .space)
        return Diagnostic(
            node: variable.bindingSpecifier,
            message: InjectionDiagnostic.storedPropertyNotAllowed(style, container: description),
            fixIt: .replace(
                message: InjectionFixIt.makeStatic,
                oldNode: variable.modifiers,
                newNode: variable.modifiers + [staticModifier]
            )
        )
    }

    /// A Fix-It deleting `node` and the trivia between it and `previous`.
    ///
    /// Only `node` and the trivia after `previous` change, so the Fix-Its of one declaration rarely overlap.
    private static func removing(
        _ node: some SyntaxProtocol, after previous: Syntax, message: InjectionFixIt
    ) -> FixIt {
        // An empty list prints as nothing: the replacement deletes `node`.
        let nothing = Syntax(CodeBlockItemListSyntax([]))
        var changes: [FixIt.Change] = [.replace(oldNode: Syntax(node), newNode: nothing)]
        if let lastToken = previous.lastToken(viewMode: .sourceAccurate) {
            changes.insert(.replaceTrailingTrivia(token: lastToken, newTrivia: node.trailingTrivia), at: 0)
        }
        return FixIt(message: message, changes: changes)
    }

    /// A Fix-It replacing `node` with `replacement`, keeping the node's surrounding trivia.
    private static func replacing(
        _ node: some SyntaxProtocol, with replacement: TypeSyntax, message: InjectionFixIt
    ) -> FixIt {
        .replace(
            message: message,
            oldNode: node,
            newNode: replacement.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
        )
    }
}

/// The diagnostics found while reading a declaration; an `Error` so it can be a `Result`'s failure.
struct Diagnostics: Error {
    var all: [Diagnostic]

    init(_ all: [Diagnostic]) {
        self.all = all
    }
}
