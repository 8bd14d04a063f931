import Foundation
import Testing

extension ExternalTool {
    /// Runs `name arguments…` (found on PATH) in `folder` with `environment` added.
    public static func run(_ name: String, _ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> RunResult {
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
public func pythonCheck(_ script: String, _ arguments: [String], in cli: CLISandbox,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try ExternalTool.run("python3", ["-c", script] + arguments, in: cli.folder)
    #expect(result.stderr == "", sourceLocation: sourceLocation)
    #expect(result.status == 0, sourceLocation: sourceLocation)
    return result.stdout
}
