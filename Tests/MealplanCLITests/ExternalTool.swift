import Foundation
import Testing

/// Another program the export tests hand mealplan's output to (a calendar client, Python).
enum ExternalTool {
    /// Whether `name` is on PATH.
    static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// Tests that need `name` run when it is installed, and always under CI, where a missing
    /// tool must fail loudly (see `run`) rather than skip quietly.
    static func required(_ name: String) -> Bool {
        isInstalled(name) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs `name arguments…` (found on PATH) in `folder` with `environment` added.
    static func run(_ name: String, _ arguments: [String], in folder: String, environment: [String: String] = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        try #require(isInstalled(name), "\(name) is not installed (Debian: apt-get install \(name))", sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return try RunResult(of: process, input: Data(), scratch: folder)
    }
}

/// Runs a Python script that compares an export with the database, read by Python's own
/// sqlite3 module: the truth comes from neither mealplan's writer nor its reader.
func pythonCheck(_ script: String, _ arguments: [String], in cli: CLISandbox,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try ExternalTool.run("python3", ["-c", script] + arguments, in: cli.folder, sourceLocation: sourceLocation)
    #expect(result.stderr == "", sourceLocation: sourceLocation)
    #expect(result.status == 0, sourceLocation: sourceLocation)
    return result.stdout
}
