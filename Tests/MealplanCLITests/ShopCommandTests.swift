import Foundation
import Testing
import TestSupport

/// `mealplan shop` on the recipes of `RecipeCommandTests.sandbox()`, with an aisle and a pantry
/// file beside them.
@Suite struct ShopCommandTests {
    /// Three meals in the week of 2026-03-02:
    /// - Mon: Lasagna for 12, twice the recipe (written for 6): 24 pasta sheets, 400 g cheese,
    ///   1 tsp salt (fixed: not scaled), and 2 × 500 ml of Bechamel, which yields 1 l: a whole
    ///   Bechamel, 1 l milk and 50 g butter;
    /// - Tue: Lasagna for 3, half: 6 sheets, 100 g cheese, 1 tsp salt, 250 ml milk, 12.5 g butter;
    /// - Wed: Soup for 4, but the recipe does not say its servings: as written, 200 g lentils.
    /// Totals: 30 pasta sheets, 500 g cheese, 2 tsp salt, 1.25 l milk, 62.5 g butter, 200 g lentils.
    static func sandbox() throws -> (CLISandbox, [String: String]) {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        let recipes = ["MEALPLAN_RECIPES": folder]
        try cli.succeed(["add", "mon", "dinner", "--recipe", "lasagna", "--servings", "12"], environment: recipes)
        try cli.succeed(["add", "tue", "dinner", "--recipe", "lasagna", "--servings", "3"], environment: recipes)
        try cli.succeed(["add", "wed", "lunch", "--recipe", "soup", "--servings", "4"], environment: recipes)
        try cli.succeed(["add", "thu", "lunch", "Sandwich"])
        // Aisles in walking order; "whole milk" is another name for milk.
        try Data("[dairy]\nmilk|whole milk\nbutter\ncheese\n\n[pasta]\npasta sheets\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/aisle.conf"))
        // 50 g of butter in stock leaves 12.5 g to buy; salt in stock, amount not said, is left out.
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        try Data("[fridge]\nbutter = \"50%g\"\n\n[shelf]\nsalt = { bought = \"2026-01-05\" }\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/config/pantry.conf"))
        return (cli, recipes)
    }

    @Test func theWeeksListIsScaledAddedUpInAisleOrderLessThePantry() throws {
        let (cli, recipes) = try Self.sandbox()
        // Names are padded to the longest, "pasta sheets" (12 columns); ingredients that no
        // aisle names come last, under "other".
        #expect(try cli.succeed(["shop"], environment: recipes) == """
            Shopping list for Mon 2026-03-02 … Sun 2026-03-08: 3 meals with recipes

            dairy
              milk          1.25 l
              butter        12.5 g
              cheese        500 g

            pasta
              pasta sheets  30

            other
              lentils       200 g

            note: 'Soup' does not say its servings; used as written
            1 meal has no recipe: Thu 2026-03-05 lunch 'Sandwich'

            """)
    }

    /// A list covers at most a year: a leap year's 366 days are listed, a longer range is
    /// refused at once (a daily rule from year 1 made every day to 9999 cost 14 s and 1.3 GB).
    @Test func aListCoversAtMostAYear() throws {
        let (cli, recipes) = try Self.sandbox()
        try cli.succeed(["repeat", "add", "0001-01-01", "dinner", "--recipe", "soup", "--every", "day"], environment: recipes)
        #expect(try cli.succeed(["shop", "--from", "2028-01-01", "--to", "2028-12-31"], environment: recipes).contains("lentils"))
        try cli.expectFailure(["shop", "--from", "2028-01-01", "--to", "2029-01-01"], status: 64,
                              message: "a list covers 1 to 366 days (a year), not 367; shop for fewer days", environment: recipes)
        try cli.expectFailure(["shop", "--from", "0001-01-01", "--to", "9999-12-31"], status: 64,
                              message: "a list covers 1 to 366 days (a year), not 3652059; shop for fewer days", environment: recipes)
        try cli.expectFailure(["shop", "--days", "400"], status: 64,
                              message: "a list covers 1 to 366 days (a year), not 400; shop for fewer days", environment: recipes)
    }

    @Test func withoutThePantryEverythingIsListed() throws {
        let (cli, recipes) = try Self.sandbox()
        let lines = try cli.succeed(["shop", "--no-pantry", "--from", "mon", "--to", "tue"], environment: recipes)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Shopping list for Mon 2026-03-02 … Tue 2026-03-03: 2 meals with recipes")
        #expect(lines.contains("  butter        62.5 g"))
        #expect(lines.contains("  salt          2 tsp"))
        #expect(!lines.contains { $0.contains("lentils") })
    }

    @Test func whyNamesTheMeals() throws {
        let (cli, recipes) = try Self.sandbox()
        let text = try cli.succeed(["shop", "--why", "--days", "2"], environment: recipes)
        #expect(text.contains("""
              pasta sheets  30
                for Lasagna al forno (meal 1, Mon 2026-03-02), Lasagna al forno (meal 2, Tue 2026-03-03)
            """))
    }

    @Test func jsonIsAnArrayOfItemsWithAmountsAndMeals() throws {
        let (cli, recipes) = try Self.sandbox()
        let result = try cli.run(["shop", "--format", "json"], environment: recipes)
        #expect(result.status == 0)
        #expect(result.stderr == """
            mealplan: warning: 'Soup' does not say its servings; used as written
            mealplan: 1 meal has no recipe: Thu 2026-03-05 lunch 'Sandwich'

            """)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["milk", "butter", "cheese", "pasta sheets", "lentils"])
        #expect(items.map { ($0["aisle"] as? String) ?? "null" } == ["dairy", "dairy", "dairy", "pasta", "null"])
        let milk = try #require(items.first)
        #expect(milk.keys.sorted() == ["added", "aisle", "amounts", "checked", "meals", "name"])
        #expect((milk["meals"] as? [[String: Any]])?.allSatisfy { $0.keys.sorted() == ["date", "id", "repeat"] && $0["repeat"] is NSNull } == true)
        let amounts = try #require(milk["amounts"] as? [[String: Any]])
        #expect(amounts.count == 1 && amounts[0]["quantity"] as? Double == 1.25 && amounts[0]["unit"] as? String == "l")
        let meals = try #require(milk["meals"] as? [[String: Any]])
        #expect(meals.map { $0["id"] as? Int } == [1, 2])
        #expect(meals.map { $0["date"] as? String } == ["2026-03-02", "2026-03-03"])
        let pasta = try #require(items.first { $0["name"] as? String == "pasta sheets" })
        let count = try #require((pasta["amounts"] as? [[String: Any]])?.first)
        #expect(count["quantity"] as? Double == 30 && count["unit"] is NSNull)
    }

    /// A repeat's occurrences have no id of their own: every format names them by rule and
    /// day, as `list` does, so two of them are told apart.
    @Test func occurrencesOfARepeatAreNamedByRuleAndDay() throws {
        let (cli, recipes) = try Self.sandbox()
        try cli.succeed(["repeat", "add", "2026-03-09", "dinner", "Soup", "--every", "day", "--recipe", "soup"], environment: recipes)
        let range = ["--from", "2026-03-09", "--days", "2"]
        let text = try cli.succeed(["shop", "--why"] + range, environment: recipes)
        #expect(text.contains("\n    for Soup (r1, Mon 2026-03-09), Soup (r1, Tue 2026-03-10)\n"))
        let json = try cli.succeed(["shop", "--format", "json"] + range, environment: recipes)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let meals = try #require(items.first?["meals"] as? [[String: Any]])
        #expect(meals.map { $0["id"] is NSNull } == [true, true])
        #expect(meals.map { $0["repeat"] as? Int } == [1, 1])
        #expect(meals.map { $0["date"] as? String } == ["2026-03-09", "2026-03-10"])
        let csv = try cli.succeed(["shop", "--format", "csv", "--why"] + range, environment: recipes)
        #expect(csv.hasSuffix(",r1@2026-03-09 r1@2026-03-10\r\n"))
    }

    @Test func markdownAndCSV() throws {
        let (cli, recipes) = try Self.sandbox()
        let markdown = try cli.succeed(["shop", "--format", "markdown", "--days", "1"], environment: recipes)
        #expect(markdown.hasPrefix("# Shopping list for Mon 2026-03-02\n\n## dairy\n\n- [ ] milk — 1 l\n- [ ] cheese — 400 g\n"))
        let csv = try cli.run(["shop", "--format", "csv", "--why", "--days", "1"], environment: recipes)
        // Monday alone: 50 g butter, all in the pantry.
        #expect(csv.stdout == "aisle,name,quantity,unit,checked,meals\r\ndairy,milk,1,l,false,1\r\ndairy,cheese,400,g,false,1\r\npasta,pasta sheets,24,,false,1\r\n")
    }

    @Test func daysWithoutRecipesNeedNothing() throws {
        let (cli, recipes) = try Self.sandbox()
        #expect(try cli.succeed(["shop", "--from", "thu", "--days", "1"], environment: recipes)
            == """
            Shopping list for Thu 2026-03-05: 0 meals with recipes
            nothing to buy: no meal in these days has a recipe

            1 meal has no recipe: Thu 2026-03-05 lunch 'Sandwich'

            """)
    }

    @Test func badFilesAndOptionsGetOneLine() throws {
        let (cli, recipes) = try Self.sandbox()
        let folder = recipes["MEALPLAN_RECIPES"]!
        try Data("milk\n".utf8).write(to: URL(fileURLWithPath: cli.folder + "/bad-aisles.conf"))
        try Data("[fridge]\nbutter = 50\n".utf8).write(to: URL(fileURLWithPath: cli.folder + "/bad-pantry.conf"))
        try cli.expectFailure(["shop", "--aisles", cli.folder + "/bad-aisles.conf"], status: 78,
                              message: "\(cli.folder)/bad-aisles.conf: line 1: 'milk' comes before any [aisle] line", environment: recipes)
        try cli.expectFailure(["shop", "--pantry", cli.folder + "/bad-pantry.conf"], status: 78,
                              message: "\(cli.folder)/bad-pantry.conf: line 2: key 'butter': the value must be a quoted text, like \"500%g\"",
                              environment: recipes)
        try cli.expectFailure(["shop", "--aisles", cli.folder + "/none.conf"], status: 66,
                              message: "cannot read '\(cli.folder)/none.conf': No such file or directory", environment: recipes)
        try cli.expectFailure(["shop", "--pantry", "x", "--no-pantry"], status: 64,
                              message: "give either --pantry or --no-pantry, not both (see 'mealplan help')", environment: recipes)
        try cli.expectFailure(["shop", "--recipes", cli.folder + "/none"], status: 66,
                              message: "recipes folder '\(cli.folder)/none': No such file or directory", environment: recipes)
        // A malformed recipe leaves its meal out, named with its place; the rest is listed and
        // the status says the list is short.
        try Data("Simmer @beans{400%g}.\n".utf8).write(to: URL(fileURLWithPath: folder + "/Stew.cook"))
        try cli.succeed(["add", "fri", "dinner", "Stew", "--recipe", "stew"], environment: recipes)
        try cli.succeed(["add", "sat", "dinner", "Lasagna", "--recipe", "lasagna"], environment: recipes)
        try Data("Add @salt{%g}.\n".utf8).write(to: URL(fileURLWithPath: folder + "/Stew.cook"))
        let broken = "left out: Fri 2026-03-06 dinner 'Stew' (meal 5): "
            + "\(folder)/Stew.cook:1:11: the amount is missing before '%'; write it as {quantity%unit}"
        let short = try cli.run(["shop", "--from", "fri", "--days", "2"], environment: recipes)
        #expect(short.status == 65)
        #expect(short.stderr == "mealplan: \(broken)\n")
        #expect(short.stdout.contains("pasta sheets  12\n") && short.stdout.hasSuffix("\n\(broken)\n"))
        // A missing recipe too; two left out are each named, then counted.
        try FileManager.default.removeItem(atPath: folder + "/Soup.cook")
        let missing = try cli.run(["shop", "--days", "7"], environment: recipes)
        #expect(missing.status == 65)
        #expect(missing.stdout.contains("\nleft out: Wed 2026-03-04 lunch 'Soup' (meal 3): "))
        #expect(missing.stdout.contains("\n\(broken)\n"))
        #expect(missing.stderr == "mealplan: the list leaves out 2 meals whose recipes could not be used; the list names them at its end\n")
        let json = try cli.run(["shop", "--days", "7", "--format", "json"], environment: recipes)
        #expect(json.status == 65 && (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
        #expect(json.stderr.split(separator: "\n").filter { $0.hasPrefix("mealplan: left out: ") }.count == 2)
    }
}
