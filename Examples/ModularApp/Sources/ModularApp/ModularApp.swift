internal import Foundation

/// The example app: compose, then run the scripted session.
///
/// Run it with recording on and inspect the graph:
///
/// ```
/// DI_INSPECT_TRACE=app.ditrace .build/debug/ModularApp
/// di-inspect graph app.ditrace -o graph.svg
/// ```
@main
struct ModularApp {
    static func main() async {
        CompositionRoot.registerProductionOverrides()
        do {
            try await DemoSession().run { print($0) }
        } catch {
            FileHandle.standardError.write(Data("ModularApp: \(error)\n".utf8))
            exit(1)
        }
    }
}
