// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// Resolution speed of DependencyInjection beside its peers, in one process, plus the cost of recording
// and of di-inspect's reading and rendering. Build in release: `make bench`.
let package = Package(
    name: "DIBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", exact: "1.17.1"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
    ],
    targets: [
        .executableTarget(
            name: "DIBenchmarks",
            dependencies: [
                .product(name: "DependencyInjection", package: root),
                .product(name: "InspectorKit", package: root),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "CRuntimeReferenceCount",
            ]
        ),
        // The runtime's retain and release, called where the optimiser cannot remove them (a baseline).
        .target(name: "CRuntimeReferenceCount"),
    ],
    swiftLanguageModes: [.v6]
)
