import Foundation
import Testing

/// A program or Python package that tests drive mealplan with or hand its output to.
///
/// One rule for all of them: a test that needs a tool that is missing is skipped, with the
/// reason printed, on a developer's machine; under CI (`CI=true`) it fails, so that no check
/// goes missing quietly. `bash .ci/install-deps --tests` installs every one.
public struct ExternalTool: Sendable, CustomStringConvertible {
    /// The tool as the reason for a skip or a failure names it.
    public let description: String
    let isInstalled: Bool

    public static let tmux = ExternalTool(program: "tmux")
    public static let calcurse = ExternalTool(program: "calcurse")
    public static let khal = ExternalTool(program: "khal")
    public static let sqlite3 = ExternalTool(program: "sqlite3")
    public static let python3 = ExternalTool(program: "python3")
    /// GNU roff, which warns of malformed manual pages.
    public static let groff = ExternalTool(program: "groff")
    /// Debian's `faketime`: runs a program with its clock set to a given time.
    public static let faketime = ExternalTool(program: "faketime")
    /// Python's `icalendar` package (with `python3` itself).
    public static let icalendar = ExternalTool(pythonPackage: "icalendar")
    /// The reference Cooklang parser, `cooklang-bindings` on PyPI (with `python3` itself).
    public static let cooklang = ExternalTool(pythonPackage: "cooklang")
    /// Python's `dateutil` (`python-dateutil` on PyPI), whose `rrule` expands RFC 5545 rules.
    public static let dateutil = ExternalTool(pythonPackage: "dateutil")

    /// Whether the tests run under CI (`CI` set, and not to `false`), where a missing tool fails them.
    static let isUnderCI: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "false"
    }()

    /// A program found on PATH.
    init(program name: String) {
        description = name
        isInstalled = Self.isOnPath(name)
    }

    /// A package `python3` imports.
    init(pythonPackage name: String) {
        description = "the Python package \(name)"
        isInstalled = Self.isOnPath("python3") && Self.succeeds(["python3", "-c", "import \(name)"])
    }

    static func isOnPath(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// Whether `command` (found on PATH) exits with status 0, its output thrown away.
    static func succeeds(_ command: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Runs the Python program `script` with a file holding `input` as its argument and returns
    /// what it prints; a failure (its error output kept) stops the test.
    public static func runPython(_ script: String, input: Data) throws -> Data {
        let folder = TemporaryFolder()
        let scriptPath = folder.file("script.py"), inputPath = folder.file("input"), outputPath = folder.file("output")
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        try input.write(to: URL(fileURLWithPath: inputPath))
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, inputPath]
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 \(scriptPath) failed")
        return try Data(contentsOf: URL(fileURLWithPath: outputPath))
    }

    /// Why a test that needs this tool did not run.
    var missing: String { "\(description) is not installed (bash .ci/install-deps --tests installs it)" }
}

/// A tool that CI needs and does not have.
struct MissingToolUnderCI: Error, CustomStringConvertible {
    let tool: ExternalTool
    var description: String { "\(tool.missing); CI=true runs every test" }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test (or every test of the suite) only where `tool` is installed: without it,
    /// the test is skipped with the reason, or under CI fails (see `ExternalTool`).
    public static func requires(_ tool: ExternalTool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(Comment(rawValue: tool.missing), sourceLocation: sourceLocation) {
            if tool.isInstalled { return true }
            if ExternalTool.isUnderCI { throw MissingToolUnderCI(tool: tool) }
            return false
        }
    }
}
