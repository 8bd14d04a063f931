import Foundation
import Testing
import TestSupport

/// `mealplan shop --check/--uncheck/--open` on `ShopCommandTests.sandbox()`: ticks kept in the
/// recipes folder's `.shopping-checked`, as cookcli keeps them.
@Suite struct ShopTicksTests {
    static func log(_ recipes: [String: String]) -> String {
        recipes["MEALPLAN_RECIPES"]! + "/.shopping-checked"
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aTickedItemIsMarkedInEveryFormatAndLeftOutByOpen() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        // The week: 1.25 l milk, 12.5 g butter, 500 g cheese, 30 pasta sheets, 200 g lentils.
        let text = try cli.succeed(["shop", "--check", "milk", "Pasta Sheets"], environment: recipes)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("✓ milk          1.25 l"))
        #expect(lines.contains("✓ pasta sheets  30"))
        #expect(lines.contains("  cheese        500 g"))
        // Each tick is its entry, with what the list needed then on the line after.
        #expect(try Self.read(Self.log(recipes)) == "+ milk\n# mealplan bought: 1.25 l\n+ pasta sheets\n# mealplan bought: 30\n")

        // Without them the longest name is "lentils": names are padded to 7 columns.
        let open = try cli.succeed(["shop", "--open"], environment: recipes)
        #expect(!open.contains("milk") && !open.contains("pasta sheets") && open.contains("\n  cheese   500 g\n"))

        let markdown = try cli.succeed(["shop", "--format", "markdown"], environment: recipes)
        #expect(markdown.contains("\n- [x] milk — 1.25 l\n") && markdown.contains("\n- [ ] cheese — 500 g\n"))

        let json = try cli.run(["shop", "--format", "json"], environment: recipes)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let checked = items.filter { $0["checked"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(checked == ["milk", "pasta sheets"])
        #expect(items.allSatisfy { $0["checked"] is Bool && $0["added"] as? Bool == false })

        let csv = try cli.run(["shop", "--format", "csv"], environment: recipes).stdout
        let rows = csv.split(separator: "\r\n").map(String.init)
        #expect(rows.first == "aisle,name,quantity,unit,checked")
        #expect(rows.contains("dairy,milk,1.25,l,true") && rows.contains("dairy,cheese,500,g,false"))
    }

    @Test func namesMatchInAnyCaseThroughAisleNamesAndUntickingPutsItBack() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        // aisle.conf makes "whole milk" another name of milk; "lent" starts only lentils.
        try cli.succeed(["shop", "--check", "WHOLE MILK", "lent"], environment: recipes)
        try cli.succeed(["shop", "--uncheck", "Milk"], environment: recipes)
        let log = try Self.read(Self.log(recipes))
        #expect(log.hasSuffix("- milk\n"))
        let text = try cli.succeed(["shop"], environment: recipes)
        #expect(text.contains("\n  milk          1.25 l\n") && text.contains("\n✓ lentils       200 g\n"))
    }

    @Test func aTickStaysWhenThePlanNeedsMoreAndTheDifferenceIsAnOpenLine() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        // Monday alone needs 1 l milk; ticked so.
        try cli.succeed(["shop", "--days", "1", "--check", "milk"], environment: recipes)
        // Monday and Tuesday need 1 l + 250 ml: milk stays ticked at 1 l, 250 ml more is open.
        let lines = try cli.succeed(["shop", "--days", "2"], environment: recipes).split(separator: "\n").map(String.init)
        #expect(lines.contains("✓ milk          1 l"))
        #expect(lines.contains("  milk          +250 ml"))
        let open = try cli.succeed(["shop", "--days", "2", "--open"], environment: recipes)
        #expect(open.contains("  milk          +250 ml") && !open.contains("✓"))
        // Ticking it again takes what is needed now: nothing more is open.
        try cli.succeed(["shop", "--days", "2", "--check", "milk"], environment: recipes)
        let again = try cli.succeed(["shop", "--days", "2"], environment: recipes)
        #expect(again.contains("✓ milk          1.25 l") && !again.contains("+"))
        // Fewer meals later never reopen it.
        #expect(try cli.succeed(["shop", "--days", "1"], environment: recipes).contains("✓ milk          1.25 l"))
    }

    @Test(.requires(.cooklang)) func theLogIsReadAlikeByCooklangsOwnReader() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        try cli.succeed(["shop", "--check", "milk", "cheese", "butter"], environment: recipes)
        try cli.succeed(["shop", "--uncheck", "cheese"], environment: recipes)
        try cli.succeed(["shop", "--check", "lentils"], environment: recipes)
        let script = """
            import sys, cooklang
            entries = cooklang.parse_checked_log(open(sys.argv[1], encoding="utf-8").read())
            print(" ".join(("+" if e.checked else "-") + e.name for e in entries))
            print(",".join(cooklang.checked_names(entries)))
            """
        #expect(try pythonCheck(script, [Self.log(recipes)], in: cli) == "+milk +cheese +butter -cheese +lentils\nbutter,lentils,milk\n")
        // And what their writer appends, mealplan reads: a tick from another program counts.
        let appended = "import cooklang; open(__import__('sys').argv[1], 'a').write(cooklang.CheckEntry('Cheese', checked=True).to_text())"
        _ = try pythonCheck(appended, [Self.log(recipes)], in: cli)
        #expect(try cli.succeed(["shop"], environment: recipes).contains("\n✓ cheese        500 g\n"))
    }

    @Test func anUnknownNameOrABrokenLogLineWritesNothing() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let log = Self.log(recipes)
        try cli.expectFailure(["shop", "--check", "milk", "chese"], status: 64,
                              message: "'chese' is not on the shopping list; did you mean 'cheese'?", environment: recipes)
        #expect(!FileManager.default.fileExists(atPath: log))
        try cli.expectFailure(["shop", "--uncheck", "bread"], status: 64,
                              message: "'bread' is not on the shopping list", environment: recipes)
        #expect(!FileManager.default.fileExists(atPath: log))

        try Data("+ milk\n\n# a note\n+milk\n".utf8).write(to: URL(fileURLWithPath: log))
        try cli.expectFailure(["shop"], status: 65,
                              message: "\(log): line 4: not a '+ name' or '- name' entry", environment: recipes, inputs: [log])
        try cli.expectFailure(["shop", "--check", "cheese"], status: 65,
                              message: "\(log): line 4: not a '+ name' or '- name' entry", environment: recipes, inputs: [log])
        try Data("- milk\n# mealplan bought: 2 l\n".utf8).write(to: URL(fileURLWithPath: log))
        try cli.expectFailure(["shop"], status: 65,
                              message: "\(log): line 2: an amount bought that follows no '+ name' entry", environment: recipes, inputs: [log])
    }

    /// Listing only reads the log: a log that cannot be written (a shared folder read-only to
    /// this user) does not stop the list.
    @Test(.requires(.unprivilegedUser))
    func aListAloneNeedsNoWriteAccessToTheLog() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let log = Self.log(recipes)
        try Data("+ milk\n".utf8).write(to: URL(fileURLWithPath: log))
        if geteuid() == 0 {
            try cli.runAsNobody()
            // Everything readable by that user, nothing writable.
            #expect(try ExternalTool.run("chmod", ["-R", "a+rX,go-w", cli.folder], in: cli.folder).status == 0)
        }
        chmod(log, 0o444)
        defer { chmod(log, 0o644) }
        #expect(try cli.succeed(["shop"], environment: recipes).contains("\n✓ milk          1.25 l\n"))
        try cli.expectFailure(["shop", "--check", "cheese"], status: 74, message: "cannot write '\(log)': Permission denied",
                              environment: recipes, inputs: [log])
    }

    @Test func aLogWithoutItsLastNewlineIsAppendedToOnANewLine() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let log = Self.log(recipes)
        try Data("+ cheese".utf8).write(to: URL(fileURLWithPath: log))
        try cli.succeed(["shop", "--uncheck", "cheese"], environment: recipes)
        #expect(try Self.read(log) == "+ cheese\n- cheese\n")
    }
}

/// `mealplan shop add` / `shop remove`: items no recipe needs, in cookcli's `.shopping-list`.
@Suite struct ShopExtrasTests {
    @Test func anAddedItemIsListedInItsAisleAndCanBeTickedAndRemoved() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let list = recipes["MEALPLAN_RECIPES"]! + "/.shopping-list"
        #expect(try cli.succeed(["shop", "add", "paper towels", "--aisle", "household"], environment: recipes) == "added paper towels\n")
        #expect(try cli.succeed(["shop", "add", "Paper Towels"], environment: recipes) == "already on the list: Paper Towels\n")
        // Cream is in no aisle of aisle.conf but "dairy" is one: it goes there.
        try cli.succeed(["shop", "add", "cream", "--aisle", "dairy"], environment: recipes)
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "paper towels\ncream\n")
        // The aisles went to aisle.conf: cream at the end of dairy, household a new aisle.
        #expect(try String(contentsOfFile: recipes["MEALPLAN_RECIPES"]! + "/aisle.conf", encoding: .utf8)
            == "[dairy]\nmilk|whole milk\nbutter\ncheese\ncream\n\n[pasta]\npasta sheets\n\n[household]\npaper towels\n")
        let lines = try cli.succeed(["shop", "--check", "paper"], environment: recipes).split(separator: "\n", omittingEmptySubsequences: false)
        // dairy's items, then pasta, then household, the last aisle of aisle.conf, before "other".
        let dairy = try #require(lines.firstIndex(of: "dairy")), household = try #require(lines.firstIndex(of: "household"))
        #expect(lines[dairy + 4] == "  cream" && lines[household + 1] == "✓ paper towels")
        let pasta = try #require(lines.firstIndex(of: "pasta")), other = try #require(lines.firstIndex(of: "other"))
        #expect(household > pasta && household < other)
        #expect(try cli.succeed(["shop", "remove", "PAPER towels"], environment: recipes) == "removed paper towels\n")
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "cream\n")
        #expect(try cli.succeed(["shop", "list", "--open"], environment: recipes).contains("  cream"))
    }

    @Test(.requires(.cooklang)) func cooklangsReaderReadsTheSameItems() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let list = recipes["MEALPLAN_RECIPES"]! + "/.shopping-list"
        // A list the Cooklang apps made: a recipe with its ingredients, an item with an amount.
        try Data("./Lasagna{2}\n  milk{1%l}\nlemons{3}\n".utf8).write(to: URL(fileURLWithPath: list))
        try cli.succeed(["shop", "add", "paper towels", "--aisle", "household"], environment: recipes)
        let script = """
            import sys, cooklang
            parsed = cooklang.parse_shopping_list(open(sys.argv[1], encoding="utf-8").read())
            print(",".join(i.name for i in parsed.ingredients), ",".join(r.path for r in parsed.recipes))
            """
        #expect(try pythonCheck(script, [list], in: cli) == "lemons,paper towels Lasagna\n")
        let text = try cli.succeed(["shop"], environment: recipes)
        #expect(text.contains("\n  lemons        3\n") && text.contains("\n  paper towels\n"))
    }

    @Test func badNamesAndBrokenListsGetOneLine() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let list = recipes["MEALPLAN_RECIPES"]! + "/.shopping-list"
        try cli.expectFailure(["shop", "remove", "soap"], status: 64,
                              message: "'soap' is not an extra item of the shopping list", environment: recipes)
        try cli.expectFailure(["shop", "add", "./soap"], status: 64,
                              message: "'./soap': a name starting with './' is a recipe in .shopping-list", environment: recipes)
        try cli.expectFailure(["shop", "add", "soap{2}"], status: 64,
                              message: "'soap{2}': an item's name has no '{' or '}'", environment: recipes)
        let aisles = recipes["MEALPLAN_RECIPES"]! + "/aisle.conf"
        try cli.expectFailure(["shop", "add", "whole milk", "--aisle", "fridge"], status: 64,
                              message: "'whole milk' is in aisle [dairy] of \(aisles)", environment: recipes, inputs: [aisles])
        #expect(!FileManager.default.fileExists(atPath: list))
        try cli.succeed(["shop", "add", "soap"], environment: recipes)
        try cli.expectFailure(["shop", "remove", "sope"], status: 64,
                              message: "'sope' is not an extra item of the shopping list; did you mean 'soap'?",
                              environment: recipes, inputs: [list])
        try Data("soap\n  milk\n".utf8).write(to: URL(fileURLWithPath: list))
        try cli.expectFailure(["shop"], status: 65, message: "\(list): line 2: an indented line under no recipe",
                              environment: recipes, inputs: [list])
        try cli.expectFailure(["shop", "add", "bread"], status: 65, message: "\(list): line 2: an indented line under no recipe",
                              environment: recipes, inputs: [list])
    }
}

/// Several mealplans writing the recipes folder's list files at once, and the files' bounds.
@Suite struct ShopFilesSharedTests {
    /// Runs every command of `commands` (arguments of mealplan) at once, and waits for all.
    static func runTogether(_ commands: [[String]], in cli: CLISandbox, environment: [String: String]) throws -> RunResult {
        let quoted = commands.map { arguments in
            ([CLISandbox.binary.path] + arguments).map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ") + " &"
        }
        let script = quoted.joined(separator: "\n") + "\nfailed=0\nfor job in $(jobs -p); do wait $job || failed=1; done\nexit $failed\n"
        return try ExternalTool.run("sh", ["-c", script], in: cli.folder, environment: cli.environment(environment))
    }

    @Test func ticksAndItemsAddedAtOnceAreAllKeptWhole() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let names = ["milk", "butter", "cheese", "pasta sheets", "lentils"]
        let ticks = try Self.runTogether(names.map { ["shop", "--check", $0] } + (1...5).map { ["shop", "add", "item \($0)"] },
                                         in: cli, environment: recipes)
        #expect(ticks.status == 0, "\(ticks.stderr)")
        let log = try String(contentsOfFile: ShopTicksTests.log(recipes), encoding: .utf8)
        // Each tick is its two lines together, whatever the order of the five.
        let entries = log.split(separator: "\n").map(String.init)
        #expect(entries.count == 10)
        for index in stride(from: 0, to: entries.count, by: 2) {
            #expect(entries[index].hasPrefix("+ ") && entries[index + 1].hasPrefix("# mealplan bought: "))
        }
        #expect(Set(entries.filter { $0.hasPrefix("+ ") }) == Set(names.map { "+ " + $0 }))
        let list = try String(contentsOfFile: recipes["MEALPLAN_RECIPES"]! + "/.shopping-list", encoding: .utf8)
        #expect(Set(list.split(separator: "\n").map(String.init)) == Set((1...5).map { "item \($0)" }))
        #expect(!(try cli.succeed(["shop", "--open"], environment: recipes)).contains { $0 == "✓" })
    }

    /// A log past the 1 MB that any list file is read up to is refused, not read without end.
    @Test func aRunawayLogIsRefused() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let log = ShopTicksTests.log(recipes)
        try Data(String(repeating: "+ milk\n", count: 1_048_576 / 7 + 1).utf8).write(to: URL(fileURLWithPath: log))
        try cli.expectFailure(["shop", "--check", "cheese"], status: 65, message: "'\(log)' is larger than 1 MB",
                              environment: recipes, inputs: [log])
    }
}
