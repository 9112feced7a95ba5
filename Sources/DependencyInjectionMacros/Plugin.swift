// A thin forwarder: the compiler looks macro types up by their name in this module (`#externalMacro(module:
// "DependencyInjectionMacros", type: …)`), so each is declared here; all expansion logic lives in
// InjectionMacroExpansion, which the tests import.
import InjectionMacroExpansion
import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct DependencyInjectionMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        InjectedSyncMacro.self,
        InjectedSyncThrowingMacro.self,
        InjectedAsyncMacro.self,
        InjectedAsyncThrowingMacro.self,
        LazyInjectedSyncMacro.self,
        LazyInjectedSyncThrowingMacro.self,
        LazyInjectedAsyncMacro.self,
        LazyInjectedAsyncThrowingMacro.self,
        ConstructorInjectedSyncMacro.self,
        ConstructorInjectedSyncThrowingMacro.self,
        ConstructorInjectedAsyncMacro.self,
        ConstructorInjectedAsyncThrowingMacro.self,
    ]
}

enum InjectedSyncMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.InjectedSyncMacro
}

enum InjectedSyncThrowingMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.InjectedSyncThrowingMacro
}

enum InjectedAsyncMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.InjectedAsyncMacro
}

enum InjectedAsyncThrowingMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.InjectedAsyncThrowingMacro
}

enum LazyInjectedSyncMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.LazyInjectedSyncMacro
}

enum LazyInjectedSyncThrowingMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.LazyInjectedSyncThrowingMacro
}

enum LazyInjectedAsyncMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.LazyInjectedAsyncMacro
}

enum LazyInjectedAsyncThrowingMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.LazyInjectedAsyncThrowingMacro
}

enum ConstructorInjectedSyncMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.ConstructorInjectedSyncMacro
}

enum ConstructorInjectedSyncThrowingMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.ConstructorInjectedSyncThrowingMacro
}

enum ConstructorInjectedAsyncMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.ConstructorInjectedAsyncMacro
}

enum ConstructorInjectedAsyncThrowingMacro: InjectionMacroForwarder {
    typealias Implementation = InjectionMacroExpansion.ConstructorInjectedAsyncThrowingMacro
}
