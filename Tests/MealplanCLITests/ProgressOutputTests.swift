import Foundation
import TestSupport
import Testing

/// Big imports and exports draw a progress line only on a terminal: scripts and CI that read
/// standard error through a pipe get nothing extra.
@Suite struct ProgressOutputTests {
    /// Runs `mealplan arguments…` with standard error a pipe, returning status, stdout, stderr.
    func runPiped(_ cli: CLISandbox, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = CLISandbox.binary
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MEALPLAN_DB": cli.database,
                               "MEALPLAN_TODAY": cli.today, "HOME": cli.folder]
        let output = cli.folder + "/stdout-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: output)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Drained before waiting: the pipe's end comes when the process exits.
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stdout = FileManager.default.contents(atPath: output) ?? Data()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test func a60000RowImportAndExportPrintNothingOnAPipedStandardError() throws {
        let cli = CLISandbox()
        let file = cli.folder + "/big.csv"
        try Data(manyMealsCSV(rows: 60_000).utf8).write(to: URL(fileURLWithPath: file))

        let imported = try runPiped(cli, ["import", file])
        #expect(imported.status == 0)
        #expect(imported.stderr == "")
        #expect(imported.stdout.hasPrefix("imported 60000 meals (2030-01-01 … "))

        let exported = try runPiped(cli, ["export", "--output", cli.folder + "/out.csv"])
        #expect(exported.status == 0)
        #expect(exported.stderr == "")
        #expect(exported.stdout == "exported 60000 meals to \(cli.folder)/out.csv\n")

        let streamed = try runPiped(cli, ["export", "--format", "json"])
        #expect(streamed.status == 0)
        #expect(streamed.stderr == "")
        #expect(streamed.stdout.components(separatedBy: "\"title\"").count == 60_001)
    }
}
