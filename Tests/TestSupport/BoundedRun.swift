import Foundation

/// A program a test ran to its end, bounded in time: a tool that hangs (a server that does
/// not answer, a prompt that waits for a person) fails the test instead of stopping the suite.
public struct BoundedRun: Sendable {
    public let command: [String]
    public let status: Int32
    /// Whether it ran out of time and was killed.
    public let timedOut: Bool
    public let output: String
    public let errors: String

    /// Runs `command` (its first word found on the PATH of `environment`, which is its whole
    /// environment) in `folder`, with nothing on standard input, through coreutils' `timeout`,
    /// which kills it after `seconds`. With SIGKILL, which the program cannot hold back: a child
    /// starts with the signal mask of the test's thread, which may block SIGTERM. `timeout`
    /// kills its whole process group, itself included, so both end by that signal.
    public init(_ command: [String], environment: [String: String], in folder: String, within seconds: Int) throws {
        self.command = command
        let scratch = TemporaryFolder()
        let outputPath = scratch.file("output"), errorsPath = scratch.file("errors")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--signal=KILL", String(seconds)] + command
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        timedOut = process.terminationReason == .uncaughtSignal && status == SIGKILL
        output = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
        errors = String(decoding: FileManager.default.contents(atPath: errorsPath) ?? Data(), as: UTF8.self)
    }

    /// What it printed, if it exited 0; else an error naming it, its status and its errors.
    @discardableResult
    public func succeeded() throws -> String {
        guard status == 0 else { throw CommandFailed(run: self) }
        return output
    }
}

/// A command that exited with another status than 0, or ran out of time.
public struct CommandFailed: Error, CustomStringConvertible {
    public let run: BoundedRun

    public init(run: BoundedRun) { self.run = run }

    public var description: String {
        let how = run.timedOut ? "ran out of time" : "exited \(run.status)"
        return "`\(run.command.joined(separator: " "))` \(how):\n\(run.errors)\(run.output)"
    }
}
