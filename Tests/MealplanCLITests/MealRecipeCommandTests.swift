import Foundation
import Testing
import TestSupport

/// Meals linked to recipes on the command line: `add --recipe`, `edit --recipe/--servings/
/// --no-recipe`, the recipe line of `list` (and "recipe missing" once the file is gone), and
/// the `recipe` and `servings` columns of CSV and JSON.
@Suite struct MealRecipeCommandTests {
    /// The sandbox of `RecipeCommandTests` (a lasagna for 6, a soup without servings, a broken
    /// recipe), found through MEALPLAN_RECIPES.
    static func sandbox() throws -> (CLISandbox, [String: String]) {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        return (cli, ["MEALPLAN_RECIPES": folder])
    }

    /// A title that is exactly a recipe's name, given without --recipe, is added as typed,
    /// with a hint on standard error naming --recipe; other titles get none.
    @Test func aTitleNamedLikeARecipeGetsAHint() throws {
        let (cli, recipes) = try Self.sandbox()
        let hint = "mealplan: hint: a recipe 'Lasagna' is in the recipes folder; --recipe Lasagna links the meal to it, for the shopping list\n"
        let added = try cli.run(["add", "fri", "dinner", "lasagna"], environment: recipes)
        #expect(added.status == 0 && added.stdout == "added meal 1 on Fri 2026-03-06, dinner: lasagna\n")
        #expect(added.stderr == hint)
        let edited = try cli.run(["edit", "1", "--title", "LASAGNA"], environment: recipes)
        #expect(edited.status == 0 && edited.stderr == hint)
        // A subfolder's recipe by its file name; no hint for other titles, or with --recipe.
        #expect(try cli.run(["add", "fri", "lunch", "bechamel"], environment: recipes).stderr.contains("--recipe sauces/Bechamel"))
        try cli.succeed(["add", "fri", "lunch", "Lasagna soup"], environment: recipes)
        try cli.succeed(["add", "fri", "lunch", "Lasagna", "--recipe", "lasagna"], environment: recipes)
        try cli.succeed(["edit", "4", "--title", "Lasagna"], environment: recipes)
    }

    @Test func addTakesTheRecipesTitleAndServingsUnlessGiven() throws {
        let (cli, recipes) = try Self.sandbox()
        // "lasag" is a unique prefix of Lasagna; the title comes from its front matter.
        #expect(try cli.succeed(["add", "fri", "dinner", "--recipe", "lasag"], environment: recipes)
            == "added meal 1 on Fri 2026-03-06, dinner: Lasagna al forno\n")
        #expect(try cli.succeed(["add", "sat", "dinner", "Veggie lasagna", "--recipe", "LASAGNA", "--servings", "2.5"], environment: recipes)
            == "added meal 2 on Sat 2026-03-07, dinner: Veggie lasagna\n")
        // A recipe without a title gives its file name; one without servings leaves them out.
        #expect(try cli.succeed(["add", "sun", "lunch", "--recipe", "soup"], environment: recipes)
            == "added meal 3 on Sun 2026-03-08, lunch: Soup\n")
        // The file name alone finds a recipe in a subfolder.
        try cli.succeed(["add", "sun", "dinner", "White sauce", "--recipe", "bechamel"], environment: recipes)
        #expect(try cli.succeed(["list", "--from", "fri", "--days", "3"], environment: recipes) == """
            Fri 2026-03-06
              1  dinner  Lasagna al forno
                         recipe: Lasagna, 6 servings

            Sat 2026-03-07
              2  dinner  Veggie lasagna
                         recipe: Lasagna, 2.5 servings

            Sun 2026-03-08
              3  lunch   Soup
                         recipe: Soup
              4  dinner  White sauce
                         recipe: sauces/Bechamel

            """)
    }

    @Test func editLinksChangesServingsAndUnlinks() throws {
        let (cli, recipes) = try Self.sandbox()
        try cli.succeed(["add", "today", "dinner", "Pasta bake"])
        try cli.succeed(["edit", "1", "--recipe", "lasagna"], environment: recipes)
        #expect(try cli.succeed(["list", "--format", "csv"], environment: recipes)
            == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,Pasta bake,,Lasagna,6,,,\r\n")
        try cli.succeed(["edit", "1", "--servings", "4"], environment: recipes)
        // Another recipe keeps the household's servings.
        try cli.succeed(["edit", "1", "--recipe", "soup"], environment: recipes)
        #expect(try cli.succeed(["list", "--format", "csv"], environment: recipes)
            == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,Pasta bake,,Soup,4,,,\r\n")
        #expect(try cli.succeed(["edit", "1", "--no-recipe"], environment: recipes)
            == "updated meal 1 on Mon 2026-03-02, dinner: Pasta bake\n")
        #expect(try cli.succeed(["list"], environment: recipes) == "Mon 2026-03-02\n  1  dinner  Pasta bake\n")
    }

    @Test func badRecipesAndServingsAreRefusedAndChangeNothing() throws {
        let (cli, recipes) = try Self.sandbox()
        let folder = recipes["MEALPLAN_RECIPES"]!
        try cli.succeed(["add", "today", "dinner", "Pasta"])
        let cases: [([String], Int32, String)] = [
            (["add", "today", "dinner", "--recipe", "pizza"], 64, "unknown recipe 'pizza' in '\(folder)'"),
            (["add", "today", "dinner", "--recipe", "broken"], 65,
             "\(folder)/Broken.cook:3:11: the amount is missing before '%'; write it as {quantity%unit}"),
            (["add", "today", "dinner", "--recipe", "lasagna", "--servings", "0"], 64, "--servings: servings must be a number above 0, not 0"),
            (["add", "today", "dinner", "--recipe", "lasagna", "--servings", "-3"], 64,
             "--servings: servings must be a number like 4 or 2.5, not '-3'"),
            (["add", "today", "dinner", "Soup", "--servings", "4"], 64, "--servings needs --recipe: servings say how much of a recipe to make"),
            (["add", "today", "dinner"], 64, "give the meal a title, or a recipe with --recipe"),
            (["edit", "1", "--servings", "4"], 64, "servings need a recipe: they say how much of the recipe to make"),
            (["edit", "1", "--recipe", "s"], 64, "'s' could mean sauces/Bechamel, Soup; type more letters"),
            (["edit", "1", "--no-recipe", "--servings", "2"], 64,
             "--no-recipe removes the recipe and its servings; give it without --recipe or --servings (see 'mealplan help')"),
            (["add", "today", "dinner", "--recipe", "lasagna", "--recipes", cli.folder + "/none"], 66,
             "recipes folder '\(cli.folder)/none': No such file or directory"),
        ]
        for (arguments, status, message) in cases {
            try cli.expectFailure(arguments, status: status, message: message, environment: recipes)
        }
        #expect(try cli.succeed(["list"], environment: recipes) == "Mon 2026-03-02\n  1  dinner  Pasta\n")
    }

    /// The options of a meal are one group, checked alike by every command that takes them:
    /// `--no-recipe` with a recipe or servings is refused by the repeat commands as by `edit`.
    @Test func noRecipeWithARecipeIsRefusedByEveryCommand() throws {
        let (cli, recipes) = try Self.sandbox()
        try cli.succeed(["add", "today", "dinner", "--recipe", "lasagna"], environment: recipes)
        try cli.succeed(["repeat", "add", "today", "lunch", "--recipe", "lasagna", "--every", "week"], environment: recipes)
        let shown = try cli.succeed(["repeat", "show", "1"], environment: recipes)
        #expect(shown.contains("recipe: Lasagna"))
        let message = "--no-recipe removes the recipe and its servings; give it without --recipe or --servings (see 'mealplan help')"
        for arguments in [
            ["edit", "1", "--no-recipe", "--recipe", "soup"],
            ["repeat", "edit", "1", "--no-recipe", "--recipe", "lasagna"],
            ["repeat", "edit", "1", "--no-recipe", "--servings", "2"],
            ["repeat", "change", "1", "2026-03-09", "--no-recipe", "--recipe", "soup"],
            ["repeat", "split", "1", "2026-03-09", "--no-recipe", "--recipe", "soup"],
        ] {
            try cli.expectFailure(arguments, status: 64, message: message, environment: recipes)
        }
        #expect(try cli.succeed(["repeat", "show", "1"], environment: recipes) == shown)
    }

    /// A meal keeps its recipe's name when the file goes: listing says so and goes on.
    @Test func aMissingRecipeIsShownNotAnError() throws {
        let (cli, recipes) = try Self.sandbox()
        let folder = recipes["MEALPLAN_RECIPES"]!
        try cli.succeed(["add", "today", "dinner", "--recipe", "soup"], environment: recipes)
        try FileManager.default.removeItem(atPath: folder + "/Soup.cook")
        #expect(try cli.succeed(["list"], environment: recipes)
            == "Mon 2026-03-02\n  1  dinner  Soup\n             recipe: Soup (recipe missing)\n")
        // Without a usable recipes folder the plan still lists, with one warning.
        let result = try cli.run(["list"], environment: ["MEALPLAN_RECIPES": cli.folder + "/gone"])
        #expect(result.status == 0)
        #expect(result.stdout == "Mon 2026-03-02\n  1  dinner  Soup\n             recipe: Soup (recipe missing)\n")
        #expect(result.stderr == "mealplan: warning: recipes folder '\(cli.folder)/gone': No such file or directory; recipes are shown as missing\n")
    }

    /// Export then import into a new plan keeps recipe and servings; a file without those
    /// columns (as older versions wrote) still imports.
    @Test func csvAndJSONCarryTheRecipe() throws {
        let (cli, recipes) = try Self.sandbox()
        try cli.succeed(["add", "today", "dinner", "--recipe", "lasagna", "--servings", "8"], environment: recipes)
        try cli.succeed(["add", "today", "lunch", "Bread"])
        let csv = try cli.succeed(["export"])
        #expect(csv == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Bread,,,,,,\r\n2026-03-02,dinner,Lasagna al forno,,Lasagna,8,,,\r\n")
        #expect(try cli.succeed(["export", "--format", "json"]).contains(#""title":"Lasagna al forno","note":null,"recipe":"Lasagna","servings":8,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}"#))
        let copy = cli.folder + "/copy.sqlite"
        try cli.succeed(["import", "-", "--db", copy], input: Data(csv.utf8))
        #expect(try cli.succeed(["export", "--db", copy]) == csv)
        let old = cli.folder + "/old.sqlite"
        try cli.succeed(["import", "-", "--db", old], input: Data("date,slot,title,note\r\n2026-03-02,lunch,Soup,hot\r\n".utf8))
        #expect(try cli.succeed(["export", "--db", old]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Soup,hot,,,,,\r\n")
    }
}
