import Foundation
import Testing
import TestSupport

/// `mealplan nutrition` on a small plan. The figures are USDA SR21's (ABBREV.txt), per 100 g:
/// oats 08120: 379 kcal, protein 13.15 g, fat 6.52 g, carbohydrate 67.70 g, fibre 10.1 g,
/// sugars 0.99 g, sodium 6 mg; butter 01001: 717, 0.85, 81.11, 0.06, 0, 0.06, 576; onions
/// 11282: 40, 1.10, 0.10, 9.34, 1.7, 4.24, 4.
@Suite struct NutritionCommandTests {
    /// Mon: breakfast Buttered oats (200 g oats, 50 g butter for 2: a serving is 100 g oats and
    /// 25 g butter), lunch Out (no recipe), dinner Onion tart for 4 (400 g onions, 200 g of a
    /// "house cheese" no name maps, thyme without an amount: a serving is 100 g onions and 50 g
    /// of cheese). Tue: lunch the tart's leftovers, dinner oats, skipped.
    static func sandbox(config: String = "") throws -> (CLISandbox, [String: String]) {
        let cli = CLISandbox()
        let folder = cli.folder + "/recipes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = [
            "Oats.cook": "---\ntitle: Buttered oats\nservings: 2\n---\nCook @rolled oats{200%g} with @butter{50%g}.\n",
            "Tart.cook": "---\ntitle: Onion tart\nservings: 4\n---\nBake @onions{400%g} with @house cheese{200%g} and @thyme{}.\n",
            "Broken.cook": "---\nservings: 2\n---\nStir in @./Nowhere{1}.\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let configFolder = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: configFolder + "/config.toml"))
        let environment = ["MEALPLAN_RECIPES": folder, "XDG_CONFIG_HOME": cli.folder + "/config"]
        try cli.succeed(["add", "mon", "breakfast", "--recipe", "oats"], environment: environment)
        try cli.succeed(["add", "mon", "lunch", "Out"], environment: environment)
        try cli.succeed(["add", "mon", "dinner", "--recipe", "tart", "--servings", "4"], environment: environment)
        try cli.succeed(["add", "tue", "lunch", "--leftovers-of", "3"], environment: environment)
        try cli.succeed(["add", "tue", "dinner", "--recipe", "oats"], environment: environment)
        try cli.succeed(["skipped", "5"], environment: environment)
        return (cli, environment)
    }

    // Oats: 379 + 717/4 = 558.25 kcal (2,335.7 kJ); protein 13.15 + 0.2125; fat 6.52 + 20.28;
    // carbohydrate 67.70 + 0.015; fibre 10.1; sugars 0.99 + 0.015; sodium 6 + 144.
    static let oats = "kcal 558 (2,336 kJ) · protein 13 g · fat 27 g · carbohydrate 68 g · fibre 10 g · sugars 1 g · sodium 150 mg"
    // A serving of tart counts its 100 g onions; of its 150 g, 100 g are known: 67 %.
    static let tart = "kcal 40 (167 kJ) · protein 1.1 g · fat 0.1 g · carbohydrate 9.3 g · fibre 1.7 g · sugars 4.2 g · sodium 4 mg"
    static let tartKnown = "known for 67 % of the mass; unknown: house cheese 50 g, thyme"
    // Monday: both, 598.25 kcal; 225 g of 275 g known (82 %).
    static let monday = "kcal 598 (2,503 kJ) · protein 14 g · fat 27 g · carbohydrate 77 g · fibre 12 g · sugars 5.2 g · sodium 154 mg"

    @Test func aPersonsDaysWithWhatIsKnownOfThem() throws {
        let (cli, environment) = try Self.sandbox()
        let output = try cli.succeed(["nutrition", "--days", "2"], environment: environment)
        let (oats, tart, tartKnown, monday) = (Self.oats, Self.tart, Self.tartKnown, Self.monday)
        #expect(output.hasPrefix("""
            Per person, one serving of each meal, Mon 2026-03-02 … Tue 2026-03-03 (USDA SR21)

            Mon 2026-03-02: \(monday)
              known for 82 % of the mass; unknown: house cheese 50 g, thyme
              breakfast  Buttered oats, a serving: \(oats)
                         known for 100 % of the mass
              lunch      Out: no recipe, not known
              dinner     Onion tart, a serving: \(tart)
                         \(tartKnown)

            Tue 2026-03-03: \(tart)
              \(tartKnown)
              lunch      Onion tart (leftovers), a serving: \(tart)
                         \(tartKnown)
              dinner     Buttered oats: skipped, counts nothing

            """), "\(output)")
        // Over two days: (598.25 + 40) / 2 kcal; fibre (11.8 + 1.7) / 2, a hair under 6.75 in
        // binary; sugars (5.245 + 4.24) / 2; 325 g of 425 g known.
        #expect(output.hasSuffix("""
            Average per day, over the 2 days with figures: kcal 319 (1,335 kJ) · protein 7.8 g · fat 13 g · carbohydrate 43 g · fibre 6.7 g · sugars 4.7 g · sodium 79 mg
              known for 76 % of the mass; unknown: house cheese 50 g, thyme

            """), "\(output)")
        let kilojoules = try cli.succeed(["nutrition", "--days", "1", "--energy", "KJ"], environment: environment)
        #expect(kilojoules.contains("Mon 2026-03-02: kJ 2,503 (598 kcal) · protein 14 g"))
    }

    @Test func jsonHasEveryFigureExact() throws {
        let (cli, environment) = try Self.sandbox()
        let output = try cli.succeed(["nutrition", "--from", "mon", "--days", "3", "--format", "json"], environment: environment)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let days = try #require(report["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-03-02", "2026-03-03", "2026-03-04"])
        let monday = try #require(days[0]["per_person"] as? [String: Double])
        #expect(Set(monday.keys) == ["kcal", "protein_g", "fat_g", "carbohydrate_g", "fiber_g", "sugars_g", "sodium_mg"])
        #expect(abs(monday["kcal"]! - (379 + 717.0 / 4 + 40)) < 1e-9)
        #expect(abs(monday["sodium_mg"]! - (6 + 576.0 / 4 + 4)) < 1e-9)
        #expect(abs((days[0]["known"] as? Double ?? 0) - 225.0 / 275) < 1e-12)
        #expect(days[0]["unknown"] as? [String] == ["house cheese 50 g", "thyme"])
        let meals = try #require(days[0]["meals"] as? [[String: Any]])
        #expect(meals.map { $0["slot"] as? String } == ["breakfast", "lunch", "dinner"])
        #expect(meals[1]["per_serving"] is NSNull && meals[1]["note"] as? String == "no recipe")
        #expect((meals[2]["per_serving"] as? [String: Double])?["kcal"] == 40)
        #expect(meals[2]["unknown"] as? [String] == ["house cheese 50 g", "thyme"])
        let tuesday = try #require(days[1]["meals"] as? [[String: Any]])
        #expect(tuesday[0]["leftovers_of"] as? Int == 3 && tuesday[0]["counted"] as? Bool == true)
        #expect(tuesday[1]["status"] as? String == "skipped" && tuesday[1]["counted"] as? Bool == false)
        // Wednesday has nothing: no figures, and it is not in the average.
        #expect(days[2]["per_person"] is NSNull && days[2]["known"] is NSNull)
        #expect(report["days_with_figures"] as? Int == 2)
        #expect(abs(((report["average_per_day"] as? [String: Double])?["kcal"] ?? 0) - (598.25 + 40) / 2) < 1e-9)
    }

    /// The household's own name maps its cheese: the tart is then all known, its cheddar counted.
    @Test func ownNamesInTheConfigFile() throws {
        let (cli, environment) = try Self.sandbox(config: "[foods]\n\"House Cheese\" = \"01009\"\n")
        let output = try cli.succeed(["nutrition", "--days", "1", "--format", "json"], environment: environment)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let meals = try #require((report["days"] as? [[String: Any]])?.first?["meals"] as? [[String: Any]])
        #expect(meals[2]["known"] as? Double == 1)
        #expect(meals[2]["unknown"] as? [String] == ["thyme"])
        // Cheddar, 01009: 403 kcal per 100 g (ABBREV.txt): 40 + 403 / 2.
        #expect((meals[2]["per_serving"] as? [String: Double])?["kcal"] == 40 + 403.0 / 2)
        let lookup = try cli.succeed(["nutrition", "--food", "house cheese"], environment: environment)
        #expect(lookup.hasPrefix("'house cheese' is 01009 Cheese, cheddar, from [foods] in the config file, line 2\n  per 100 g: kcal 403"))
        #expect(try cli.succeed(["config"], environment: environment).contains("  [foods] house cheese = 01009\n"))
    }

    @Test func aBadFoodsEntryIsAConfigErrorNamingItsLine() throws {
        for (value, message) in [
            ("1009", "must be a USDA food number in quotes, like \"01001\" (a number loses its leading zeros)"),
            ("\"1009\"", ": '1009' is not a USDA food number: those are five digits in quotes, like \"01001\""),
            ("\"99999\"", ": no USDA SR21 food has the number 99999; 'mealplan nutrition --food \"house cheese\"' lists those that match its words"),
        ] {
            let (cli, environment) = try Self.sandbox(config: "servings = 2\n[foods]\n\"house cheese\" = \(value)\n")
            let path = cli.folder + "/config/mealplan/config.toml"
            let key = message.hasPrefix(":") ? "'foods.house cheese'" : "'foods.house cheese' "
            try cli.expectFailure(["nutrition"], status: 78, message: "config file '\(path)': line 3: key \(key)\(message)",
                                  environment: environment, inputs: [path])
            try cli.expectFailure(["nutrition", "--food", "butter"], status: 78,
                                  message: "config file '\(path)': line 3: key \(key)\(message)", environment: environment)
        }
    }

    /// A name is looked up, never guessed: butter is butter; a name nothing maps lists the foods
    /// holding its words, for the config file, and takes none of them.
    @Test func foodLookup() throws {
        let (cli, environment) = try Self.sandbox()
        let butter = try cli.succeed(["nutrition", "--food", "Butter"], environment: environment)
        #expect(butter.hasPrefix("""
            'Butter' is 01001 Butter, salted, from mealplan's names
              per 100 g: kcal 717 (3,000 kJ) · protein 0.9 g · fat 81 g · carbohydrate 0.1 g · fibre 0 g · sugars 0.1 g · sodium 576 mg
              a cup is 227 g (0.96 g/ml)
              household measures: 1 cup 227 g · 1 tbsp 14.2 g · 1 pat (1" sq, 1/3" high) 5 g · 1 stick 113 g

            """), "\(butter)")
        let granola = try cli.succeed(["nutrition", "--food", "granola"], environment: environment)
        #expect(granola.hasPrefix("no food is known for 'granola'; USDA SR21 foods whose descriptions hold its words:\n"))
        #expect(granola.contains("\n  08037  Cereals ready-to-eat, granola, homemade\n"))
        #expect(granola.hasSuffix("  [foods]\n  \"granola\" = \"" + granola.split(separator: "\n")[1].dropFirst(2).prefix(5) + "\"\n"))
        let json = try cli.succeed(["nutrition", "--food", "granola", "--format", "json"], environment: environment)
        let lookup = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(lookup["food"] is NSNull)
        #expect((lookup["candidates"] as? [[String: String]])?.contains { $0["number"] == "08037" } == true)
        // Through aisle.conf's other name.
        let aisles = try #require(environment["MEALPLAN_RECIPES"]) + "/aisle.conf"
        try Data("[produce]\naubergine|brinjal\n".utf8).write(to: URL(fileURLWithPath: aisles))
        #expect(try cli.succeed(["nutrition", "--food", "brinjal"], environment: environment)
            .hasPrefix("'brinjal' (as 'aubergine', another name aisle.conf gives it) is 11209 Eggplant, raw, from mealplan's names\n"))
        try cli.expectFailure(["nutrition", "--food", "x", "--days", "2"], status: 64,
                              message: "--food looks up a name; it takes no days (see 'mealplan help')", environment: environment)
    }

    @Test func aMealWhoseRecipeCannotBeUsedIsNamed() throws {
        let (cli, environment) = try Self.sandbox()
        try cli.succeed(["add", "wed", "dinner", "--recipe", "broken"], environment: environment)
        let result = try cli.run(["nutrition", "--days", "3"], environment: environment)
        #expect(result.status == 65)
        #expect(result.stdout.contains("  dinner     Broken: not known: Broken.cook:4: "), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("mealplan: Wed 2026-03-04 dinner 'Broken': Broken.cook:4: "), "\(result.stderr)")
        #expect(result.stdout.contains("Average per day, over the 2 days with figures"))
    }
}
