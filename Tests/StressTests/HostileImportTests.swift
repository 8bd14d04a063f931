import Foundation
import Testing
import TestSupport

/// An imported file that must be refused with exit status 65 and one line naming its line.
struct HostileImport: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: @Sendable () -> [UInt8]
    let message: String
    var testDescription: String { name }
}

let hostileImports: [HostileImport] = [
    HostileImport(name: "a NUL byte in a field", bytes: { Array((twoRows + "2026-03-03,lunch,Br").utf8) + [0] + Array("ead,\r\n".utf8) },
                  message: "line 3: the file contains a NUL byte; is it a binary or UTF-16 file?"),
    HostileImport(name: "a 10 MiB title", bytes: { Array((twoRows + "2026-03-03,lunch,\(runawayField),\r\n").utf8) },
                  message: "line 3: the title has 10485760 characters; at most 500 are allowed"),
    HostileImport(name: "a title of 500 characters but 4,001 code points (combining marks)",
                  bytes: { Array((twoRows + "2026-03-03,lunch,e" + String(repeating: "\u{301}", count: 4000) + ",\r\n").utf8) },
                  message: "line 3: the title has 4001 code points (letters and the accents and marks on them); at most 4000 are allowed"),
    HostileImport(name: "a 10 MiB date, quoted only in part in the message",
                  bytes: { Array((twoRows + "\(runawayField),lunch,Bread,\r\n").utf8) },
                  message: "line 3: bad date '\(String(repeating: "x", count: 39))…' is not a date in the form YYYY-MM-DD"),
    HostileImport(name: "a 10 MiB slot, quoted only in part in the message",
                  bytes: { Array((twoRows + "2026-03-03,\(runawayField),Bread,\r\n").utf8) },
                  message: "line 3: unknown slot '\(String(repeating: "x", count: 39))…'; slots are breakfast, lunch, dinner, snack"),
    HostileImport(name: "100,000 fields in a row",
                  bytes: { Array((twoRows + "2026-03-03,lunch,Bread" + String(repeating: ",x", count: 99_997) + "\r\n").utf8) },
                  message: "line 3: this row has 100000 fields but the header has 4"),
]

/// Huge hostile imports (fields of 10 MiB, 100,000 fields in a row): each refused with one
/// line naming its line, the plan and the file untouched.
@Suite struct HostileImportTests {
    @Test(arguments: hostileImports)
    func hostileImportsAreRefusedNamingTheLine(_ hostile: HostileImport) throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Existing"])
        let input = cli.folder + "/input.csv"
        try Data(hostile.bytes()).write(to: URL(fileURLWithPath: input))
        try cli.expectFailure(["import", input], status: 65, message: hostile.message, inputs: [input])
        try cli.expectFailure(["import", "--dry-run", input], status: 65, message: hostile.message, inputs: [input])
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  dinner  Existing\n")
    }
}
