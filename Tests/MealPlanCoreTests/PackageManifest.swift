import Foundation

/// The targets `Package.swift` declares, read from its text: enough for the design's rules to
/// be checked against the package as it is, without running SwiftPM.
struct PackageManifest {
    enum Kind: String {
        case target, executableTarget, testTarget, systemLibrary
    }

    struct Target {
        let name: String
        let kind: Kind
        /// The targets and products it depends on, by name (a product by its own name: `GRDB`).
        let dependencies: [String]
        /// Its folder from the repository: `path:` when given, else `Sources/NAME` or `Tests/NAME`.
        let path: String
    }

    let targets: [Target]

    init(text: String) {
        // Whole-line comments only: `//` also starts the URLs of the dependencies.
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        let declaration = /\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
        let matches = code.matches(of: declaration)
        targets = matches.indices.map { index in
            let match = matches[index]
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : code.endIndex
            let body = code[match.range.upperBound..<end]
            let kind = Kind(rawValue: String(match.output.1))!
            let name = String(match.output.2)
            let path = body.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) }
                ?? (kind == .testTarget ? "Tests/" : "Sources/") + name
            return Target(name: name, kind: kind, dependencies: Self.dependencies(in: body), path: path)
        }
    }

    /// The quoted names inside `dependencies: [ … ]`, a product's `package:` left out.
    private static func dependencies(in body: Substring) -> [String] {
        guard let start = body.range(of: "dependencies:"),
              let open = body[start.upperBound...].firstIndex(of: "[") else { return [] }
        var depth = 0
        var close = open
        for index in body[open...].indices {
            if body[index] == "[" { depth += 1 }
            if body[index] == "]" { depth -= 1 }
            if depth == 0 { close = index; break }
        }
        let list = body[open...close].replacing(/package:\s*"[^"]*"/, with: "")
        return list.matches(of: /"([^"]+)"/).map { String($0.output.1) }
    }
}
