import Foundation
import Testing
import TestSupport

/// `export --output FILE.csv` protects fields a spreadsheet would run as formulas; standard
/// output does not unless asked; `import` gives back exactly what was exported.
@Suite struct SpreadsheetExportTests {
    static let titles = ["=HYPERLINK(\"http://example.com\",\"click\")", "+1 cup rice", "-", "@SUM(A1)", "'Nduja pasta",
                         "''", "'=not a formula", "Plain soup"]

    func sandbox() throws -> CLISandbox {
        let cli = CLISandbox()
        for title in Self.titles { try cli.succeed(["add", "today", "dinner", title, "--note", title]) }
        return cli
    }

    func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    @Test func aCSVFileIsProtectedAndImportsBackUnchanged() throws {
        let cli = try sandbox()
        let file = cli.folder + "/plan.CSV"
        try cli.succeed(["export", "--output", file])
        let lines = contents(file).components(separatedBy: "\r\n")
        #expect(lines[0] == "\"date\",slot,title,note,recipe,servings,status,leftovers_of,eaters")
        #expect(lines[1] == "2026-03-02,dinner,\"'=HYPERLINK(\"\"http://example.com\"\",\"\"click\"\")\",\"'=HYPERLINK(\"\"http://example.com\"\",\"\"click\"\")\",,,,,")
        // The others need no quotes: an apostrophe before those that start like a formula or
        // with an apostrophe.
        for (title, line) in zip(Self.titles.dropFirst(), lines.dropFirst(2)) {
            let field = "=+-@'".contains(title.first!) ? "'" + title : title
            #expect(line == "2026-03-02,dinner,\(field),\(field),,,,,")
        }
        // Imported into a new plan, every title and note is the original.
        let copy = cli.folder + "/copy.sqlite"
        try cli.succeed(["import", file, "--db", copy])
        #expect(try cli.succeed(["export", "--db", copy]) == (try cli.succeed(["export"])))
    }

    @Test func standardOutputIsLeftAsItIsUnlessAsked() throws {
        let cli = try sandbox()
        let plain = try cli.succeed(["export"])
        #expect(plain.hasPrefix("date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,\"=HYPERLINK("))
        #expect(try cli.succeed(["list", "--format", "csv"]) == plain)
        let asked = try cli.succeed(["export", "--protect-formulas"])
        #expect(asked.hasPrefix("\"date\",slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,\"'=HYPERLINK("))
        // Read back from a pipe, the protected text gives back the originals too.
        let copy = cli.folder + "/copy.sqlite"
        try cli.succeed(["import", "-", "--db", copy], input: Data(asked.utf8))
        #expect(try cli.succeed(["export", "--db", copy]) == plain)
    }

    @Test func protectionCanBeTurnedOffForAFile() throws {
        let cli = try sandbox()
        let file = cli.folder + "/plan.csv"
        try cli.succeed(["export", "--output", file, "--no-protect-formulas"])
        #expect(contents(file) == (try cli.succeed(["export"])))
        try cli.expectFailure(["export", "--format", "json", "--protect-formulas"], status: 64,
                              message: "--protect-formulas needs --format csv (see 'mealplan help')")
    }
}
