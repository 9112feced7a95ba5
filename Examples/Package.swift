// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    .lowercased()

let runtime: Target.Dependency = .product(name: "DependencyInjection", package: root)
let testing: Target.Dependency = .product(name: "DependencyInjectionTesting", package: root)

// Both example sets in one package, so swift-syntax (for the injection macros) is built once.
//
// - ModularApp: five feature modules, each owning its protocols, implementations, factories and test
//   defaults, composed by the `ModularApp` executable. `make demo` runs it with recording on.
// - SeedPatterns: three common hand-rolled DI patterns rewritten with DependencyInjection
//   (see docs/patterns/coming-from-*.md).
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .macCatalyst(.v18)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // MARK: ModularApp — dependencies point down: ChatUI/InsightsUI → LLMEngine → CalendarStore → CalendarService.
        .target(name: "CalendarService", dependencies: [runtime], path: "ModularApp/Sources/CalendarService"),
        .target(
            name: "CalendarStore",
            dependencies: [runtime, "CalendarService"],
            path: "ModularApp/Sources/CalendarStore"
        ),
        .target(
            name: "LLMEngine",
            dependencies: [runtime, "CalendarService", "CalendarStore"],
            path: "ModularApp/Sources/LLMEngine"
        ),
        .target(
            name: "ChatUI",
            dependencies: [runtime, "LLMEngine"],
            path: "ModularApp/Sources/ChatUI"
        ),
        .target(
            name: "InsightsUI",
            dependencies: [runtime, "CalendarService", "CalendarStore", "LLMEngine"],
            path: "ModularApp/Sources/InsightsUI"
        ),
        .executableTarget(
            name: "ModularApp",
            dependencies: [runtime, "CalendarService", "CalendarStore", "LLMEngine", "ChatUI", "InsightsUI"],
            path: "ModularApp/Sources/ModularApp"
        ),
        .testTarget(
            name: "ModularAppTests",
            dependencies: [runtime, testing, "CalendarService", "CalendarStore", "LLMEngine", "ChatUI", "InsightsUI"],
            path: "ModularApp/Tests/ModularAppTests"
        ),

        // MARK: SeedPatterns
        .target(name: "SpecRegistryPattern", dependencies: [runtime], path: "SeedPatterns/Sources/SpecRegistryPattern"),
        .target(
            name: "ServiceContainerPattern",
            dependencies: [runtime],
            path: "SeedPatterns/Sources/ServiceContainerPattern"
        ),
        .target(name: "InjectionKeyPattern", dependencies: [runtime], path: "SeedPatterns/Sources/InjectionKeyPattern"),
        .testTarget(
            name: "SeedPatternsTests",
            dependencies: [runtime, testing, "SpecRegistryPattern", "ServiceContainerPattern", "InjectionKeyPattern"],
            path: "SeedPatterns/Tests/SeedPatternsTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The same strictness as the library's own targets.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
