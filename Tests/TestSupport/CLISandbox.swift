import Foundation
import Testing

/// What one run of the built `mealplan` binary did.
public struct RunResult {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Runs `process` to its end with `input` as standard input. Files in `scratch` rather than
    /// pipes carry the streams: nothing to drain concurrently, however much is printed.
    public init(of process: Process, input: Data, scratch: String) throws {
        let io = scratch + "/io-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: io + ".in", contents: input)
        _ = FileManager.default.createFile(atPath: io + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: io + ".err", contents: nil)
        defer { for suffix in [".in", ".out", ".err"] { try? FileManager.default.removeItem(atPath: io + suffix) } }
        process.standardInput = FileHandle(forReadingAtPath: io + ".in")
        process.standardOutput = FileHandle(forWritingAtPath: io + ".out")
        process.standardError = FileHandle(forWritingAtPath: io + ".err")
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: FileManager.default.contents(atPath: io + ".out") ?? Data(), as: UTF8.self)
        stderr = String(decoding: FileManager.default.contents(atPath: io + ".err") ?? Data(), as: UTF8.self)
    }

    public var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// A temporary home with its own database, against which the built binary runs with today
/// pinned to Monday 2026-03-02.
public final class CLISandbox {
    private let temporary = TemporaryFolder()
    public var folder: String { temporary.path }
    public var database: String { folder + "/data/meals.sqlite" }
    public var today = "2026-03-02"

    public init() {}

    /// The `mealplan` executable built with the tests.
    public static let binary = builtExecutable("mealplan")

    /// The binary the sandbox runs, and the command that runs it (empty: run it directly).
    private var binaryPath = CLISandbox.binary.path
    private var launcher: [String] = []

    /// Makes the following runs happen as the unprivileged user `nobody` (through `setpriv`),
    /// for tests of permissions, which root ignores. The binary is copied into the sandbox so
    /// that user can surely run it.
    public func runAsNobody() throws {
        let copy = folder + "/bin/mealplan"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: false)
        // Copied by cp, not in this process: a child that another test starts meanwhile would
        // inherit the copy's open descriptor, and running the copy would fail as "text file busy".
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [Self.binary.path, copy]
        #expect(try RunResult(of: cp, input: Data(), scratch: folder).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        binaryPath = copy
        launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }

    /// Runs `mealplan arguments…` with MEALPLAN_DB and MEALPLAN_TODAY set (unless `environment`
    /// overrides them) and `input` as standard input, in `directory` (else the test's own).
    public func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
             directory: String? = nil) throws -> RunResult {
        let process = Process()
        process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) }
        let command = launcher + [binaryPath] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = self.environment(environment)
        return try RunResult(of: process, input: input, scratch: folder)
    }

    /// The binary's whole environment: MEALPLAN_DB, MEALPLAN_TODAY and a few basics, changed
    /// by `overrides` (an empty value removes the variable).
    public func environment(_ overrides: [String: String] = [:]) -> [String: String] {
        var variables = ["PATH": "/usr/bin:/bin", "HOME": folder + "/home", "LANG": "C.UTF-8",
                         "MEALPLAN_DB": database, "MEALPLAN_TODAY": today]
        variables.merge(overrides) { $1 }
        return variables.filter { !$0.value.isEmpty }
    }

    /// The database and its WAL, for checking that a failed command changed nothing.
    public func snapshot(_ path: String? = nil) -> [Data?] {
        let path = path ?? database
        return [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) }
    }

    /// The SHA-256 of each file in `paths` as `sha256sum` prints it, or "absent": a fingerprint
    /// of the database, its `-wal` and `-shm`, and any input file, to compare before and after.
    public func sha256(of paths: [String]) throws -> [String] {
        let present = paths.filter { FileManager.default.fileExists(atPath: $0) }
        var sums: [String: String] = [:]
        if !present.isEmpty {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sha256sum", "--"] + present
            let result = try RunResult(of: process, input: Data(), scratch: folder)
            #expect(result.status == 0, "sha256sum: \(result.stderr)")
            for line in result.stdoutLines {
                let parts = line.split(separator: " ", maxSplits: 1)
                sums[String(parts[1].dropFirst())] = String(parts[0])
            }
        }
        return paths.map { "\($0): \(sums[$0] ?? "absent")" }
    }

    /// The database at `path` and the files SQLite keeps beside it.
    public static func databaseFiles(_ path: String) -> [String] {
        [path, path + "-wal", path + "-shm"]
    }

    /// Runs a command that must fail with `status` and exactly `message` on standard error,
    /// nothing on standard output, and leave the database files and `inputs` byte-identical
    /// (same SHA-256; a file that was absent stays absent).
    public func expectFailure(
        _ arguments: [String], status: Int32, message: String, input: Data = Data(),
        environment: [String: String] = [:], database: String? = nil, inputs: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let files = Self.databaseFiles(database ?? self.database) + inputs
        let before = try sha256(of: files)
        let result = try run(arguments, input: input, environment: environment)
        #expect(result.status == status, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr == "mealplan: \(message)\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(arguments)", sourceLocation: sourceLocation)
        #expect(try sha256(of: files) == before, "a file changed: \(arguments)", sourceLocation: sourceLocation)
    }

    /// Runs a command that must succeed, returning its standard output.
    @discardableResult
    public func succeed(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, input: input, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "\(arguments)", sourceLocation: sourceLocation)
        return result.stdout
    }
}

/// JSON meals as `list` and `export` write them, without their `uid` keys: what a test can
/// expect to the byte, since every plan's UIDs are new. A `uid` that is neither `null` nor a
/// lowercase UUID of a version mealplan makes (7) or its schema's triggers do (4) stays, so the
/// comparison shows it.
public func withoutUIDs(_ json: String) -> String {
    let uid = #","uid":("[0-9a-f]{8}-[0-9a-f]{4}-[47][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"|null)"#
    return json.replacingOccurrences(of: uid, with: "", options: .regularExpression)
}
