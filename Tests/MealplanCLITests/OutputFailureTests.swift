import Foundation
import Testing
import TestSupport

/// A command whose output cannot be written has failed, whatever it did before: it says so in
/// one line naming the output and exits with 74, never 0.
@Suite struct OutputFailureTests {
    /// Every command that prints something on success, with the files it needs.
    static func printingCommands(input: String, output: String) -> [String] {
        ["add today lunch Soup", "list", "list --format csv", "list --format json", "edit 1 --title Stew",
         "move 1 tomorrow", "copy 1 +2", "remove 3", "slots", "slots list", "slots add brunch", "slots remove brunch",
         "copy-days today --to +7", "import '\(input)'", "import --dry-run --allow-duplicates '\(input)'", "export", "export --format json",
         "export --format ics", "export --output '\(output)'", "help", "--help", "list --help"]
    }

    @Test func everyCommandReportsAFullStandardOutput() throws {
        let cli = CLISandbox()
        let input = cli.folder + "/input.csv", output = cli.folder + "/out.csv"
        try Data("date,slot,title\r\n2026-03-05,lunch,Bread\r\n".utf8).write(to: URL(fileURLWithPath: input))
        try cli.succeed(["add", "today", "dinner", "Stew"])
        for command in Self.printingCommands(input: input, output: output) {
            let result = try cli.shell("\"$MEALPLAN\" \(command) > /dev/full")
            #expect(result.status == 74, "\(command)")
            #expect(result.stderr == "mealplan: cannot write standard output: the disk is full\n", "\(command)")
        }
    }

    /// A disk that fills up part way through: the file is cut, and the command says so.
    @Test(.requires(.root))
    func aDiskThatFillsUpPartWayIsReported() throws {
        let cli = CLISandbox()
        let meals = (1...400).map { "2026-03-02,lunch,Meal number \($0) of a long list,\r\n" }.joined()
        try cli.succeed(["import", "-"], input: Data(("date,slot,title,note\r\n" + meals).utf8))
        let small = cli.folder + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        // A mount namespace of its own: the 4 KiB file system goes away with the shell.
        let result = try cli.shell("""
            exec unshare --mount sh -c 'mount -t tmpfs -o size=4k tmpfs small && "$MEALPLAN" list > small/list.txt'
            """)
        #expect(result.status == 74)
        #expect(result.stderr == "mealplan: cannot write standard output: the disk is full\n")
    }
}
