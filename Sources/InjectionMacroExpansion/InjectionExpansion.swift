import SwiftSyntax
import SwiftSyntaxBuilder

/// Builds the expansion of a valid ``InjectionDeclaration``.
///
/// For `@Injected(Container.logger) public var logger: any Logger` it produces the accessor
/// `get { _logger.wrappedValue }` and the peers
/// `private let _logger = InjectedResolver(Container.logger)` and
/// `public var $logger: SyncFactory<any Logger> { _logger.projectedValue }`.
enum InjectionExpansion {
    static func accessors(for declaration: InjectionDeclaration) -> [AccessorDeclSyntax] {
        let storage = storageName(declaration)
        return [
            AccessorDeclSyntax(accessorSpecifier: .keyword(.get)) {
                ExprSyntax("\(storage).wrappedValue")
            }
        ]
    }

    /// For a misused property the compiler could still make computed: a getter that never runs (the build fails
    /// with the macro's diagnostic), so the only error is that diagnostic. Empty when a getter would not fit.
    static func placeholderAccessors(
        for declaration: some DeclSyntaxProtocol, style: InjectionStyle
    ) -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self),
              variable.bindingSpecifier.tokenKind == .keyword(.var),
              variable.bindings.count == 1, let binding = variable.bindings.first,
              binding.pattern.is(IdentifierPatternSyntax.self), binding.typeAnnotation != nil,
              binding.initializer == nil, binding.accessorBlock == nil else {
            return []
        }
        let message = StringLiteralExprSyntax(content: "invalid @\(style.macroName) property; see the macro's error")
        return [
            AccessorDeclSyntax(accessorSpecifier: .keyword(.get)) {
                ExprSyntax("fatalError(\(message))")
            }
        ]
    }

    static func peers(
        for declaration: InjectionDeclaration, style: InjectionStyle, kind: FactoryKind
    ) -> [DeclSyntax] {
        let storage = storageName(declaration)
        let projected = TokenSyntax.identifier("$" + declaration.name)
        let staticModifier = declaration.isStatic ? [DeclModifierSyntax(name: .keyword(.static))] : []

        let storageDecl = VariableDeclSyntax(
            modifiers: DeclModifierListSyntax([DeclModifierSyntax(name: .keyword(.private))] + staticModifier),
            bindingSpecifier: .keyword(.let)
        ) {
            PatternBindingSyntax(
                pattern: IdentifierPatternSyntax(identifier: storage),
                initializer: InitializerClauseSyntax(
                    value: ExprSyntax("\(raw: style.resolverTypeName)(\(declaration.factory))")
                )
            )
        }

        let access = declaration.projectedAccess.map { [DeclModifierSyntax(name: .keyword($0))] } ?? []
        let factoryType = TypeSyntax("\(raw: kind.factoryTypeName)<\(declaration.dependencyType)>")
        let projectedDecl = VariableDeclSyntax(
            modifiers: DeclModifierListSyntax(access + staticModifier),
            bindingSpecifier: .keyword(.var)
        ) {
            PatternBindingSyntax(
                pattern: IdentifierPatternSyntax(identifier: projected),
                typeAnnotation: TypeAnnotationSyntax(type: factoryType),
                accessorBlock: AccessorBlockSyntax(
                    accessors: .getter(CodeBlockItemListSyntax { ExprSyntax("\(storage).projectedValue") })
                )
            )
        }
        return [DeclSyntax(storageDecl), DeclSyntax(projectedDecl)]
    }

    private static func storageName(_ declaration: InjectionDeclaration) -> TokenSyntax {
        .identifier("_" + declaration.name)
    }
}
