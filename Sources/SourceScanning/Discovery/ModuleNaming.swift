internal import Foundation

/// Names the module a source file belongs to, as SwiftPM does, so `#fileID`s match the runtime's.
///
/// In order: the nearest `Package.swift` above the file, when it gives a target an explicit `path:`
/// containing the file; otherwise the folder under that package's `Sources/`, `Tests/` or `Plugins/`;
/// without a package, the folder under the nearest `Sources/` or `Tests/` above the file; failing all,
/// the file's own folder. Names are made valid identifiers as SwiftPM does (`my-lib` is `my_lib`).
struct ModuleNaming {
    private var manifests: [String: (root: String, manifest: PackageManifest)?] = [:]

    /// The module name for the file at `path`.
    mutating func module(for path: String) -> String {
        let absolute = Self.absolute(path)
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty else { return "main" }
        components.removeLast()
        if let package = package(containing: components) {
            let relative = Array(components.dropFirst(package.root.split(separator: "/").count))
            let relativePath = relative.joined(separator: "/")
            for target in package.manifest.targets
            where relativePath == target.path || relativePath.hasPrefix(target.path + "/") {
                return Self.identifier(target.name)
            }
            if relative.count >= 2, ["Sources", "Tests", "Plugins"].contains(relative[0]) {
                return Self.identifier(relative[1])
            }
        }
        if let index = components.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), index + 1 < components.count {
            return Self.identifier(components[index + 1])
        }
        return Self.identifier(components.last ?? "main")
    }

    /// The nearest package root above the folder `components`, with its manifest (cached for every folder on the way).
    private mutating func package(containing components: [String]) -> (root: String, manifest: PackageManifest)? {
        var folder = components
        var visited: [String] = []
        var result: (root: String, manifest: PackageManifest)?
        while true {
            let path = "/" + folder.joined(separator: "/")
            if let known = manifests[path] {
                result = known
                break
            }
            visited.append(path)
            let manifestPath = (folder.isEmpty ? "" : path) + "/Package.swift"
            if FileStatus.following(manifestPath)?.kind == .regular {
                result = (root: path, manifest: PackageManifest(path: manifestPath))
                break
            }
            if folder.isEmpty { break }
            folder.removeLast()
        }
        for path in visited { manifests[path] = .some(result) }
        return result
    }

    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// A name made a valid Swift identifier, as SwiftPM makes target names module names.
    static func identifier(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    ? Character(scalar) : "_"
            })
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result.isEmpty ? "_" : result
    }
}
