import Foundation
import Testing
import TestSupport

/// A path that is not valid UTF-8 cannot reach the file it names through Swift's strings (its
/// bad bytes would become U+FFFD, another file): it is refused in one line, nothing is opened
/// or created. The arguments are made by the shell's printf, byte for byte.
@Suite struct NonUTF8PathTests {
    /// `lat` + 0xE9 (é in Latin-1) + `.sqlite`, as the shell's printf makes it.
    static let latin1Name = "\"$(printf 'lat\\351.sqlite')\""
    static let latin1Shown = "lat\\xE9.sqlite"

    func listing(_ cli: CLISandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { !$0.hasPrefix("io-") }.sorted()
    }

    @Test func aPathArgumentThatIsNotUTF8IsRefused() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        // The file exists under that name, with a meal in it: neither it nor a look-alike is opened.
        let copied = try cli.shell("cp data/meals.sqlite \(Self.latin1Name)")
        #expect(copied.status == 0)
        let before = try listing(cli)
        let argument = "the argument '\(Self.latin1Shown)' is not valid UTF-8; mealplan takes text and paths in UTF-8 only"
        for command in ["list --db \(Self.latin1Name)", "add today lunch Bread --db \(Self.latin1Name)",
                        "export --output \(Self.latin1Name)", "import \(Self.latin1Name)",
                        "add today lunch \"$(printf 'Caf\\351')\""] {
            let result = try cli.shell("\"$MEALPLAN\" \(command)")
            #expect(result.status == 64, "\(command)")
            let shown = command.hasPrefix("add today lunch \"") ? argument.replacingOccurrences(of: Self.latin1Shown, with: "Caf\\xE9")
                : argument
            #expect(result.stderr == "mealplan: \(shown)\n", "\(command)")
            #expect(result.stdout == "", "\(command)")
        }
        #expect(try listing(cli) == before, "no file made or removed")
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  lunch  Soup\n", "the plan is unchanged")
    }

    @Test(arguments: [
        ("MEALPLAN_DB", "\"$(printf '/tmp/lat\\351.sqlite')\"", "/tmp/lat\\xE9.sqlite"),
        ("HOME", "\"$(printf '/tmp/caf\\351')\"", "/tmp/caf\\xE9"),
        ("XDG_DATA_HOME", "\"$(printf '/tmp/caf\\351')\"", "/tmp/caf\\xE9"),
    ])
    func aPathVariableThatIsNotUTF8IsRefused(name: String, value: String, shown: String) throws {
        let cli = CLISandbox()
        let before = try listing(cli)
        // The variables that come before it in the search for the database are unset.
        let unset = ["MEALPLAN_DB", "XDG_DATA_HOME", "HOME"].prefix { $0 != name }.map { "unset \($0); " }.joined()
        for command in ["list", "add today lunch Soup"] {
            let result = try cli.shell("\(unset)\(name)=\(value) \"$MEALPLAN\" \(command)")
            #expect(result.status == 64, "\(command)")
            #expect(result.stderr == "mealplan: \(name) '\(shown)' is not valid UTF-8; mealplan takes paths in UTF-8 only\n")
        }
        #expect(try listing(cli) == before)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/lat\u{FFFD}.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/caf\u{FFFD}"))
        // --db chooses the database: the variable is not used, so it is not in the way.
        let result = try cli.shell("\(unset)\(name)=\(value) \"$MEALPLAN\" add today lunch Soup --db plan.sqlite")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
