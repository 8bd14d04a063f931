import Foundation
import Settings
import Testing
import TestSupport

/// `mealplan recipes` and `mealplan recipe` on a recipes folder in the sandbox.
@Suite struct RecipeCommandTests {
    /// A sandbox with a recipes folder: a lasagna for 6 using a béchamel by volume, a soup
    /// without servings, and one malformed recipe.
    static func sandbox() throws -> (CLISandbox, String) {
        let cli = CLISandbox()
        let folder = cli.folder + "/recipes"
        try FileManager.default.createDirectory(atPath: folder + "/sauces", withIntermediateDirectories: true)
        let files = [
            "Lasagna.cook": "---\ntitle: Lasagna al forno\nservings: 6\ntags: [pasta, bake]\n---\n"
                + "Layer @pasta sheets{12} with @./sauces/Bechamel{500%ml}, @cheese{200%g}(grated) and @salt{=1%tsp}.\n\n"
                + "Bake in the #oven{} for ~{40%minutes}.\n",
            "sauces/Bechamel.cook": "---\nyield: 1%l\n---\nWhisk @milk{1%l} into @butter{50%g}.\n",
            "Soup.cook": "---\ntags: quick\n---\nSimmer @lentils{200%g}.\n",
            "Broken.cook": "Fine.\n\nAdd @salt{%g}.\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return (cli, folder)
    }

    /// The list reads each recipe's front matter: a mistake there is reported with its place
    /// and the others listed; a mistake in the steps is for `recipe` and the shopping list,
    /// which read the whole file (and so does `--uses`, which needs the ingredients).
    @Test func recipesAreListedAndAMalformedOneReportedWithItsPlace() throws {
        let (cli, folder) = try Self.sandbox()
        try Data("---\ntitle: Unclosed\n\nSimmer @beans{}.\n".utf8).write(to: URL(fileURLWithPath: folder + "/Unclosed.cook"))
        let result = try cli.run(["recipes", "--recipes", folder])
        #expect(result.status == 0)
        // Columns: name (15 = "sauces/Bechamel"), title (16 = "Lasagna al forno"), servings.
        #expect(result.stdoutLines == [
            "Broken",
            "Lasagna          Lasagna al forno  6  pasta, bake",
            "sauces/Bechamel",
            "Soup                                  quick",
        ])
        let unclosed = "mealplan: warning: \(folder)/Unclosed.cook:1:1: the front matter that starts here is not closed by a '---' line\n"
        #expect(result.stderr == unclosed)
        // The same folding as meal search: case and accents both ways; a search cannot look
        // inside the malformed recipe, so it is reported again.
        let found = try cli.run(["recipes", "--search", "PÂSTA"], environment: ["MEALPLAN_RECIPES": folder])
        #expect(found.stdout == "Lasagna  Lasagna al forno  6  pasta, bake\n")
        #expect(found.stderr == result.stderr)
        let broken = "\(folder)/Broken.cook:3:11: the amount is missing before '%'; write it as {quantity%unit}"
        try cli.expectFailure(["recipe", "broken", "--recipes", folder], status: 65, message: broken)
        let uses = try cli.run(["recipes", "--uses", "salt", "--recipes", folder])
        #expect(uses.stdout == "Lasagna  Lasagna al forno  6  pasta, bake\n")
        #expect(uses.stderr == "mealplan: warning: \(broken)\n" + unclosed)
    }

    @Test func aRecipeIsShownScaledFixedAmountsApart() throws {
        let (cli, folder) = try Self.sandbox()
        let text = try cli.succeed(["recipe", "las", "--servings", "3", "--recipes", folder])
        // 3 of 6 servings: half of 12 sheets, 500 ml and 200 g; the fixed teaspoon stays.
        #expect(text == """
            Lasagna al forno
            serves 3

              pasta sheets  6
              Bechamel  250 ml  → ./sauces/Bechamel
              cheese  100 g  (grated)
              salt  1 tsp

            1. Layer pasta sheets with Bechamel, cheese and salt.
            2. Bake in the oven for 40 minutes.

            """)
    }

    @Test func aRecipeAsJSONParsesWithEveryKey() throws {
        let (cli, folder) = try Self.sandbox()
        let output = try cli.succeed(["recipe", "Lasagna", "--servings", "12", "--format", "json", "--recipes", folder])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Lasagna")
        #expect(object["servings"] as? Double == 12)
        let ingredients = try #require(object["ingredients"] as? [[String: Any]])
        #expect(ingredients.map { $0["name"] as? String } == ["pasta sheets", "Bechamel", "cheese", "salt"])
        #expect(ingredients.map { ($0["quantity"] as? NSNumber)?.doubleValue } == [24, 1000, 400, 1])
        #expect(ingredients[0]["unit"] is NSNull && ingredients[2]["note"] as? String == "grated")
        #expect((object["steps"] as? [String])?.count == 2)
    }

    @Test func aRecipeWithoutServingsIsShownAsWritten() throws {
        let (cli, folder) = try Self.sandbox()
        #expect(try cli.succeed(["recipe", "soup", "--servings", "4", "--recipes", folder]) == """
            Soup
            (the recipe does not say its servings: shown as written)

              lentils  200 g

            1. Simmer lentils.

            """)
    }

    @Test func badRequestsGetOneLine() throws {
        let (cli, folder) = try Self.sandbox()
        try cli.expectFailure(["recipe", "pizza", "--recipes", folder], status: 64, message: "unknown recipe 'pizza' in '\(folder)'")
        try cli.expectFailure(["recipe", "lasagne", "--recipes", folder], status: 64,
                              message: "unknown recipe 'lasagne' in '\(folder)'; did you mean Lasagna?")
        try cli.expectFailure(["recipe", "s", "--recipes", folder], status: 64,
                              message: "'s' could mean sauces/Bechamel, Soup; type more letters")
        try cli.expectFailure(["recipe", "las", "--servings", "0", "--recipes", folder], status: 64,
                              message: "--servings: servings must be a number above 0, not 0")
        try cli.expectFailure(["recipe", "las", "--servings=-2", "--recipes", folder], status: 64,
                              message: "--servings: servings must be a number like 4 or 2.5, not '-2'")
        try cli.expectFailure(["recipe", "broken", "--recipes", folder], status: 65,
                              message: "\(folder)/Broken.cook:3:11: the amount is missing before '%'; write it as {quantity%unit}")
        try cli.expectFailure(["recipes", "--recipes", cli.folder + "/none"], status: 66,
                              message: "recipes folder '\(cli.folder)/none': No such file or directory")
    }

    @Test func theConfigFileNamesTheFolderAndItsMistakesTheirLine() throws {
        let (cli, folder) = try Self.sandbox()
        let config = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("# mine\nrecipes = \"../../recipes\"\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        let environment = ["XDG_CONFIG_HOME": cli.folder + "/config"]
        #expect(try cli.run(["recipes", "--search", "soup"], environment: environment).stdout.hasPrefix("Soup"))
        // --recipes wins over the config file.
        #expect(try cli.run(["recipes", "--recipes", cli.folder], environment: environment).status == 0)

        try Data("recipes = \"x\"\nrecipe_folder = \"y\"\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        try cli.expectFailure(["recipes"], status: 78,
                              message: "config file '\(config)/config.toml': line 2: key 'recipe_folder' is unknown; the keys are \(ConfigFile.keys.joined(separator: ", ")), and the tables \(ConfigFile.tables.map { "[\($0)]" }.joined(separator: ", "))",
                              environment: environment)
        try Data("recipes = ~/x\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        try cli.expectFailure(["recipes"], status: 78,
                              message: "config file '\(config)/config.toml': line 1: key 'recipes': '~/x' is not a value (text needs quotes)",
                              environment: environment)
        #expect(try cli.run(["recipes", "--recipes", folder]).stdout.contains("Lasagna"), "the option needs no config file")
    }
}

/// `mealplan recipes --uses INGREDIENT`: the recipes that need it, directly or through a
/// sub-recipe, with the other names `aisle.conf` gives it.
@Suite struct RecipesUsingAnIngredientTests {
    @Test func recipesThatNeedAnIngredientAreListedThroughSubRecipesAndSynonyms() throws {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        try Data("[dairy]\nmilk|whole milk\n".utf8).write(to: URL(fileURLWithPath: folder + "/aisle.conf"))
        func listed(_ arguments: [String]) throws -> [String] {
            let result = try cli.run(["recipes", "--recipes", folder] + arguments)
            #expect(result.status == 0)
            return result.stdoutLines.map { String($0.prefix { $0 != " " }) }
        }
        // Bechamel needs milk; Lasagna uses Bechamel.
        #expect(try listed(["--uses", "milk"]) == ["Lasagna", "sauces/Bechamel"])
        #expect(try listed(["--uses", "Whole Milk"]) == ["Lasagna", "sauces/Bechamel"])
        #expect(try listed(["--uses", "lentils"]) == ["Soup"])
        // The words asked for, singular or plural, within a longer name; never part of a word.
        try Data("Cook @red lentils{200%g} in @olive oil{1%tbsp}.\n".utf8).write(to: URL(fileURLWithPath: folder + "/Dal.cook"))
        #expect(try listed(["--uses", "lentil"]) == ["Dal", "Soup"])
        #expect(try listed(["--uses", "red lentils"]) == ["Dal"])
        #expect(try listed(["--uses", "OIL"]) == ["Dal"])
        #expect(try cli.run(["recipes", "--recipes", folder, "--uses", "oli"]).stdout == "no recipe uses 'oli'\n")
        #expect(try listed(["--uses", "milk", "--search", "sauce"]) == ["sauces/Bechamel"])
        #expect(try cli.run(["recipes", "--recipes", folder, "--uses", "saffron"]).stdout == "no recipe uses 'saffron'\n")
    }
}
