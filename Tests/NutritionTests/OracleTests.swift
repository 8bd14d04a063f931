import Cooklang
import MealPlanCore
import Nutrition
import Settings
import ShoppingList
import TestSupport
import Testing

/// Per serving of hand-made recipes against USDA's own files, read by the test (`USDAFiles`):
/// each case writes out the grams of every ingredient from the food number and household
/// measure it maps to, and the figures must agree within 0.5 % (the densities built in are
/// rounded), exactly for the household's own `[foods]` names.
@Suite(.requires(.usdaMeasures))
struct OracleTests {
    let usda = USDAFiles.shared
    let monday = day("2026-03-02")

    /// One recipe: its text (servings in its front matter), the meal's servings, what each
    /// ingredient weighs by hand (food number, grams for the whole recipe as the meal makes
    /// it), the share of the mass known, and the unknown parts as the report writes them.
    struct Case {
        var name: String
        var text: String
        var planned: Double? = nil
        var servings: Double
        var grams: [(number: String, grams: Double)]
        var unknownGrams = 0.0
        var unknown: [String] = []
    }

    var cases: [Case] {
        let cup = USDAFiles.cup, tablespoon = USDAFiles.tablespoon, teaspoon = USDAFiles.teaspoon
        return [
            Case(name: "porridge", text: """
                ---
                servings: 2
                ---
                Simmer @rolled oats{80%g} in @milk{2%cups} with @salt{1/4%tsp}; stir in @honey{1%tbsp}, top with @bananas{2}.
                """, servings: 2, grams: [
                    ("08120", 80),
                    ("01077", 2 * cup * usda.density("01077", "cup", millilitres: cup)),        // 2 cups × 244 g a cup
                    ("02047", teaspoon / 4 * usda.density("02047", "cup", millilitres: cup)),  // ¼ tsp × 292 g a cup ÷ 48 tsp
                    ("19296", tablespoon * usda.density("19296", "cup", millilitres: cup)),    // 1 tbsp × 339 g a cup ÷ 16 tbsp
                    ("09040", 2 * usda.grams("09040", per: "medium (7\" to 7-7/8\" long)")),    // 2 × a medium banana, 118 g
                ]),
            Case(name: "spaghetti", text: """
                ---
                servings: 4
                ---
                Boil @spaghetti{400%g}. Warm @olive oil{3%tbsp} with @garlic{4%cloves}, add @canned tomatoes{400%g}.
                Toss with @parmesan{40%g}, @fresh basil{} and @house cheese{100%g}.
                """, servings: 4, grams: [
                    ("20120", 400),
                    ("04053", 3 * tablespoon * usda.density("04053", "cup", millilitres: cup)), // 3 tbsp × 216 g a cup ÷ 16
                    ("11215", 4 * usda.grams("11215", per: "clove")),                          // 4 × 3 g
                    ("11531", 400),
                    ("01032", 40),
                ], unknownGrams: 100, unknown: ["fresh basil", "house cheese 25 g"]),
            Case(name: "chili", text: """
                ---
                servings: 4
                ---
                Brown @minced beef{500%g} with @onion{1}; add @./sauces/Tomato Sauce{2%servings}, @kidney beans{2%cans}
                and @chili powder{2%tsp}.
                """, servings: 4, grams: [
                    ("23572", 500),
                    ("11282", usda.grams("11282", per: "medium (2-1/2\" dia)")),                // 1 medium onion, 110 g
                    // Half the sauce (2 of its 4 servings): 400 g tomatoes, 1 tbsp oil, 1 clove, ½ tsp salt.
                    ("11531", 400),
                    ("04053", tablespoon * usda.density("04053", "cup", millilitres: cup)),
                    ("11215", usda.grams("11215", per: "clove")),
                    ("02047", teaspoon / 2 * usda.density("02047", "cup", millilitres: cup)),
                    // Its first measure of volume: 7.5 g a tbsp.
                    ("02009", 2 * teaspoon * usda.density("02009", "tbsp", millilitres: tablespoon)),
                ], unknown: ["kidney beans ½ can"]),
            Case(name: "eggs on toast", text: """
                ---
                servings: 2
                ---
                Scramble @eggs{4} with @milk{2%tbsp} and @butter{20%g}; serve on @bread{4%slices} with @chives{1%tbsp} and @black pepper{}.
                """, servings: 2, grams: [
                    ("01123", 4 * usda.grams("01123", per: "large")),                           // 4 large eggs, 50 g each
                    ("01077", 2 * tablespoon * usda.density("01077", "cup", millilitres: cup)),
                    ("01001", 20),
                    ("18069", 4 * usda.grams("18069", per: "slice")),                           // 4 slices, 25 g each
                    ("11156", usda.grams("11156", per: "tbsp chopped")),                        // 1 tbsp chopped, 3 g
                ], unknown: ["black pepper"]),
            Case(name: "roast chicken", text: """
                ---
                servings: 4
                ---
                Rub the @whole chicken{1.6%kg} with @butter{2%tbsp}; fill with @lemon{1} and @fresh thyme{4%sprigs}, roast on @celery{2%stalks}.
                """, servings: 4, grams: [
                    ("05006", 1600 * (1 - usda.foods["05006"]!.refuse / 100)),                  // less its bones: 32 %
                    ("01001", 2 * tablespoon * usda.density("01001", "cup", millilitres: cup)),
                    ("09150", usda.grams("09150", per: "fruit (2-1/8\" dia)")),                  // 58 g
                    ("11143", 2 * usda.grams("11143", per: "stalk, medium (7-1/2\" - 8\" long)")), // 2 × 40 g
                ], unknown: ["fresh thyme 1 sprig"]),
            Case(name: "aubergine", text: """
                ---
                servings: 1
                ---
                Grill @brinjal{300%g} and @courgette{1}.
                """, servings: 1, grams: [
                    ("11209", 300),                                                             // brinjal: aisle.conf's other name
                    ("11477", usda.grams("11477", per: "medium")),                               // 196 g
                ]),
            // Planned for 8, the recipe for 4: twice the lentils and stock, the fixed salt once.
            Case(name: "soup", text: """
                ---
                servings: 4
                ---
                Simmer @red lentils{200%g} in @vegetable stock{1%l} with @salt{=1%tsp}.
                """, planned: 8, servings: 8, grams: [
                    ("16144", 400),
                    ("06615", 2000 * usda.density("06615", "cup", millilitres: cup)),          // 235 g a cup
                    ("02047", teaspoon * usda.density("02047", "cup", millilitres: cup)),
                ]),
        ]
    }

    /// The report of one meal of `recipe` (the case's), with `names` and `aisle.conf`'s
    /// "aubergine|brinjal".
    func serving(_ test: Case, names: FoodNames = .standard) throws -> NutritionReport.MealFigures {
        let book = TextBook(texts: [test.name: test.text, "sauces/Tomato Sauce": """
            ---
            servings: 4
            ---
            Cook @canned tomatoes{800%g} in @olive oil{2%tbsp} with @garlic{2%cloves} and @salt{1%tsp}.
            """])
        let aisles = try AisleConfig.parse("[produce]\naubergine|brinjal\n")
        let meal = Meal(id: 1, day: monday, slot: "dinner", title: test.name, recipe: test.name, servings: test.planned)
        let report = NutritionReport.make(range: DayRange(monday, monday), meals: [meal], sources: [:], recipes: book,
                                          figures: IngredientFigures(names: names, aisles: aisles))
        return try #require(report.days.first?.meals.first)
    }

    @Test func everyCaseAgreesWithUSDAsFiles() throws {
        for test in cases {
            let figures = try #require(try serving(test).serving, "\(test.name)")
            var expected = Array(repeating: 0.0, count: Nutrient.allCases.count)
            for (number, grams) in test.grams {
                for (index, value) in usda.nutrients(number, grams: grams).enumerated() { expected[index] += value / test.servings }
            }
            for nutrient in Nutrient.allCases {
                let want = expected[nutrient.rawValue], got = figures.nutrients[nutrient]
                #expect(abs(got - want) <= max(0.005 * want, 1e-9), "\(test.name): \(nutrient) \(got), USDA \(want)")
            }
            let known = test.grams.map(\.grams).reduce(0, +)
            #expect(abs(figures.known! - known / (known + test.unknownGrams)) < 0.005, "\(test.name)")
            #expect(figures.unknown.map(\.text) == test.unknown, "\(test.name)")
        }
    }

    /// The household's own names: "house granola" is a food of its own, and "plain yogurt"
    /// the low-fat one instead of the table's whole-milk yogurt; the figures are exactly USDA's.
    @Test func ownNamesAreExact() throws {
        var names = FoodNames.standard
        try names.map("house granola", to: "08037", line: 3)
        try names.map("Plain  Yogurt", to: "01117", line: 4)
        let test = Case(name: "breakfast", text: """
            ---
            servings: 2
            ---
            Layer @house granola{120%g} with @plain yogurt{300%g}.
            """, servings: 2, grams: [])
        let figures = try #require(try serving(test, names: names).serving)
        for nutrient in Nutrient.allCases {
            let granola = usda.per100g["08037"]![nutrient.rawValue] ?? 0, yogurt = usda.per100g["01117"]![nutrient.rawValue] ?? 0
            let want = (120 * granola / 100 + 300 * yogurt / 100) / 2
            #expect(abs(figures.nutrients[nutrient] - want) <= 1e-9 * max(1, want), "\(nutrient)")
        }
        #expect(figures.known == 1)
        #expect(names.mapping(of: "plain yogurt")?.source == .config(line: 4))
        #expect(FoodNames.standard.mapping(of: "plain yogurt")?.entry.number == "01116")
    }
}
