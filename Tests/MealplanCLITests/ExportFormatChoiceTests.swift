import Foundation
import Testing
import TestSupport

/// `export --output FILE` without `--format` writes the format the file's extension names;
/// a `--format` that contradicts the extension is refused before anything is written.
@Suite struct ExportFormatChoiceTests {
    @Test func theOutputExtensionChoosesTheFormat() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        // A .csv file is protected against spreadsheet formulas, which its quoted header marks.
        let expectedStart = ["plan.ics": "BEGIN:VCALENDAR\r\n", "plan.JSON": "[{\"id\":1,", "plan.csv": "\"date\",slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n",
                             "plan.txt": "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n", "plan": "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n"]
        for (name, start) in expectedStart {
            let path = cli.folder + "/" + name
            #expect(try cli.succeed(["export", "--output", path]) == "exported 1 meal to \(path)\n")
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written.hasPrefix(start), "\(name): \(written)")
        }
        #expect(try cli.succeed(["export", "--slot-time", "dinner=19:00", "--output", cli.folder + "/timed.ics"]).hasPrefix("exported 1 meal"))
        #expect(try String(contentsOfFile: cli.folder + "/timed.ics", encoding: .utf8).contains("DTSTART:20260302T190000\r\n"))
    }

    @Test func aFormatThatContradictsTheExtensionIsRefused() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let path = cli.folder + "/plan.ics"
        try cli.expectFailure(["export", "--format", "csv", "--output", path], status: 64,
                              message: "--format csv does not match '\(path)', a .ics file name; leave --format out or change one of them (see 'mealplan help')",
                              inputs: [path])
        try cli.expectFailure(["export", "--format", "json", "--output", cli.folder + "/plan.csv"], status: 64,
                              message: "--format json does not match '\(cli.folder)/plan.csv', a .csv file name; leave --format out or change one of them (see 'mealplan help')",
                              inputs: [cli.folder + "/plan.csv"])
        #expect(try cli.succeed(["export", "--format", "ics", "--output", path]) == "exported 1 meal to \(path)\n")
    }
}
