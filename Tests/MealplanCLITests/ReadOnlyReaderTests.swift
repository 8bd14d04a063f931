import Foundation
import Testing
import TestSupport

/// Someone who may read a shared plan but not write it (here `nobody`, reading a plan of root
/// in a sticky folder like /tmp) reads it without leaving a file beside it, so the owner never
/// meets files it cannot use or remove; and its dry runs work.
@Suite(.requires(.unprivilegedUser))
struct ReadOnlyReaderTests {
    static let input = "date,slot,title\r\n2026-03-03,lunch,Bread\r\n"

    /// A plan of the current user in a sticky folder anyone may write to, readable by all,
    /// with the commands running as someone else from then on (as root: `nobody`).
    func sharedPlan() throws -> (CLISandbox, shared: String, database: String) {
        let cli = CLISandbox()
        let shared = cli.folder + "/shared", database = shared + "/plan.sqlite"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try cli.succeed(["add", "today", "lunch", "Soup", "--db", database])
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
        try Data(Self.input.utf8).write(to: URL(fileURLWithPath: cli.folder + "/input.csv"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cli.folder + "/input.csv")
        if geteuid() == 0 { try cli.runAsNobody() }
        return (cli, shared, database)
    }

    func listing(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func readingLeavesNoFileBesideThePlan() throws {
        let (cli, shared, database) = try sharedPlan()
        let before = try cli.sha256(of: CLISandbox.databaseFiles(database))
        #expect(try cli.succeed(["list", "--db", database]) == "Mon 2026-03-02\n  1  lunch  Soup\n")
        #expect(try cli.succeed(["export", "--db", database]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Soup,,,,,,\r\n")
        #expect(try cli.succeed(["slots", "--db", database]) == "breakfast\nlunch\ndinner\nsnack\n")
        #expect(try cli.succeed(["import", "--dry-run", cli.folder + "/input.csv", "--db", database])
            == "would import 1 meal (2026-03-03 … 2026-03-03) from \(cli.folder)/input.csv; dry run, nothing changed\n")
        try cli.expectFailure(["add", "today", "lunch", "Bread", "--db", database], status: 74,
                              message: "database '\(database)' is read-only; cannot change it", database: database)
        #expect(try listing(shared) == ["plan.sqlite"], "no -wal or -shm left by the reader")
        #expect(try cli.sha256(of: CLISandbox.databaseFiles(database)) == before)
    }

    /// While the owner has the plan open, its -wal holds changes not yet in the file: the
    /// reader reads them through the owner's files, and makes none of its own.
    @Test(.requires(.python3)) func aReaderSeesTheOwnersUnfoldedChanges() throws {
        let (cli, shared, database) = try sharedPlan()
        let owner = CLISandbox.binary.path, uid = geteuid()
        let reader = uid == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups bin/mealplan" : "\"$MEALPLAN\""
        // The owner keeps a connection open (so the -wal stays) while it adds a meal; the
        // reader lists, then the owners of the files beside the plan are printed. The holder
        // closes its connection when told by a file, not by a signal: a process the tests
        // start may inherit a thread's blocked signals, and a killed holder would leave its
        // -wal behind.
        let holder = "import os, sqlite3, sys, time; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA schema_version'); "
            + "open(sys.argv[2], 'w').close()\nwhile not os.path.exists(sys.argv[3]): time.sleep(0.05)\nc.close()"
        let result = try cli.shell("""
            python3 -c "\(holder)" \(database) opened done & holder=$!
            while [ ! -e opened ] && kill -0 $holder 2> /dev/null; do sleep 0.05; done
            "\(owner)" add tomorrow dinner Stew --db \(database) > /dev/null &&
            \(reader) list --db \(database) && stat -c %u \(database)-wal \(database)-shm
            status=$?; touch done; wait; exit $status
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Mon 2026-03-02\n  1  lunch   Soup\n\nTue 2026-03-03\n  2  dinner  Stew\n\(uid)\n\(uid)\n")
        #expect(try listing(shared) == ["plan.sqlite"])
    }

    /// The owner's own copy that it made read-only (mode 0400) is read the same way.
    @Test func aPlanMadeReadOnlyByItsOwnerIsReadWithoutFiles() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: cli.database)
        try Data(Self.input.utf8).write(to: URL(fileURLWithPath: cli.folder + "/input.csv"))
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  lunch  Soup\n")
        #expect(try cli.succeed(["import", "--dry-run", cli.folder + "/input.csv"]).hasPrefix("would import 1 meal"))
        #expect(try listing(cli.folder + "/data") == ["meals.sqlite"])
    }
}
