import Cooklang
import Foundation
import Nutrition
import Settings
import ShoppingList
import TestSupport
import Testing

/// The names chosen by hand, over the whole table, against USDA's own descriptions and food
/// groups (read by the test): no name falls into the traps its words set.
@Suite(.requires(.usdaMeasures))
struct FoodNameTableTests {
    static let root = String(#filePath.dropLast("Tests/NutritionTests/FoodNameTableTests.swift".count))
    let usda = USDAFiles.shared
    let names = FoodNames.standard.tableNames

    func food(of name: String) -> (description: String, group: String, refuse: Double)? {
        names.first { $0.name == name }.flatMap { usda.foods[$0.entry.number] }
    }

    /// Words that make a name one of fish or shellfish (SR21's group 1500).
    static let seafood = ["fish", "salmon", "cod", "haddock", "pollock", "tuna", "shrimp", "shrimps", "prawn", "prawns",
                          "mussels", "clams", "scallops", "crab", "anchovy", "anchovies", "sardines", "trout", "tilapia",
                          "mackerel"]

    @Test func butterIsNeverAFishNorMilkAMilkfish() throws {
        #expect(names.count >= 600)
        for (name, entry) in names {
            let food = try #require(usda.foods[entry.number], "\(name): no SR21 food \(entry.number)")
            let words = name.split { !$0.isLetter }.map(String.init)
            let description = food.description.lowercased()
            if !words.contains(where: Self.seafood.contains) {
                #expect(food.group != "1500", "'\(name)' is a fish or shellfish: \(food.description)")
            }
            #expect(!description.contains("butterfish") && !description.contains("milkfish"), "'\(name)': \(food.description)")
            if words.contains("butter") || words.contains("milk") || words.contains("buttermilk") {
                #expect(food.group != "1500", "'\(name)': \(food.description)")
            }
            // A recipe's ingredient is no dish: no fast food, restaurant meal, prepared meal or baby food.
            #expect(!["0300", "2100", "2200", "3600"].contains(food.group), "'\(name)' is a dish: \(food.description)")
            // Nor is it cooked already: recipes weigh what goes into the pot.
            #expect(!description.contains(", cooked") && !description.contains("boiled"), "'\(name)' is cooked: \(food.description)")
            // Ice cream is not cream, a hamburger not ham, Dr Pepper not pepper.
            if words.contains("cream") { #expect(!description.contains("ice cream"), "'\(name)': \(food.description)") }
            if words.contains("ham") { #expect(!description.contains("hamburger"), "'\(name)': \(food.description)") }
            if words.contains("pepper") { #expect(!description.contains("dr pepper") && food.group != "1400", "'\(name)'") }
            if words.contains("oil") { #expect(food.group == "0400", "'\(name)' is no oil: \(food.description)") }
        }
    }

    @Test func namesThatMisleadAreChosenByHand() throws {
        let expected: [(name: String, description: String)] = [
            ("butter", "Butter, salted"),
            ("milk", "Milk, whole, 3.25% milkfat"),
            ("buttermilk", "Milk, buttermilk, fluid, cultured, lowfat"),
            ("peanut butter", "Peanut butter, smooth style, with salt"),
            ("pepper", "Spices, pepper, black"),
            ("cloves", "Spices, cloves, ground"),
            ("garlic cloves", "Garlic, raw"),
            ("cornflour", "Cornstarch"),
            ("coconut milk", "Nuts, coconut milk, canned (liquid expressed from grated meat and water)"),
            ("ham", "Ham, sliced, regular (approximately 11% fat)"),
            ("corn", "Corn, sweet, yellow, raw"),
            ("heavy cream", "Cream, fluid, heavy whipping"),
            ("red lentils", "Lentils, pink, raw"),
        ]
        for (name, description) in expected {
            #expect(food(of: name)?.description == description, "\(name)")
        }
        // Words that name no one food are left to the cook, never guessed.
        for name in ["peppers", "red pepper", "cream", "stock", "oil", "chicken", "tomato puree", "coriander", "coconut cream", "noodles"] {
            #expect(FoodNames.standard.mapping(of: name) == nil, "'\(name)' should be left to the cook")
        }
    }

    /// Every ingredient of the sample recipes has a food, by its name or another name the
    /// sample aisle.conf gives it; and at least 300 foods are named.
    @Test func everySampleIngredientIsMapped() throws {
        let folder = Self.root + "Data/recipes"
        let aisles = try AisleConfig.parse(String(contentsOfFile: folder + "/aisle.conf", encoding: .utf8))
        let files = FileManager.default.enumerator(atPath: folder)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".cook") }
        #expect(files.count >= 30)
        for file in files {
            let recipe = try CooklangParser.parse(String(contentsOfFile: folder + "/" + file, encoding: .utf8))
            for ingredient in recipe.ingredients where ingredient.reference == nil {
                #expect(FoodNames.standard.mapping(of: ingredient.name, aisles: aisles) != nil, "\(file): '\(ingredient.name)'")
            }
        }
        for aisle in aisles.aisles {
            for name in aisle.ingredients.joined() { #expect(FoodNames.standard.mapping(of: name) != nil, "aisle.conf: '\(name)'") }
        }
        #expect(Set(names.map(\.entry.number)).count >= 300)
    }

    /// The shopping list's densities come from the same foods as the names.
    @Test func theDensityTableNamesTheSameFoods() throws {
        let source = try String(contentsOfFile: Self.root + "Sources/Settings/DensityTable.swift", encoding: .utf8)
        let lines = source.split(separator: "\n").filter { $0.hasPrefix("        (\"") }
        #expect(lines.count >= 40)
        for line in lines {
            let parts = line.split(separator: "\"")
            let name = String(parts[1]), number = String(parts[3].prefix(5))
            #expect(FoodNames.standard.mapping(of: name)?.entry.number == number, "\(name)")
        }
    }

    /// A count's grams are plausible for a thing held in a hand, and a density for a food.
    @Test func measuresArePlausible() {
        for (name, entry) in names {
            if let each = entry.gramsEach { #expect(each > 0.05 && each < 1500, "\(name): \(each) g each") }
            if let density = entry.gramsPerMillilitre { #expect(density > 0.1 && density < 2, "\(name): \(density) g/ml") }
        }
    }

    @Test(.requires(.python3)) func theScriptMakesTheShippedTables() throws {
        let output = TemporaryFolder()
        let runner = """
            import sys
            path = sys.argv[1]
            sys.argv = [path, "\(USDAFiles.folder)", "\(output.path)"]
            exec(compile(open(path, encoding="utf-8").read(), path, "exec"), {"__name__": "__main__"})
            """
        let script = try Data(contentsOf: URL(fileURLWithPath: Self.root + "scripts/generate-nutrition-tables.py"))
        _ = try ExternalTool.runPython(runner, input: script)
        for file in ["SR21Foods.swift", "FoodNameTable.swift"] {
            let made = try String(contentsOfFile: output.file(file), encoding: .utf8)
            let shipped = try String(contentsOfFile: Self.root + "Sources/Nutrition/" + file, encoding: .utf8)
            #expect(made == shipped, "\(file) differs from what the script makes")
        }
    }
}
