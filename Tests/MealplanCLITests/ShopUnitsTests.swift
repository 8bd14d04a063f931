import Foundation
import Settings
import Testing
import TestSupport

/// `mealplan shop` and `mealplan recipe` on units: the same amounts in both, the pantry's plain
/// amounts and its mistakes, and the config file's `units` and `[densities]`.
@Suite struct ShopUnitsTests {
    /// A sandbox with one recipe for 2: 2 tbsp olive oil, ⅓ cup and 100 g butter, 3 tsp salt,
    /// 1 onion, 2 cloves and 1 clove of garlic, 250 g lentils, 1 cup and 100 g of gravel (whose
    /// density only the config file can give); Monday's dinner cooks it for 4, twice the recipe.
    static func sandbox() throws -> (CLISandbox, [String: String], String) {
        let cli = CLISandbox()
        let folder = cli.folder + "/recipes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let recipe = """
            ---
            servings: 2
            ---
            Warm @olive oil{2%tbsp} and @butter{1/3%cup} with more @butter{100%g}, @salt{3%tsp},
            @onion{1}, @garlic{2%cloves} and @garlic{1%clove}; add @lentils{250%g} and @gravel{1%cup} @gravel{100%g}.
            """
        try Data(recipe.utf8).write(to: URL(fileURLWithPath: folder + "/Stew.cook"))
        let environment = ["MEALPLAN_RECIPES": folder, "XDG_CONFIG_HOME": cli.folder + "/config"]
        try cli.succeed(["add", "mon", "dinner", "--recipe", "stew", "--servings", "4"], environment: environment)
        return (cli, environment, folder)
    }

    static func writeConfig(_ cli: CLISandbox, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: cli.folder + "/config/mealplan", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: cli.folder + "/config/mealplan/config.toml"))
    }

    /// "name  amount" lines of a shop or recipe text as [name: amount].
    static func amounts(_ text: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("  ") {
            let parts = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { found[parts[0]] = parts[1] }
        }
        return found
    }

    @Test func theListKeepsTheRecipesUnitsAndReadsAsTheRecipeDoes() throws {
        let (cli, environment, _) = try Self.sandbox()
        let shop = Self.amounts(try cli.succeed(["shop", "--from", "mon", "--days", "1", "--no-pantry"], environment: environment))
        // Twice the recipe: 2 × 2 tbsp = 4 tbsp (not ¼ cup); 2 × 3 tsp = 6 tsp (not 2 tbsp);
        // butter: 2 × ⅓ cup = ⅔ cup = 32 tsp = 157.73 ml × 0.9595 g/ml = 151.34 g, + 200 g =
        // 351.34 g, shown as 352 g (three digits, up); garlic 2 × (2 + 1) = 6 cloves; lentils
        // 500 g; gravel has no density: 2 cups and 200 g apart.
        #expect(shop["olive oil"] == "4 tbsp")
        #expect(shop["salt"] == "6 tsp")
        #expect(shop["butter"] == "352 g")
        #expect(shop["onion"] == "2")
        #expect(shop["garlic"] == "6 cloves")
        #expect(shop["lentils"] == "500 g")
        #expect(shop["gravel"] == "2 cups + 200 g")
        // The recipe for the same 4 servings shows the same amounts where one unit is written once.
        let recipe = Self.amounts(try cli.succeed(["recipe", "stew", "--servings", "4"], environment: environment))
        for name in ["olive oil", "salt", "onion", "lentils"] {
            #expect(recipe[name] == shop[name], "\(name)")
        }
        // For 3 servings, 1.5 × the recipe: ½ cup butter; 1 ½ onions to cook, 2 to buy.
        let three = try cli.succeed(["recipe", "stew", "--servings", "3"], environment: environment)
        #expect(three.contains("  butter  ½ cup\n"))
        #expect(three.contains("  onion  1 ½\n"))
    }

    @Test func jsonKeepsTheExactQuantityBesideWhatToBuy() throws {
        let (cli, environment, _) = try Self.sandbox()
        try cli.succeed(["edit", "1", "--servings", "3"], environment: environment)
        let json = try cli.succeed(["shop", "--from", "mon", "--days", "1", "--no-pantry", "--format", "json"], environment: environment)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        // 1.5 × 1 onion = 1.5 onions: buy 2; 1.5 × 3 cloves = 4.5: buy 5.
        let onion = try #require((items.first { $0["name"] as? String == "onion" }?["amounts"] as? [[String: Any]])?.first)
        #expect(onion["quantity"] as? Double == 1.5 && onion["buy"] as? Double == 2)
        let garlic = try #require((items.first { $0["name"] as? String == "garlic" }?["amounts"] as? [[String: Any]])?.first)
        #expect(garlic["quantity"] as? Double == 4.5 && garlic["buy"] as? Double == 5 && garlic["unit"] as? String == "clove")
    }

    @Test func theConfigFilesDensitiesAndUnitsApply() throws {
        let (cli, environment, _) = try Self.sandbox()
        // 2 cups of gravel at 200 g a cup = 400 g, + 200 g = 600 g.
        try Self.writeConfig(cli, "[densities]\ngravel = \"200 g/cup\"\n")
        var shop = Self.amounts(try cli.succeed(["shop", "--from", "mon", "--days", "1", "--no-pantry"], environment: environment))
        #expect(shop["gravel"] == "600 g")
        // In US measures, 0.8453506 g/ml being 200 g a cup: 600 g / 453.59237 = 1.3228 lb, read as
        // 1 ⅓ lb; butter 351.34 g is under a pound: / 28.349523125 = 12.393 oz, read as 12 ⅜ oz.
        // One unit needs no sum: 4 tbsp and 500 g stay.
        try Self.writeConfig(cli, "units = \"us\"\n[densities]\ngravel = 0.8453506\n")
        shop = Self.amounts(try cli.succeed(["shop", "--from", "mon", "--days", "1", "--no-pantry"], environment: environment))
        #expect(shop["gravel"] == "1 ⅓ lb")
        #expect(shop["butter"] == "12 ⅜ oz")
        #expect(shop["olive oil"] == "4 tbsp")
        #expect(shop["lentils"] == "500 g")
        let shown = try cli.succeed(["config"], environment: environment)
        #expect(shown.contains("  units = us\n  [densities] gravel = 0.85 g/ml\n"))
    }

    @Test(arguments: [
        ("units = \"imperial\"\n", "line 1: key 'units' must be \"metric\" or \"us\""),
        ("[densities]\ngravel = \"heavy\"\n",
         "line 2: key 'densities.gravel' must be grams per millilitre above 0 and below 100, like 0.96, or a mass per volume in quotes, like \"125 g/cup\""),
        ("[densities]\ngravel = 0\n",
         "line 2: key 'densities.gravel' must be grams per millilitre above 0 and below 100, like 0.96, or a mass per volume in quotes, like \"125 g/cup\""),
    ])
    func aBadUnitsSettingNamesItsLine(text: String, message: String) throws {
        let (cli, environment, _) = try Self.sandbox()
        try Self.writeConfig(cli, text)
        try cli.expectFailure(["shop", "--from", "mon", "--days", "1"], status: 78,
                              message: "config file '\(cli.folder)/config/mealplan/config.toml': \(message)", environment: environment)
    }

    @Test func thePantryReadsPlainAmountsAndSubtractsAcrossUnits() throws {
        let (cli, environment, folder) = try Self.sandbox()
        // olive oil: 4 tbsp = 12 × 4.92892159375 = 59.15 ml, less than 500 ml: not listed, 440.85 ml
        // left, under the 450 ml mark; butter: 351.34 g needed − 0.25 kg = 101.34 g, shown 102 g;
        // lentils: "2 L" is a volume, and lentils have no density here: 500 g stays.
        try Data("""
            [pantry]
            "olive oil" = { quantity = "500 ml", low = "450ml" }
            butter = "0.25kg"
            lentils = "2 L"
            onion = "1"
            """.utf8).write(to: URL(fileURLWithPath: folder + "/pantry.conf"))
        let text = try cli.succeed(["shop", "--from", "mon", "--days", "1"], environment: environment)
        let shop = Self.amounts(text)
        #expect(shop["olive oil"] == nil)
        #expect(shop["butter"] == "102 g")
        #expect(shop["lentils"] == "500 g")
        #expect(shop["onion"] == "1")
        #expect(text.hasSuffix("""

            running low
              olive oil: 441 ml left after the plan, low at 450 ml

            note: the pantry's 'lentils' (2 L) is not taken off 500 g: the units do not convert (a density under [densities] in the config file would)

            """))
        // JSON and CSV are data: what runs low is said on standard error.
        let json = try cli.run(["shop", "--from", "mon", "--days", "1", "--format", "json"], environment: environment)
        #expect(json.status == 0)
        #expect(json.stderr.contains("mealplan: warning: running low: olive oil: 441 ml left after the plan, low at 450 ml\n"))
        let markdown = try cli.succeed(["shop", "--from", "mon", "--days", "1", "--format", "markdown"], environment: environment)
        #expect(markdown.contains("\n## running low\n\n- olive oil: 441 ml left after the plan, low at 450 ml"))
    }

    @Test(arguments: ["some%kg", "2-3 l", "%g"])
    func anUnreadablePantryAmountNamesTheFileLineAndKey(amount: String) throws {
        let (cli, environment, folder) = try Self.sandbox()
        let pantry = folder + "/pantry.conf"
        let text = "[fridge]\nbutter = \"250 g\"\nmilk = \"\(amount)\"\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: pantry))
        try cli.expectFailure(["shop", "--from", "mon", "--days", "1"], status: 78,
                              message: "\(pantry): line 3: key 'milk': '\(amount)' is not an amount like \"500%g\" or \"2 l\"",
                              environment: environment, inputs: [pantry])
        #expect(try String(contentsOfFile: pantry, encoding: .utf8) == text, "the pantry is left as it was")
    }
}
