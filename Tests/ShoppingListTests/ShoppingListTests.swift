import Cooklang
import Foundation
import MealPlanCore
@testable import Settings
import Testing
import TestSupport
@testable import ShoppingList

@Suite struct ShoppingListTests {
    let monday = day("2026-03-02")

    func meal(_ id: Int64, _ recipe: String, servings: Double? = nil, on offset: Int = 0) -> PlannedRecipe {
        PlannedRecipe(mealID: id, day: monday.adding(days: offset), recipe: recipe, servings: servings)
    }

    /// The list's lines as "name: amounts", amounts as "quantity unit", exact (a count's unit
    /// in the singular, as the list keeps it).
    func lines(_ list: ShoppingList) -> [String] {
        list.items.map { item in
            let amounts = item.amounts.map { amount in
                [amount.quantity.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }, amount.unit]
                    .compactMap { $0 }.joined(separator: " ")
            }
            return item.name + ": " + amounts.joined(separator: ", ")
        }
    }

    static let pancakes = """
        ---
        servings: 2
        ---
        Whisk @flour{125%g}, @milk{300%ml}, @eggs{2} and @salt{=1%pinch}.
        Fry in @butter{} and serve with @?maple syrup{2%tbsp}.
        """

    @Test func aRecipeIsScaledByTheMealsServingsFixedAmountsAndOptionalsApart() throws {
        let book = TextBook(texts: ["pancakes": Self.pancakes])
        // 6 servings of a recipe for 2: everything × 3, but the fixed pinch of salt; the
        // optional syrup is not on the list.
        let list = try ShoppingList.make(for: [meal(1, "pancakes", servings: 6)], recipes: book)
        #expect(lines(list) == ["butter: ", "eggs: 6", "flour: 375 g", "milk: 900 ml", "salt: 1 pinch"])
        #expect(list.items.allSatisfy { $0.meals == [ShoppingList.MealUse(id: 1, day: monday)] })
        #expect(list.notes.isEmpty)
    }

    @Test func mealsAddUpAndARecipeWithoutServingsIsUsedAsWritten() throws {
        let book = TextBook(texts: [
            "pancakes": Self.pancakes,
            "toast": "Toast @bread{2%slices} with @butter{10%g}.",
        ])
        let list = try ShoppingList.make(
            for: [meal(1, "pancakes", servings: 2), meal(2, "pancakes", servings: 4, on: 1), meal(3, "toast", servings: 3)],
            recipes: book)
        // flour 125 + 250 = 375 g; milk 300 + 600 = 900 ml; eggs 2 + 4 = 6; salt fixed, twice:
        // 1 + 1 = 2 pinches; butter: without amount twice, 10 g once (toast as written).
        #expect(lines(list) == ["bread: 2 slice", "butter: 10 g", "eggs: 6", "flour: 375 g", "milk: 900 ml", "salt: 2 pinch"])
        #expect(list.items.first { $0.name == "butter" }?.meals.map(\.id) == [1, 2, 3])
        #expect(list.notes == ["'toast' does not say its servings; used as written"])
    }

    @Test func referencedRecipesAreScaledByTheAmountUsed() throws {
        let book = TextBook(texts: [
            "brunch/eggs benedict": """
                ---
                servings: 2
                ---
                Poach @eggs{4}, toast @muffins{2} and pour over @./sauces/Hollandaise{150%g}.
                Serve with @./sides/salad{1%servings} and @../greens{2}.
                """,
            "sauces/Hollandaise": "---\nyield: [300%g, 250%ml]\n---\nWhisk @egg yolks{3} with @butter{250%g}.",
            "sides/salad": "---\nservings: 4\n---\nToss @lettuce{1%head}.",
            "greens": "Steam @spinach{100%g}.",
        ])
        let list = try ShoppingList.make(for: [meal(1, "brunch/eggs benedict", servings: 4)], recipes: book)
        // × 2 for 4 servings. Hollandaise: 150 g of 300 g made = ½, × 2 = 1: 3 yolks, 250 g
        // butter. Salad: 1 serving of 4 = ¼, × 2 = ½ head. Greens ("../" from brunch/, the
        // folder's root): 2 × 100 g × 2 = 400 g.
        #expect(lines(list) == ["butter: 250 g", "egg yolks: 3", "eggs: 8", "lettuce: 0.5 head", "muffins: 4", "spinach: 400 g"])
    }

    /// The one line a meal left out of the list gets.
    func problems(_ list: ShoppingList) -> [String] { list.problems.map { "\($0.meal.id ?? 0): \($0.message)" } }

    /// A reference never leads out of the recipes folder: `../` above its root is refused,
    /// naming the file and line of the reference.
    @Test func aReferenceAboveTheFolderIsRefused() throws {
        let book = TextBook(texts: ["a": "Use @../secret{1}.", "b": "\nUse @./x/../../secret{1}."])
        let list = try ShoppingList.make(for: [meal(1, "a"), meal(2, "b")], recipes: book)
        #expect(problems(list) == [
            "1: a.cook:1: the reference '../secret' leads out of the recipes folder",
            "2: b.cook:2: the reference './x/../../secret' leads out of the recipes folder",
        ])
        #expect(list.items.isEmpty)
    }

    @Test func aCycleOfReferencesLeavesItsMealOutNamingTheFiles() throws {
        let book = TextBook(texts: [
            "a": "Use @./b{1}.", "b": "Use @./c{}.", "c": "Use @./b{2} and @salt.", "toast": "Toast @bread{2%slices}.",
        ])
        let list = try ShoppingList.make(for: [meal(1, "a"), meal(2, "toast")], recipes: book)
        #expect(problems(list) == ["1: recipes refer to each other in a circle: b.cook → c.cook → b.cook"])
        #expect(lines(list) == ["bread: 2 slice"])
    }

    @Test func aReferenceByAUnitItsYieldDoesNotGiveNamesTheFileAndLine() throws {
        let book = TextBook(texts: ["a": "Heat it.\nUse @./sauce{1%cup}.", "sauce": "---\nyield: 500%g\n---\n@tomatoes{4}"])
        let list = try ShoppingList.make(for: [meal(1, "a")], recipes: book)
        #expect(problems(list) == ["1: a.cook:2: 'sauce' is used by cup, but its 'yield' does not say how much it makes in cup"])
    }

    /// A meal whose recipe is missing, malformed or asks an absurd amount is left out whole
    /// (none of its ingredients counted), named with its meal; the others are listed.
    @Test func aMealWhoseRecipeCannotBeUsedIsLeftOutAndTheRestListed() throws {
        let book = TextBook(texts: [
            "toast": "Toast @bread{2%slices}.",
            "broken": "---\nservings: 2\nMix @flour{2%g}.",
            "huge": "Take @flour{100%g} and @salt{1000000000000%kg}.",
        ])
        let list = try ShoppingList.make(
            for: [meal(7, "gone"), meal(8, "toast"), meal(9, "broken"), meal(10, "huge", servings: 4000)], recipes: book)
        #expect(lines(list) == ["bread: 2 slice"])
        #expect(list.problems.map(\.meal.id) == [7, 9, 10])
        #expect(list.problems[0].message == "no recipe 'gone'")
        #expect(list.problems[1].message.hasPrefix("broken.cook:1:"))
        #expect(list.problems[2].message.contains("too large"))
    }

    /// Occurrences of a repeat rule have no id: they are told apart by rule and day, and the
    /// meals without a recipe are counted and named.
    @Test func occurrencesAreNamedByRuleAndDayAndMealsWithoutRecipeAreNamed() throws {
        let book = TextBook(texts: ["toast": "Toast @bread{2%slices}."])
        let first = ShoppingList.MealUse(id: nil, rule: 2, day: monday, slot: "breakfast", title: "Toast")
        let second = ShoppingList.MealUse(id: nil, rule: 2, day: monday.adding(days: 1), slot: "breakfast", title: "Toast")
        let plain = ShoppingList.MealUse(id: 5, day: monday, slot: "lunch", title: "Leftover chili")
        let list = try ShoppingList.make(
            for: [PlannedRecipe(meal: first, recipe: "toast", servings: nil), PlannedRecipe(meal: second, recipe: "toast", servings: nil)],
            withoutRecipe: [plain], recipes: book)
        #expect(list.items.first?.meals == [first, second])
        #expect(list.items.first?.meals.map(\.reference) == ["r2", "r2"])
        #expect(plain.reference == "meal 5")
        #expect(list.withoutRecipeLine == "1 meal has no recipe: Mon 2026-03-02 lunch 'Leftover chili'")
        #expect(list.closingLines == [try #require(list.withoutRecipeLine)])
    }

    /// A long range names the first meals without a recipe and counts the rest.
    @Test func manyMealsWithoutRecipeAreCountedBeyondTheFirstFew() throws {
        let uses = (0..<25).map { ShoppingList.MealUse(id: Int64($0 + 1), day: monday.adding(days: $0), slot: "lunch", title: "Sandwich") }
        let list = try ShoppingList.make(for: [], withoutRecipe: uses, recipes: TextBook(texts: [:]))
        let named = uses.prefix(ShoppingList.namedWithoutRecipe).map(\.label).joined(separator: ", ")
        #expect(list.withoutRecipeLine == "25 meals have no recipe: \(named), and \(25 - ShoppingList.namedWithoutRecipe) more")
    }

    @Test func aReferenceByAnotherUnitOfItsYieldsDimensionConverts() throws {
        let book = TextBook(texts: ["a": "Use @./sauce{1%cup}.", "sauce": "---\nyield: 500%ml\n---\n@tomatoes{4}"])
        let list = try ShoppingList.make(for: [meal(1, "a")], recipes: book)
        // 1 cup = 48 × 4.92892159375 = 236.5882365 ml of the 500 ml made: 4 × 0.4731765 = 1.8927 tomatoes
        let tomatoes = try #require(list.items.first?.amounts.first?.quantity)
        #expect(abs(tomatoes - 4 * 48 * 4.92892159375 / 500) < 1e-9)
    }

    @Test func aPantryAmountThatDoesNotConvertIsNoted() throws {
        let pantry = try PantryConfig.parse("[shelf]\nlentils = \"2 l\"\n")
        let list = try ShoppingList.make(for: [meal(1, "r")], recipes: TextBook(texts: ["r": "@lentils{250%g}"]), pantry: pantry)
        #expect(lines(list) == ["lentils: 250 g"])
        #expect(list.notes == [
            "the pantry's 'lentils' (2 l) is not taken off 250 g: the units do not convert (a density under [densities] in the config file would)",
        ])
    }

    @Test func aislesOrderTheListAndMergeOtherNames() throws {
        let aisles = try AisleConfig.parse("""
            [produce]
            lettuce
            spring onions|scallions|green onions

            [dairy]
            milk
            butter
            """)
        let book = TextBook(texts: ["r": "@butter{10%g} @scallions{2} @tofu{200%g} @green onions{1} @milk{1%l} @apples{3}"])
        let list = try ShoppingList.make(for: [meal(1, "r")], recipes: book, aisles: aisles)
        // Walking order: produce (spring onions: 2 + 1 under the first name), dairy (milk before
        // butter as the file has it), then what the file does not name, by name.
        #expect(lines(list) == ["spring onions: 3", "milk: 1 l", "butter: 10 g", "apples: 3", "tofu: 200 g"])
        #expect(list.items.map(\.aisle) == ["produce", "dairy", "dairy", nil, nil])
    }

    @Test func thePantryTakesAwayWhatItHolds() throws {
        let pantry = try PantryConfig.parse("""
            # what we have
            [pantry]
            flour = "500%g"
            salt = { bought = "05.05.2024" }
            "olive oil" = { quantity = "1%l", low = "200%ml" }

            [fridge]
            milk = { expire = "10.05.2024", quantity = "2%cup" }
            eggs = "12"
            """)
        let book = TextBook(texts: ["r": "@flour{1.5%kg} @salt{1%tsp} @olive oil{2%tbsp} @milk{300%ml} @eggs{6} @sugar{100%g}"])
        let list = try ShoppingList.make(for: [meal(1, "r")], recipes: book, pantry: pantry)
        // flour 1.5 kg − 500 g = 1 kg; salt in stock (no amount said); eggs 6 − 12: none to buy;
        // olive oil 2 tbsp = 6 × 4.92892159375 = 29.57 ml, less than 1 l: none to buy (970.43 ml
        // left, above the 200 ml mark); milk 300 ml less than 2 cups = 473.18 ml: none to buy.
        #expect(lines(list) == ["flour: 1 kg", "sugar: 100 g"])
        #expect(list.runningLow.isEmpty)
    }

    @Test func whatThePlanLeavesBelowItsLowMarkIsRunningLow() throws {
        let pantry = try PantryConfig.parse("""
            [pantry]
            "olive oil" = { quantity = "1 l", low = "990 ml" }
            flour = { quantity = "1.5kg", low = "200%g" }
            butter = { quantity = "250 g", low = "100 g" }
            eggs = { quantity = "6", low = "2" }
            milk = { quantity = "2L" }
            """)
        let book = TextBook(texts: ["r": "@olive oil{2%tbsp} @flour{2%cups} @butter{1/3%cup} @butter{100%g} @eggs{5} @milk{3%l}"])
        let list = try ShoppingList.make(for: [meal(1, "r")], recipes: book, pantry: pantry)
        let tsp = 4.92892159375
        let butter = try #require(Densities.table.first { $0.name == "butter" }?.gramsPerMillilitre)
        // milk 3 l − 2 l = 1 l to buy; no mark, and none left.
        #expect(lines(list) == ["milk: 1 l"])
        // olive oil: 1000 − 29.5735 ml = 970.43 ml left, under 990 ml.
        // butter: ⅓ cup = 16 tsp = 78.86 ml × the table's density (0.9595) = 75.67 g, + 100 g =
        // 175.67 g; 250 − 175.67 = 74.33 g left, under 100 g.
        // eggs: 6 − 5 = 1 left, under 2.
        // flour: 2 cups = 473.18 ml × 0.5283 = 249.98 g; 1500 − 249.98 = 1250.02 g left: above 200 g.
        // In the list's order: no aisles, so by name.
        #expect(list.runningLow.map(\.name) == ["butter", "eggs", "olive oil"])
        let left = list.runningLow.map { $0.left.quantity ?? 0 }
        #expect(abs(left[0] - (250 - 16 * tsp * butter - 100)) < 1e-9)
        #expect(left[1] == 1)
        #expect(abs(left[2] - (1 - 6 * tsp / 1000)) < 1e-9)
        #expect(list.runningLow[0].text == "butter: 74.4 g left after the plan, low at 100 g")
    }

    @Test(arguments: [
        ("2 l", 2, "l"), ("2l", 2, "l"), ("2 L", 2, "L"), ("1.5kg", 1.5, "kg"), ("1 1/2 cup", 1.5, "cup"),
        ("500%g", 500, "g"), ("6", 6, nil), (" 3 cans ", 3, "cans"),
    ] as [(String, Double, String?)])
    func pantryAmountsAreReadWithOrWithoutAPercentSign(text: String, value: Double, unit: String?) throws {
        let pantry = try PantryConfig.parse("[pantry]\nthing = \"\(text)\"\n")
        #expect(pantry.items.first?.quantity == Quantity(value: .number(value), unit: unit, isFixed: false))
    }

    @Test(arguments: [
        ("milk\n", ConfigError(line: 1, "'milk' comes before any [aisle] line")),
        ("[dairy\nmilk\n", ConfigError(line: 1, "an aisle is written [name]")),
        ("[dairy]\n|cream\n", ConfigError(line: 2, "an ingredient line is a name, with other names after '|'")),
        ("[dairy]\nmilk\n[more]\nMilk\n", ConfigError(line: 4, "'Milk' is already in aisle [dairy]")),
    ])
    func aBadAisleFileNamesTheLine(text: String, error: ConfigError) {
        #expect(throws: error) { try AisleConfig.parse(text) }
    }

    @Test(arguments: [
        ("[pantry]\nflour 500g\n", ConfigError(line: 2, "'flour' needs '= value'")),
        ("[pantry]\nflour = 500\n", ConfigError(line: 2, "key 'flour': the value must be a quoted text, like \"500%g\"")),
        ("[pantry]\nrice = { quantity = \"5%kg\"\n", ConfigError(line: 2, "key 'rice': the table is not closed by '}' on this line")),
        ("[pantry]\nrice = \"5%kg\"\nrice = \"1%kg\"\n", ConfigError(line: 3, "key 'rice' is given twice (keys are read in any case)")),
        ("[fridge]\nmilk = { quantity = 1 }\n", ConfigError(line: 2, "key 'milk.quantity': the value must be a quoted text, like \"500%g\"")),
        ("[pantry]\nsalt = \"%g\"\n", ConfigError(line: 2, "key 'salt': '%g' is not an amount like \"500%g\" or \"2 l\"")),
        ("[pantry]\nsalt = \"some%kg\"\n", ConfigError(line: 2, "key 'salt': 'some%kg' is not an amount like \"500%g\" or \"2 l\"")),
        ("[pantry]\nsalt = \"2-3 kg\"\n", ConfigError(line: 2, "key 'salt': '2-3 kg' is not an amount like \"500%g\" or \"2 l\"")),
        ("[a]\nmilk = { quantity = \"1 l\", low = \"lots\" }\n", ConfigError(line: 2, "key 'milk.low': 'lots' is not an amount like \"500%g\" or \"2 l\"")),
    ])
    func aBadPantryFileNamesTheLineAndKey(text: String, error: ConfigError) {
        #expect(throws: error) { try PantryConfig.parse(text) }
    }
}

/// The sample recipes, aisles and pantry that ship in `Data/recipes` work together.
@Suite struct SampleDataTests {
    static let folder = String(#filePath.dropLast("Tests/ShoppingListTests/ShoppingListTests.swift".count)) + "Data/recipes"

    @Test func aWeekOfEverySampleRecipeMakesAListInAisleOrder() throws {
        let names = try FileManager.default.subpathsOfDirectory(atPath: Self.folder)
            .filter { $0.hasSuffix(".cook") }.map { String($0.dropLast(5)) }.sorted()
        let texts = try Dictionary(uniqueKeysWithValues: names.map {
            ($0, try String(contentsOfFile: Self.folder + "/" + $0 + ".cook", encoding: .utf8))
        })
        let aisles = try AisleConfig.parse(String(contentsOfFile: Self.folder + "/aisle.conf", encoding: .utf8))
        let pantry = try PantryConfig.parse(String(contentsOfFile: Self.folder + "/pantry.conf", encoding: .utf8))
        let start = day("2026-03-02")
        let meals = names.enumerated().map { index, name in
            PlannedRecipe(mealID: Int64(index + 1), day: start.adding(days: index / 4), recipe: name, servings: 4)
        }
        let list = try ShoppingList.make(for: meals, recipes: TextBook(texts: texts), aisles: aisles, pantry: pantry)
        #expect(list.notes.isEmpty)
        #expect(list.items.count > 50)
        // The aisles in walking order, then the few ingredients the file leaves out.
        let aisleIndices = list.items.compactMap { item in item.aisle.flatMap { name in aisles.aisles.firstIndex { $0.name == name } } }
        #expect(aisleIndices == aisleIndices.sorted())
        #expect(list.items.last?.aisle == nil)
        #expect(list.items.contains { $0.name == "salt" } == false, "salt is in the pantry without an amount")
    }
}
