import Foundation

extension CLISandbox {
    /// Runs `script` with /bin/sh in the sandbox's folder and environment, `$MEALPLAN` naming
    /// the built binary: for what `run` cannot say, such as standard output sent to a device
    /// or arguments that are not valid UTF-8 (made with printf, as Foundation passes only text).
    func shell(_ script: String, environment: [String: String] = [:]) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = self.environment(environment.merging(["MEALPLAN": Self.binary.path]) { $1 })
        return try RunResult(of: process, input: Data(), scratch: folder)
    }
}
