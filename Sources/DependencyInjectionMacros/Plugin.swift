import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct DependencyInjectionMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = []
}
