import Foundation
import Testing
import TestSupport

@Suite struct SlotsCommandTests {
    @Test func slotsCanBeListedAddedAndRemoved() throws {
        let cli = CLISandbox()
        // Listing reads, so it does not create the database; adding a slot does.
        try cli.expectFailure(["slots"], status: 66, message: "there is no database '\(cli.database)'; commands that add meals create it")
        #expect(try cli.succeed(["slots", "add", "Brunch", "--after", "break"]) == "added slot Brunch\n")
        #expect(try cli.succeed(["slots", "add", "supper"]) == "added slot supper\n")
        #expect(try cli.succeed(["slots", "list"]) == "breakfast\nBrunch\nlunch\ndinner\nsnack\nsupper\n")
        #expect(try cli.succeed(["slots", "remove", "SUPPER"]) == "removed slot supper\n")
        #expect(try cli.succeed(["slots"]) == "breakfast\nBrunch\nlunch\ndinner\nsnack\n")
    }

    @Test func slotsRefuseBadChanges() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "snack", "Apple"])
        try cli.expectFailure(["slots", "add", "LUNCH"], status: 64, message: "there is already a slot 'lunch'")
        try cli.expectFailure(["slots", "add", " "], status: 64, message: "the slot name is empty")
        try cli.expectFailure(["slots", "add", "tea", "--after", "elevenses"], status: 64,
                              message: "unknown slot 'elevenses'; slots are breakfast, lunch, dinner, snack")
        try cli.expectFailure(["slots", "remove", "snack"], status: 64,
                              message: "cannot remove slot 'snack': 1 meal uses it; move or remove them first")
        // A repeat's slot, with the database left as it was (it was a raw foreign-key failure, 74).
        try cli.succeed(["repeat", "add", "today", "lunch", "Soup", "--every", "week"])
        try cli.succeed(["repeat", "add", "today", "lunch", "Salad", "--every", "day"])
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        try cli.expectFailure(["slots", "remove", "lunch"], status: 64,
                              message: "cannot remove slot 'lunch': repeats 1, 2 use it; move or remove them first")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
        try cli.succeed(["repeat", "remove", "2"])
        try cli.expectFailure(["slots", "remove", "lunch"], status: 64,
                              message: "cannot remove slot 'lunch': repeat 1 uses it; move or remove them first")
        try cli.expectFailure(["slots", "remove", "tea"], status: 64,
                              message: "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")
        try cli.expectFailure(["slots", "rename", "tea"], status: 64,
                              message: "unknown command 'rename' (see 'mealplan help slots')")
    }
}

@Suite struct DatabaseLocationTests {
    @Test func helpDoesNotTouchTheDatabase() throws {
        let cli = CLISandbox()
        let help = try cli.succeed(["--help"])
        #expect(help.hasPrefix("OVERVIEW: Plan meals from the terminal"))
        #expect(help.contains("SUBCOMMANDS:") && help.contains("Exit status: 0 success; 1 a failure"))
        #expect(!FileManager.default.fileExists(atPath: cli.database), "help does not create a database")
        // Alone, mealplan is the planner, which needs a terminal; it creates no database either.
        try cli.expectFailure([], status: 1, message: "the planner needs a terminal: standard input and output must both be one")
        #expect(!FileManager.default.fileExists(atPath: cli.database))
        #expect(try cli.succeed(["add", "--help"]).contains("mealplan add fri din \"Lasagna\""))
    }

    @Test func databaseLocationFollowsOptionThenEnvironment() throws {
        let cli = CLISandbox()
        let xdg = cli.folder + "/xdg", home = cli.folder + "/home", given = cli.folder + "/given.sqlite"
        try cli.succeed(["add", "today", "lunch", "In XDG"], environment: ["MEALPLAN_DB": "", "XDG_DATA_HOME": xdg])
        #expect(FileManager.default.fileExists(atPath: xdg + "/mealplan/meals.sqlite"))
        try cli.succeed(["add", "today", "lunch", "In HOME"], environment: ["MEALPLAN_DB": "", "HOME": home])
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/mealplan/meals.sqlite"))
        try cli.succeed(["add", "today", "lunch", "Given", "--db", given])
        #expect(try cli.succeed(["list", "--db", given]) == "Mon 2026-03-02\n  1  lunch  Given\n")
        let mode = try FileManager.default.attributesOfItem(atPath: given)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    /// Hostile database files: every command fails with one line and exit 74, and the file is
    /// left exactly as it was.
    @Test(arguments: [
        ("not a database", Data("date,slot,title\n".utf8), "'PATH' is not a SQLite database, so not a mealplan database"),
        ("empty file", Data(), "database 'PATH' is an empty file, not a mealplan database; remove it or choose another path"),
        ("foreign SQLite header", Data("SQLite format 3\0".utf8) + Data(repeating: 7, count: 4096),
         "'PATH' is a SQLite database of another program, not a mealplan database"),
    ])
    func foreignFilesAreRefusedUntouched(name: String, content: Data, message: String) throws {
        let cli = CLISandbox()
        let path = cli.folder + "/plan.sqlite"
        try content.write(to: URL(fileURLWithPath: path))
        for arguments in [["list"], ["add", "today", "lunch", "Soup"], ["slots"], ["remove", "1"]] {
            try cli.expectFailure(arguments + ["--db", path], status: 74,
                                  message: message.replacingOccurrences(of: "PATH", with: path), database: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder) == ["plan.sqlite"])
    }

    @Test func readOnlyDatabaseCanBeListedButNotChanged() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: cli.database)
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  lunch  Soup\n")
        try cli.expectFailure(["add", "today", "lunch", "Bread"], status: 74,
                              message: "database '\(cli.database)' is read-only; cannot change it")
        try cli.expectFailure(["remove", "1"], status: 74, message: "database '\(cli.database)' is read-only; cannot change it")
    }

    @Test func unusableLocationsAreReportedInOneLine() throws {
        let cli = CLISandbox()
        let blocker = cli.folder + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        try cli.expectFailure(["add", "today", "lunch", "Soup", "--db", blocker + "/sub/meals.sqlite"], status: 74,
                              message: "cannot create folder '\(blocker)/sub' for the database: Not a directory")
        try cli.expectFailure(["list", "--db", cli.folder], status: 74,
                              message: "cannot open database '\(cli.folder)': it is not a regular file")
        let proc = try cli.run(["add", "today", "lunch", "Soup", "--db", "/proc/mealplan/meals.sqlite"])
        #expect(proc.status == 74)
        #expect(proc.stderr.hasPrefix("mealplan: cannot create folder '/proc/mealplan' for the database: "))
        #expect(proc.stderr.split(separator: "\n").count == 1)
        #expect(FileManager.default.contents(atPath: blocker) == Data("x".utf8))
    }
}
