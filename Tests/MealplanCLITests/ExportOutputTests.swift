import Foundation
import Testing
import TestSupport

/// `export --output` writes a new file or replaces a regular file that is not a database; it
/// writes FIFOs, devices and the streams it has open in place; an interrupted export leaves
/// nothing behind.
@Suite struct ExportOutputTests {
    static let oneMeal = "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Soup,,,,,,\r\n"
    /// The same in a file named *.csv, whose header marks its formula protection.
    static let oneMealInCSVFile = "\"date\"" + oneMeal.dropFirst(4)

    func sandboxWithOneMeal() throws -> CLISandbox {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        return cli
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The plan itself, by its own path, through a relative path or a link, and any other
    /// SQLite file or the -wal beside one: refused, every byte kept.
    @Test(.requires(.sqlite3)) func aDatabaseIsNeverReplaced() throws {
        let cli = try sandboxWithOneMeal()
        let other = cli.folder + "/other.sqlite", link = cli.folder + "/link.csv"
        _ = try ExternalTool.run("sqlite3", [other, "PRAGMA journal_mode=WAL; CREATE TABLE t(x); INSERT INTO t VALUES (1)"],
                                 in: cli.folder)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: cli.database)
        let refusal = "it is a SQLite database, which export never replaces"
        for (target, shown) in [(cli.database, cli.database), (link, link), (other, other)] {
            try cli.expectFailure(["export", "--output", shown], status: 74, message: "cannot write '\(shown)': \(refusal)",
                                  inputs: [target])
            try cli.expectFailure(["export", "--from", "today", "--to", "today", "--format", "csv", "--output", shown],
                                  status: 74, message: "cannot write '\(shown)': \(refusal)", inputs: [target])
        }
        let relative = try cli.run(["export", "--output", "data/meals.sqlite"], directory: cli.folder)
        #expect(relative.status == 74)
        #expect(relative.stderr == "mealplan: cannot write 'data/meals.sqlite': \(refusal)\n")
        try cli.expectFailure(["export", "--output", cli.folder], status: 74, message: "cannot write '\(cli.folder)': it is a folder")
        #expect(try cli.succeed(["export"]) == Self.oneMeal)
    }

    @Test func theFilesBesideADatabaseAreNeverReplaced() throws {
        let cli = try sandboxWithOneMeal()
        for suffix in ["-wal", "-shm", "-journal"] {
            let path = cli.database + suffix
            try Data("not a meal file".utf8).write(to: URL(fileURLWithPath: path))
            try cli.expectFailure(["export", "--output", path], status: 74,
                                  message: "cannot write '\(path)': it belongs to the SQLite database beside it, which export never replaces",
                                  inputs: [path])
            try FileManager.default.removeItem(atPath: path)
        }
    }

    /// A private file stays private: the new file keeps the old one's permission bits.
    @Test func aReplacedFileKeepsItsMode() throws {
        let cli = try sandboxWithOneMeal()
        let output = cli.folder + "/private.csv"
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        for mode in [0o600, 0o640, 0o604] {
            #expect(chmod(output, mode_t(mode)) == 0)
            #expect(try cli.succeed(["export", "--output", output]) == "exported 1 meal to \(output)\n")
            #expect(contents(output) == Self.oneMealInCSVFile)
            let attributes = try FileManager.default.attributesOfItem(atPath: output)
            #expect((attributes[.posixPermissions] as? Int) == mode, "mode \(String(mode, radix: 8))")
        }
    }

    /// Through a symbolic link the file it points to is replaced; the link stays a link.
    @Test func aLinkKeepsPointingAtTheReplacedFile() throws {
        let cli = try sandboxWithOneMeal()
        let target = cli.folder + "/target.csv", link = cli.folder + "/link.csv"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.csv")
        try cli.succeed(["export", "--output", link])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.csv")
        #expect(contents(target) == Self.oneMealInCSVFile)
    }

    /// A FIFO is written to its reader and stays a FIFO.
    @Test func aFIFOIsWrittenInPlace() throws {
        let cli = try sandboxWithOneMeal()
        #expect(mkfifo(cli.folder + "/pipe", 0o600) == 0)
        let result = try cli.shell("""
            cat pipe > got.csv & "$MEALPLAN" export --output pipe; status=$?; wait; exit $status
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exported 1 meal to pipe\n")
        #expect(contents(cli.folder + "/got.csv") == Self.oneMeal)
        #expect(isFIFO(cli.folder + "/pipe"))
    }

    /// A character device (a private null device, as making one needs root) stays a device.
    @Test(.requires(.root))
    func aDeviceIsWrittenInPlace() throws {
        let cli = try sandboxWithOneMeal()
        let device = cli.folder + "/null"
        var null = stat()
        #expect(stat("/dev/null", &null) == 0 && mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0)
        #expect(try cli.succeed(["export", "--output", device]) == "exported 1 meal to \(device)\n")
        var status = stat()
        #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    /// /dev/stdout is the stream the shell gave (a pipe, or a file it made with `>` or `>>`),
    /// written where the export's own output goes.
    @Test func standardOutputByNameIsWrittenInPlace() throws {
        let cli = try sandboxWithOneMeal()
        let result = try cli.shell("""
            "$MEALPLAN" export --output /dev/stdout | cat > piped.csv &&
            "$MEALPLAN" export --output /dev/stdout > file.csv &&
            echo before > appended.csv && "$MEALPLAN" export --output /dev/stdout >> appended.csv &&
            test -L /dev/stdout
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(contents(cli.folder + "/piped.csv") == Self.oneMeal + "exported 1 meal to /dev/stdout\n")
        #expect(contents(cli.folder + "/file.csv") == Self.oneMeal + "exported 1 meal to /dev/stdout\n")
        #expect(contents(cli.folder + "/appended.csv") == "before\n" + Self.oneMeal + "exported 1 meal to /dev/stdout\n")
    }

    /// An export killed at any moment while it writes (SIGKILL, or SIGINT and SIGTERM, which it
    /// does not catch) leaves the old file as it was and nothing else in its folder.
    @Test(arguments: [SIGKILL, SIGINT, SIGTERM])
    func anInterruptedExportLeavesNothingBehind(signal: Int32) throws {
        let cli = CLISandbox()
        try cli.succeed(["import", "-"], input: Data(manyMealsCSV(rows: 100_000).utf8))
        let folder = cli.folder + "/out", output = folder + "/plan.csv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Data(Self.oneMeal.utf8).write(to: URL(fileURLWithPath: output))
        let export = try KillableProcess(CLISandbox.binary.path, ["export", "--output", output], environment: cli.environment(),
                                         standardOutput: cli.folder + "/export.out", standardError: cli.folder + "/export.err")
        // Interrupted once the export has opened its file in the folder.
        var interrupted = false
        while !interrupted, export.wait(until: .now) == nil {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(export.pid)/fd")) ?? []
            interrupted = descriptors.contains { descriptor in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(export.pid)/fd/\(descriptor)"))?
                    .hasPrefix(folder + "/") == true
            }
            if interrupted { _ = kill(export.pid, signal) } else { usleep(500) }
        }
        #expect(interrupted, "the export ended before it could be interrupted")
        #expect(export.wait() == .killed(by: signal))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plan.csv"])
        #expect(contents(output) == Self.oneMeal)
    }

    func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}
