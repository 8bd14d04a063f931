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
        #expect(try Self.read(Self.log(recipes)) == "+ milk\n# mealplan bought: 1.25 l\n+ pasta sheets\n# mealplan bought: 30.0\n")

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

    @Test func aLogWithoutItsLastNewlineIsAppendedToOnANewLine() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let log = Self.log(recipes)
        try Data("+ cheese".utf8).write(to: URL(fileURLWithPath: log))
        try cli.succeed(["shop", "--uncheck", "cheese"], environment: recipes)
        #expect(try Self.read(log) == "+ cheese\n- cheese\n")
    }
}
