public import SwiftSyntax
public import SwiftSyntaxMacros

/// The shared implementation of the twelve injection macro types: one per macro and factory kind.
///
/// Each macro is declared four times in the runtime, once per factory type, so the type checker picks the
/// overload (and with it the implementation type) from the factory argument; ``kind`` is then known here.
public protocol InjectionMacro: AccessorMacro, PeerMacro {
    /// Which macro this is.
    static var style: InjectionStyle { get }
    /// Which factory type the overload takes.
    static var kind: FactoryKind { get }
}

extension InjectionMacro {
    /// The getter: `get { _name.wrappedValue }`. On misuse the peer role reports the problem; this role then
    /// adds an unreachable getter where that keeps the compiler from piling its own errors on top.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        switch parse(node, declaration, context) {
        case .success(let parsed): InjectionExpansion.accessors(for: parsed)
        case .failure: InjectionExpansion.placeholderAccessors(for: declaration, style: style)
        }
    }

    /// The storage `_name` and the projected value `$name`; reports misuse (once, from this role).
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        switch parse(node, declaration, context) {
        case .success(let parsed):
            return InjectionExpansion.peers(for: parsed, style: style, kind: kind)
        case .failure(let diagnostics):
            diagnostics.all.forEach(context.diagnose)
            return []
        }
    }

    private static func parse(
        _ node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol, _ context: some MacroExpansionContext
    ) -> Result<InjectionDeclaration, Diagnostics> {
        InjectionDeclaration.parse(
            attribute: node, declaration: declaration, style: style, kind: kind, lexicalContext: context.lexicalContext
        )
    }
}

/// `@Injected` with a `SyncFactory<T>`: the property is `T`.
public enum InjectedSyncMacro: InjectionMacro {
    public static var style: InjectionStyle { .injected }
    public static var kind: FactoryKind { .sync }
}

/// `@Injected` with a `SyncThrowingFactory<T>`: the property is `Result<T, any Error>`.
public enum InjectedSyncThrowingMacro: InjectionMacro {
    public static var style: InjectionStyle { .injected }
    public static var kind: FactoryKind { .syncThrowing }
}

/// `@Injected` with an `AsyncFactory<T>`: the property is `Task<T, Never>`.
public enum InjectedAsyncMacro: InjectionMacro {
    public static var style: InjectionStyle { .injected }
    public static var kind: FactoryKind { .async }
}

/// `@Injected` with an `AsyncThrowingFactory<T>`: the property is `Task<T, any Error>`.
public enum InjectedAsyncThrowingMacro: InjectionMacro {
    public static var style: InjectionStyle { .injected }
    public static var kind: FactoryKind { .asyncThrowing }
}

/// `@LazyInjected` with a `SyncFactory<T>`: the property is `T`.
public enum LazyInjectedSyncMacro: InjectionMacro {
    public static var style: InjectionStyle { .lazyInjected }
    public static var kind: FactoryKind { .sync }
}

/// `@LazyInjected` with a `SyncThrowingFactory<T>`: the property is `Result<T, any Error>`.
public enum LazyInjectedSyncThrowingMacro: InjectionMacro {
    public static var style: InjectionStyle { .lazyInjected }
    public static var kind: FactoryKind { .syncThrowing }
}

/// `@LazyInjected` with an `AsyncFactory<T>`: the property is `Task<T, Never>`.
public enum LazyInjectedAsyncMacro: InjectionMacro {
    public static var style: InjectionStyle { .lazyInjected }
    public static var kind: FactoryKind { .async }
}

/// `@LazyInjected` with an `AsyncThrowingFactory<T>`: the property is `Task<T, any Error>`.
public enum LazyInjectedAsyncThrowingMacro: InjectionMacro {
    public static var style: InjectionStyle { .lazyInjected }
    public static var kind: FactoryKind { .asyncThrowing }
}

/// `@ConstructorInjected` with a `SyncFactory<T>`: the property is `T`.
public enum ConstructorInjectedSyncMacro: InjectionMacro {
    public static var style: InjectionStyle { .constructorInjected }
    public static var kind: FactoryKind { .sync }
}

/// `@ConstructorInjected` with a `SyncThrowingFactory<T>`: the property is `Result<T, any Error>`.
public enum ConstructorInjectedSyncThrowingMacro: InjectionMacro {
    public static var style: InjectionStyle { .constructorInjected }
    public static var kind: FactoryKind { .syncThrowing }
}

/// `@ConstructorInjected` with an `AsyncFactory<T>`: the property is `Task<T, Never>`.
public enum ConstructorInjectedAsyncMacro: InjectionMacro {
    public static var style: InjectionStyle { .constructorInjected }
    public static var kind: FactoryKind { .async }
}

/// `@ConstructorInjected` with an `AsyncThrowingFactory<T>`: the property is `Task<T, any Error>`.
public enum ConstructorInjectedAsyncThrowingMacro: InjectionMacro {
    public static var style: InjectionStyle { .constructorInjected }
    public static var kind: FactoryKind { .asyncThrowing }
}

/// A macro type in the compiler plugin that expands exactly as `Implementation` does.
///
/// The compiler finds a macro implementation by its module-qualified name (`#externalMacro(module:type:)`), so the
/// plugin module declares one such type per macro; all logic stays here.
public protocol InjectionMacroForwarder: InjectionMacro {
    /// The library type whose ``InjectionMacro/style`` and ``InjectionMacro/kind`` this one uses.
    associatedtype Implementation: InjectionMacro
}

extension InjectionMacroForwarder {
    public static var style: InjectionStyle { Implementation.style }
    public static var kind: FactoryKind { Implementation.kind }
}
