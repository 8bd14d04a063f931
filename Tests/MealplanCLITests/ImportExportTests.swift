import Foundation
import Testing
import TestSupport

@Suite struct ImportExportTests {
    /// A file with every awkward thing a CSV field can hold, in the shape export writes.
    static let awkwardCSV = """
        date,slot,title,note\r
        2026-03-02,breakfast,"Eggs, toast",\r
        2026-03-02,lunch,"The ""big"" salad","line one\r
        line two, with a comma"\r
        2026-03-02,dinner,拉麺 🍜,\ttabbed\tnote\r
        2026-03-03,snack,Crème brûlée,"a ""quoted"" note\nand LF only"\r
        2026-03-03,lunch,Pão de queijo,\r

        """

    func write(_ text: String, to name: String, in cli: CLISandbox) throws -> String {
        let path = cli.folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func importAddsEveryRowAndExportWritesThemBack() throws {
        let cli = CLISandbox()
        let file = try write(Self.awkwardCSV, to: "plan.csv", in: cli)
        #expect(try cli.succeed(["import", file]) == "imported 5 meals (2026-03-02 … 2026-03-03) from \(file)\n")
        #expect(try cli.succeed(["list", "--days", "2"]) == """
            Mon 2026-03-02
              1  breakfast  Eggs, toast
              2  lunch      The "big" salad
                            line one
                            line two, with a comma
              3  dinner     拉麺 🍜
                            tabbed␉note

            Tue 2026-03-03
              5  lunch      Pão de queijo
              4  snack      Crème brûlée
                            a "quoted" note
                            and LF only

            """)
        let exported = try cli.succeed(["export"])
        #expect(exported.hasPrefix("date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,breakfast,\"Eggs, toast\",,,,,,\r\n"))
        #expect(exported.contains("2026-03-03,lunch,Pão de queijo,,,,,,\r\n2026-03-03,snack,Crème brûlée,\"a \"\"quoted\"\" note\nand LF only\",,,,,\r\n"))
    }

    /// export → import into an empty database → export gives the same bytes.
    @Test func exportImportExportIsByteIdentical() throws {
        let cli = CLISandbox()
        var rows = ["date,slot,title,note"]
        let titles = ["Soup, hot", "\"Quoted\" pie", "拉麺", "🍕 night", "Tab\there", "Crème brûlée", "Plain"]
        let notes = ["", "line\r\nbreak", "comma, \"quote\"", "emoji 🥗\nsecond", "\ttab"]
        for index in 0..<200 {
            let day = String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 28)
            let slot = ["breakfast", "lunch", "dinner", "snack"][index % 4]
            let quote = { (text: String) in "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            rows.append("\(day),\(slot),\(quote(titles[index % titles.count] + " \(index)")),\(quote(notes[index % notes.count]))")
        }
        let source = try write(rows.joined(separator: "\r\n") + "\r\n", to: "generated.csv", in: cli)
        try cli.succeed(["import", source])
        let first = try cli.succeed(["export"])
        let copy = cli.folder + "/copy.sqlite"
        #expect(try cli.succeed(["import", "-", "--db", copy], input: Data(first.utf8))
            == "imported 200 meals (2026-01-01 … 2026-12-28) from standard input\n")
        let second = try cli.succeed(["export", "--db", copy])
        #expect(first.hasPrefix("date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-01-01,breakfast,\"Soup, hot 0\",,,,,,\r\n"))
        #expect(second == first)
    }

    @Test(arguments: ["csv", "json", "ics"])
    func anExportToAFullDeviceSaysWhyInOneLine(format: String) throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "2026-03-02", "lunch", "Soup"])
        let process = Process()
        process.executableURL = CLISandbox.binary
        process.arguments = ["export", "--format", format]
        process.environment = cli.environment()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = cli.folder + "/export.err"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(try String(contentsOfFile: errors, encoding: .utf8)
            == "mealplan: cannot write standard output: the disk is full\n")
    }

    @Test func dryRunReportsAndChangesNothing() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Existing"])
        let file = try write(Self.awkwardCSV, to: "plan.csv", in: cli)
        let before = cli.snapshot()
        #expect(try cli.succeed(["import", "--dry-run", file])
            == "would import 5 meals (2026-03-02 … 2026-03-03) from \(file); dry run, nothing changed\n")
        #expect(cli.snapshot() == before)
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  lunch  Existing\n")
    }

    @Test func extraColumnsAreIgnoredWithOneWarning() throws {
        let cli = CLISandbox()
        let result = try cli.run(["import", "-"], input: Data("""
            Title,calories,DATE,slot,source\r
            Soup,300,2026-03-02,lunch,book\r
            Bread,200,2026-03-02,lunch,shop\r

            """.utf8))
        #expect(result.status == 0)
        #expect(result.stderr == "mealplan: warning: ignoring columns 'calories', 'source'\n")
        #expect(result.stdout == "imported 2 meals (2026-03-02 … 2026-03-02) from standard input\n")
    }

    /// Bad data names the line and the problem, imports nothing, and exits 65.
    @Test(arguments: [
        ("date,slot,title\n2026-03-02,lunch,Soup\n2026-02-30,lunch,Bad\n", "line 3: bad date '2026-02-30': February 2026 has 28 days"),
        ("date,slot,title\n2026-03-02,lunch,Soup\n02/03/2026,lunch,Bad\n", "line 3: bad date '02/03/2026' is not a date in the form YYYY-MM-DD"),
        ("date,slot,title\n2026-03-02,lunch,Soup\n2026-03-02,tea,Cake\n", "line 3: unknown slot 'tea'; slots are breakfast, lunch, dinner, snack"),
        ("date,slot,title\n2026-03-02,lunch,Soup\n2026-03-02,lunch,  \n", "line 3: the title is empty"),
        ("date,slot,title\n2026-03-02,lunch,Soup\n2026-03-02,lunch,\"Open quote\n", "line 3: unbalanced quote: the quoted field that starts on this line never ends"),
    ])
    func badDataImportsNothing(content: String, message: String) throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Existing"])
        let file = try write(content, to: "bad.csv", in: cli)
        try cli.expectFailure(["import", file], status: 65, message: message)
        try cli.expectFailure(["import", "--dry-run", "-"], status: 65, message: message, input: Data(content.utf8))
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  dinner  Existing\n")
    }

    /// Reading runs on a second thread: a bad row deep in a big file (the inserting thread busy
    /// with the rows before it) or on its last line is still reported with its line, the rows
    /// before it are not kept, and the database file is unchanged.
    @Test(arguments: [15_000, 20_001])
    func badRowInABigFileImportsNothing(badLine: Int) throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Existing"])
        var rows = ["date,slot,title"]
        for line in 2...20_001 {
            let meal = line - 2
            let date = String(format: "%04d-%02d-%02d", 2000 + meal / 1344, 1 + meal / 112 % 12, 1 + meal / 4 % 28)
            let slot = ["breakfast", "lunch", "dinner", "snack"][meal % 4]
            rows.append(line == badLine ? "2030-02-30,\(slot),Bad" : "\(date),\(slot),Meal \(line)")
        }
        let file = try write(rows.joined(separator: "\r\n") + "\r\n", to: "big.csv", in: cli)
        let before = cli.snapshot()
        try cli.expectFailure(["import", file], status: 65,
                              message: "line \(badLine): bad date '2030-02-30': February 2030 has 28 days")
        #expect(cli.snapshot() == before)
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  dinner  Existing\n")
    }

    /// The UIDs an import makes, read by Python's `uuid` module: RFC 9562 version 7, their
    /// time the import's, no two alike, ascending in the order of the file (which is the order
    /// of the ids); a meal added after sorts after them all.
    @Test(.requires(.python3)) func importMakesTimeOrderedUIDs() throws {
        let cli = CLISandbox()
        var rows = ["date,slot,title"]
        for meal in 0..<20_000 {
            let date = String(format: "%04d-%02d-%02d", 2000 + meal / 1344, 1 + meal / 112 % 12, 1 + meal / 4 % 28)
            rows.append("\(date),\(["breakfast", "lunch", "dinner", "snack"][meal % 4]),Meal \(meal)")
        }
        let file = try write(rows.joined(separator: "\r\n") + "\r\n", to: "big.csv", in: cli)
        let start = Int(Date().timeIntervalSince1970 * 1000)
        try cli.succeed(["import", file])
        try cli.succeed(["add", "today", "dinner", "Later"])
        let end = Int(Date().timeIntervalSince1970 * 1000) + 1
        let check = """
            import sqlite3, sys, uuid
            start, end = int(sys.argv[2]), int(sys.argv[3])
            uids = [uuid.UUID(bytes=row[0]) for row in sqlite3.connect(sys.argv[1]).execute("SELECT uid FROM meal ORDER BY id")]
            bad = [u for u in uids if u.version != 7 or u.variant != uuid.RFC_4122 or not start <= u.int >> 80 <= end]
            print(len(uids), len(set(uids)), uids == sorted(uids), bad[:1])
            """
        #expect(try pythonCheck(check, [cli.database, "\(start)", "\(end)"], in: cli) == "20001 20001 True []\n")
    }

    @Test func missingInputIsReported() throws {
        let cli = CLISandbox()
        try cli.succeed(["slots", "add", "brunch"])
        try cli.expectFailure(["import", cli.folder + "/none.csv"], status: 66,
                              message: "cannot read '\(cli.folder)/none.csv': No such file or directory")
        try cli.expectFailure(["import", cli.folder], status: 66, message: "cannot read '\(cli.folder)': it is a folder")
        try cli.expectFailure(["import"], status: 64, message: "missing expected argument '<file>' (see 'mealplan help')")
    }

    @Test func exportLimitsDaysAndWritesFilesWhole() throws {
        let cli = CLISandbox()
        let file = try write(Self.awkwardCSV, to: "plan.csv", in: cli)
        try cli.succeed(["import", file])
        #expect(try cli.succeed(["export", "--from", "tue", "--to", "tue"]) == """
            date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r
            2026-03-03,lunch,Pão de queijo,,,,,,\r
            2026-03-03,snack,Crème brûlée,"a ""quoted"" note
            and LF only",,,,,\r

            """)
        #expect(try cli.succeed(["export", "--from", "2027-01-01"]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n")
        let output = cli.folder + "/out.csv"
        #expect(try cli.succeed(["export", "--output", output, "--to", "2026-03-02"]) == "exported 3 meals to \(output)\n")
        #expect(String(decoding: FileManager.default.contents(atPath: output)!, as: UTF8.self)
            == (try cli.succeed(["export", "--to", "2026-03-02", "--protect-formulas"])))
        #expect(try cli.succeed(["export", "--output", output]) == "exported 5 meals to \(output)\n")
        #expect(String(decoding: FileManager.default.contents(atPath: output)!, as: UTF8.self) == (try cli.succeed(["export", "--protect-formulas"])))
        try cli.expectFailure(["export", "--output", cli.folder + "/missing/out.csv"], status: 74,
                              message: "cannot write '\(cli.folder)/missing/out.csv': No such file or directory")
        try cli.expectFailure(["export", "--from", "wed", "--to", "mon"], status: 64,
                              message: "--to 2026-03-02 is before --from 2026-03-04")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { $0.contains("partial") }.isEmpty)
    }

    @Test func listCanWriteCSV() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup, hot", "--note", "with \"bread\""])
        #expect(try cli.succeed(["list", "--format", "csv"]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,\"Soup, hot\",\"with \"\"bread\"\"\",,,,,\r\n")
    }
}
