import Foundation

extension CLISandbox {
    /// Runs `script` with /bin/sh in the sandbox's folder and environment, `$MEALPLAN` naming
    /// the built binary: for what `run` cannot say, such as standard output sent to a device
    /// or arguments that are not valid UTF-8 (made with printf, as Foundation passes only text).
    public func shell(_ script: String, environment: [String: String] = [:]) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The script changes folder itself rather than rely on Process doing it for the child.
        process.arguments = ["-c", "cd \"$MEALPLAN_SANDBOX\" || exit 125\n" + script]
        process.environment = self.environment(environment.merging(["MEALPLAN": Self.binary.path, "MEALPLAN_SANDBOX": folder]) { $1 })
        return try RunResult(of: process, input: Data(), scratch: folder)
    }
}
