import Foundation
import Testing
import TestSupport

/// A failure names the file that failed, and says why.
@Suite struct FailureNamingTests {
    /// Runs `command` (a shell command line) with a file system of `size` mounted on the
    /// sandbox's folder `small`, in a mount namespace of its own so that it goes away with the
    /// shell; prints what is left in `small` after the command.
    func withSmallDisk(_ size: String, _ command: String, in cli: CLISandbox) throws -> RunResult {
        try FileManager.default.createDirectory(atPath: cli.folder + "/small", withIntermediateDirectories: false)
        return try cli.shell("""
            exec unshare --mount sh -c 'mount -t tmpfs -o size=\(size) tmpfs small && \(command); status=$?; ls -A small; exit $status'
            """)
    }

    @Test(.requires(.root))
    func anExportToAFullDiskNamesTheOutput() throws {
        let cli = CLISandbox()
        let note = String(repeating: "n", count: 200)
        let meals = (1...2_000).map { "2026-03-02,lunch,Meal \($0),\(note)\r\n" }.joined()
        try cli.succeed(["import", "-"], input: Data(("date,slot,title,note\r\n" + meals).utf8))
        let result = try withSmallDisk("16k", "\"$MEALPLAN\" export --output small/big.csv", in: cli)
        #expect(result.status == 74)
        #expect(result.stderr == "mealplan: cannot write 'small/big.csv': the disk is full\n")
        #expect(result.stdout == "", "nothing is left on the disk")
    }

    @Test(.requires(.root))
    func anImportToAFullDiskNamesTheDatabase() throws {
        let cli = CLISandbox()
        let note = String(repeating: "n", count: 200)
        let meals = (1...20_000).map { "2026-03-02,lunch,Meal \($0),\(note)\r\n" }.joined()
        try Data(("date,slot,title,note\r\n" + meals).utf8).write(to: URL(fileURLWithPath: cli.folder + "/meals.csv"))
        let result = try withSmallDisk("1m", """
            "$MEALPLAN" add today dinner Soup --db small/plan.sqlite > /dev/null && "$MEALPLAN" import meals.csv --db small/plan.sqlite
            """, in: cli)
        #expect(result.status == 74)
        #expect(result.stderr == "mealplan: database 'small/plan.sqlite': the disk is full\n")
    }

    /// With a few KB left, each write that finds no room, whichever file of SQLite's it reaches
    /// first (the log, its index, the database), says the disk is full (exit status 74), and
    /// the plan keeps what it had once there is room again.
    @Test(.requires(.root), arguments: [4, 12, 24, 48])
    func aWriteWithAFewKilobytesLeftSaysTheDiskIsFull(_ leftKiB: Int) throws {
        let cli = CLISandbox()
        let note = String(repeating: "n", count: 200)
        let meals = (1...2_000).map { "2026-03-02,lunch,Meal \($0),\(note)\r\n" }.joined()
        try Data(("date,slot,title,note\r\n" + meals).utf8).write(to: URL(fileURLWithPath: cli.folder + "/meals.csv"))
        // The filler takes all but `leftKiB` of the disk once the plan exists.
        let result = try withSmallDisk("2m", """
            "$MEALPLAN" add 2026-03-01 dinner Soup --db small/plan.sqlite > /dev/null \
            && dd if=/dev/zero of=small/filler bs=1k count=$(( $(df -k --output=avail small | tail -1) - \(leftKiB) )) 2> /dev/null; \
            "$MEALPLAN" import meals.csv --db small/plan.sqlite; status=$?; rm small/filler; \
            "$MEALPLAN" list --from 2026-03-01 --to 2026-03-01 --db small/plan.sqlite; exit $status
            """, in: cli)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr == "mealplan: database 'small/plan.sqlite': the disk is full\n")
        #expect(result.stdout.hasPrefix("Sun 2026-03-01\n  1  dinner  Soup\n"), "\(result.stdout)")
    }

    /// A link to a file that is gone: refused for reading and writing alike, with the reason;
    /// no database is made where the link points.
    @Test func aDanglingLinkAsTheDatabaseIsRefusedWithTheReason() throws {
        let cli = CLISandbox()
        let link = cli.folder + "/meals.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "gone/plan.sqlite")
        let message = "cannot open database '\(link)': it is a symbolic link to 'gone/plan.sqlite', which does not exist; "
            + "mealplan never creates a database through a link"
        for arguments in [["list"], ["export"], ["slots"], ["add", "today", "lunch", "Soup"], ["import", "-"]] {
            try cli.expectFailure(arguments + ["--db", link], status: 74, message: message, database: link)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder) == ["meals.sqlite"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "gone/plan.sqlite")
    }
}
