@testable import Settings
import Testing
@testable import ShoppingList

/// Adding amounts, worked by hand: each case's arithmetic is in its comment. US volumes are
/// multiples of the teaspoon, 4.92892159375 ml (tbsp 3 tsp, fl oz 6, cup 48, pint 96, quart
/// 192, gallon 768); the ounce is 28.349523125 g and the pound 16 oz.
@Suite struct UnitConversionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let amounts: [(Double, String?)]
        var system: UnitSystem?
        let expected: [Amount]
        var testDescription: String { name }
    }

    static let tsp = 4.92892159375
    static let ounce = 28.349523125

    static let cases: [Case] = [
        // 500 g + 1 kg = 500 + 1000 = 1500 g = 1.5 kg
        Case(name: "grams and kilograms", amounts: [(500, "g"), (1, "kg")], expected: [Amount(quantity: 1.5, unit: "kg")]),
        // 250 mg + 750 mg = 1000 mg = 1 g (mg are read, never shown)
        Case(name: "milligrams up to a gram", amounts: [(250, "mg"), (750, "mg")], expected: [Amount(quantity: 1, unit: "g")]),
        Case(name: "milligrams and grams", amounts: [(250, "mg"), (1, "g")], expected: [Amount(quantity: 1.25, unit: "g")]),
        // 1 l + 250 ml = 1250 ml = 1.25 l
        Case(name: "litres and millilitres", amounts: [(1, "l"), (250, "ml")], expected: [Amount(quantity: 1.25, unit: "l")]),
        // 3 cl + 2 dl = 30 + 200 = 230 ml (under a litre)
        Case(name: "centilitres and decilitres", amounts: [(3, "cl"), (2, "dl")], expected: [Amount(quantity: 230, unit: "ml")]),
        // 1 tbsp + 3 tsp = 3 + 3 = 6 tsp = 2 tbsp
        Case(name: "spoons", amounts: [(1, "tbsp"), (3, "tsp")], expected: [Amount(quantity: 2, unit: "tbsp")]),
        // 1/2 cup + 4 tbsp = 24 + 12 = 36 tsp = 36/48 = 0.75 cup
        Case(name: "cups in quarters", amounts: [(0.5, "cup"), (4, "tbsp")], expected: [Amount(quantity: 0.75, unit: "cup")]),
        // 1 fl oz + 1 cup = 6 + 48 = 54 tsp = 1.125 cup
        Case(name: "fluid ounces into cups", amounts: [(1, "fl oz"), (1, "cups")], expected: [Amount(quantity: 1.125, unit: "cup")]),
        // 2 pints + 1 cup = 192 + 48 = 240 tsp = 1.25 quart
        Case(name: "pints into quarts", amounts: [(2, "pint"), (1, "cup")], expected: [Amount(quantity: 1.25, unit: "quart")]),
        // 3 quarts + 2 pints = 576 + 192 = 768 tsp = 1 gallon
        Case(name: "quarts and pints into a gallon", amounts: [(3, "quart"), (2, "pints")],
             expected: [Amount(quantity: 1, unit: "gallon")]),
        // 8 oz + 1 lb = 8 + 16 = 24 oz = 1.5 lb
        Case(name: "ounces and pounds", amounts: [(8, "oz"), (1, "lb")], expected: [Amount(quantity: 1.5, unit: "lb")]),
        // Spellings: 2 tablespoons + 1 Teaspoon = 6 + 1 = 7 tsp = 2.333… tbsp
        Case(name: "units spelled out", amounts: [(2, "tablespoons"), (1, "Teaspoon")],
             expected: [Amount(quantity: 7.0 / 3, unit: "tbsp")]),
        // One US unit needs no sum across units: 2 tbsp + 2 tbsp = 4 tbsp, not ¼ cup; 12 + 12
        // tbsp = 24 tbsp, not 1 ½ cups.
        Case(name: "one unit stays", amounts: [(2, "tbsp"), (2, "tablespoons")], expected: [Amount(quantity: 4, unit: "tbsp")]),
        Case(name: "one unit stays even when large", amounts: [(12, "tbsp"), (12, "tbsp")], system: .metric,
             expected: [Amount(quantity: 24, unit: "tbsp")]),
        // One metric unit changes only its prefix, whatever the system: 300 g + 900 g = 1.2 kg;
        // 0.25 l = 250 ml.
        Case(name: "grams into kilograms", amounts: [(300, "g"), (900, "g")], system: .us, expected: [Amount(quantity: 1.2, unit: "kg")]),
        Case(name: "a quarter litre", amounts: [(0.25, "l")], expected: [Amount(quantity: 250, unit: "ml")]),
        // Volume is one dimension: 1 cup + 200 ml = 48 × 4.92892159375 + 200 = 236.5882365 + 200
        // = 436.5882365 ml; the recipes mix systems, so metric.
        Case(name: "cups and millilitres add up, in metric", amounts: [(1, "cup"), (200, "ml")],
             expected: [Amount(quantity: 48 * tsp + 200, unit: "ml")]),
        // ... or in US measures when the config says so: 436.5882365 / 236.5882365 = 1.8453 cup
        Case(name: "cups and millilitres in US measures", amounts: [(1, "cup"), (200, "ml")], system: .us,
             expected: [Amount(quantity: (48 * tsp + 200) / (48 * tsp), unit: "cup")]),
        // 4 tbsp + 100 ml = 4 × 3 × 4.92892159375 + 100 = 59.1470591 + 100 = 159.1470591 ml
        Case(name: "spoons and millilitres", amounts: [(4, "tbsp"), (100, "ml")],
             expected: [Amount(quantity: 12 * tsp + 100, unit: "ml")]),
        // Mass is one dimension: 1 lb + 500 g = 453.59237 + 500 = 953.59237 g
        Case(name: "pounds and grams add up", amounts: [(1, "lb"), (500, "g")],
             expected: [Amount(quantity: 16 * ounce + 500, unit: "g")]),
        // ... 953.59237 g / 453.59237 g = 2.1023 lb in US measures
        Case(name: "pounds and grams in US measures", amounts: [(1, "lb"), (500, "g")], system: .us,
             expected: [Amount(quantity: (16 * ounce + 500) / (16 * ounce), unit: "lb")]),
        // Without a density a volume is never turned into a mass.
        Case(name: "grams and cups stay apart", amounts: [(100, "g"), (1, "cup"), (50, "g")],
             expected: [Amount(quantity: 150, unit: "g"), Amount(quantity: 1, unit: "cup")]),
        // Plain counts add up: 2 + 3 = 5.
        Case(name: "counts", amounts: [(2, nil), (3, nil)], expected: [Amount(quantity: 5, unit: nil)]),
        // Count units add up in singular and plural, any case: 2 + 1 + 1 = 4 cloves.
        Case(name: "cloves and clove", amounts: [(2, "cloves"), (1, "Cloves"), (1, "clove"), (1, "sprig")],
             expected: [Amount(quantity: 4, unit: "clove"), Amount(quantity: 1, unit: "sprig")]),
        // 1.5 stalk + 1.33 stalks = 2.83 stalks
        Case(name: "stalk and stalks", amounts: [(1.5, "stalk"), (1.33, "stalks")], expected: [Amount(quantity: 2.83, unit: "stalk")]),
        // 1 can + 1 cans = 2; 1 bunch + 2 bunches = 3
        Case(name: "cans and bunches", amounts: [(1, "can"), (1, "cans"), (1, "bunch"), (2, "bunches")],
             expected: [Amount(quantity: 2, unit: "can"), Amount(quantity: 3, unit: "bunch")]),
    ]

    @Test(arguments: cases)
    func amountsAddUp(_ testCase: Case) {
        var total = AmountTotal()
        for (value, unit) in testCase.amounts { total.add(value, unit: unit) }
        let amounts = total.amounts(in: testCase.system)
        #expect(amounts.count == testCase.expected.count)
        for (got, expected) in zip(amounts, testCase.expected) {
            #expect(got.unit == expected.unit)
            #expect(abs((got.quantity ?? .nan) - (expected.quantity ?? .nan)) < 1e-9, "\(got) vs \(expected)")
        }
    }

    @Test func wordsAndMissingAmountsAreKeptOnceEach() {
        var total = AmountTotal()
        total.add(words: "a pinch", unit: nil)
        total.add(1, unit: "tsp")
        total.add(words: "a pinch", unit: nil)
        total.addUnquantified()
        #expect(total.amounts() == [Amount(quantity: nil, unit: "a pinch"), Amount(quantity: 1, unit: "tsp")])
        #expect(total.hasUnquantified)
    }

    @Test func subtractingWithinADimensionOrAUnit() {
        var total = AmountTotal()
        total.add(1.5, unit: "kg")
        total.add(3, unit: "cloves")
        total.add(4, unit: "tbsp")
        // 1.5 kg − 500 g = 1000 g = 1 kg; nothing of the stock left
        #expect(total.subtract(500, unit: "g") == 0)
        // 3 cloves − 5 clove: used up, gone; 2 cloves of stock left
        #expect(total.subtract(5, unit: "clove") == 2)
        // 4 tbsp = 12 × 4.92892159375 = 59.1470591 ml; 500 ml − 59.1470591 = 440.8529409 ml left
        let left = total.subtract(500, unit: "ml")
        #expect(abs((left ?? 0) - (500 - 12 * Self.tsp)) < 1e-9)
        // no count of cans to take from
        #expect(total.subtract(1, unit: "can") == nil)
        #expect(total.amounts() == [Amount(quantity: 1000, unit: "g")] || total.amounts() == [Amount(quantity: 1, unit: "kg")])
        #expect(total.amounts().map(\.text) == ["1 kg"])
    }

    /// The density of `name` as the shipped table gives it.
    static func density(_ name: String) throws -> Double {
        try #require(Densities.table.first { $0.name == name }?.gramsPerMillilitre)
    }

    @Test func aDensityAddsCupsToGrams() throws {
        let butter = try Self.density("butter")
        // USDA: 227 g per cup (236.5882365 ml): 0.9595 g/ml, to the table's 4 decimals.
        #expect(abs(butter - 227 / (48 * Self.tsp)) < 0.00005)
        var total = AmountTotal()
        total.add(1.0 / 3, unit: "cup")
        total.add(100, unit: "g")
        total.fold(density: butter)
        // ⅓ cup = 16 tsp = 78.8627455 ml × 0.9595 = 75.6688 g; + 100 g = 175.6688 g, shown 176 g
        let grams = 16 * Self.tsp * butter + 100
        #expect(total.amounts().count == 1)
        #expect(abs((total.amounts().first?.quantity ?? 0) - grams) < 1e-9)
        #expect(total.amounts().map(\.text) == ["176 g"])
    }

    @Test func withoutBothDimensionsADensityChangesNothing() throws {
        var total = AmountTotal()
        total.add(2, unit: "cup")
        total.fold(density: try Self.density("flour"))
        #expect(total.amounts() == [Amount(quantity: 2, unit: "cup")])
    }

    @Test func aPantryMassIsTakenFromAVolumeThroughTheDensity() throws {
        let flour = try Self.density("flour")
        var total = AmountTotal()
        total.add(2, unit: "cups")
        // 2 cups = 96 tsp = 473.176473 ml × 0.5283 g/ml = 249.98 g; 1 kg − 249.98 g = 750.02 g left
        let left = total.subtract(1, unit: "kg", density: flour)
        #expect(abs((left ?? 0) - (1000 - 96 * Self.tsp * flour) / 1000) < 1e-9)
        #expect(total.isEmpty)
        // 1 cup butter = 236.5882 ml; 100 g of it is 100 / 0.9595 = 104.22 ml; 132.37 ml left to
        // buy, in the recipe's cups: 132.37 / 236.5882 = 0.5595 cup, read as ½ cup.
        let butter = try Self.density("butter")
        var need = AmountTotal()
        need.add(1, unit: "cup")
        #expect(need.subtract(100, unit: "g", density: butter) == 0)
        let rest = (48 * Self.tsp - 100 / butter) / (48 * Self.tsp)
        #expect(abs((need.amounts().first?.quantity ?? 0) - rest) < 1e-9)
        #expect(need.amounts().map(\.text) == ["½ cup"])
    }

    struct Shown: Sendable, CustomTestStringConvertible {
        let amount: Amount
        let text: String
        let cooking: String
        let buy: Double?
        var testDescription: String { text }
    }

    /// What a cook reads, worked by hand.
    static let shown: [Shown] = [
        // US measures in kitchen fractions: 2/3 cup → ⅔ cup; 1.5 tbsp → 1 ½ tbsp; 0.25 tsp → ¼ tsp
        Shown(amount: Amount(quantity: 2.0 / 3, unit: "cup"), text: "⅔ cup", cooking: "⅔ cup", buy: 2.0 / 3),
        Shown(amount: Amount(quantity: 1.5, unit: "tbsp"), text: "1 ½ tbsp", cooking: "1 ½ tbsp", buy: 1.5),
        Shown(amount: Amount(quantity: 0.25, unit: "tsp"), text: "¼ tsp", cooking: "¼ tsp", buy: 0.25),
        // 0.38 tsp is nearest ⅜ (0.375); 1.3 cups nearest 1 ⅓ (1.333), a plural
        Shown(amount: Amount(quantity: 0.38, unit: "tsp"), text: "⅜ tsp", cooking: "⅜ tsp", buy: 0.375),
        Shown(amount: Amount(quantity: 1.3, unit: "cup"), text: "1 ⅓ cups", cooking: "1 ⅓ cups", buy: 4.0 / 3),
        // 0.01 tsp would be 0: the smallest fraction, ⅛ tsp
        Shown(amount: Amount(quantity: 0.01, unit: "tsp"), text: "⅛ tsp", cooking: "⅛ tsp", buy: 0.125),
        // Metric in three significant digits, up: 166.67 g → 167 g; 59.147 ml → 59.2 ml; 1.5 kg
        Shown(amount: Amount(quantity: 500.0 / 3, unit: "g"), text: "167 g", cooking: "167 g", buy: 167),
        Shown(amount: Amount(quantity: 12 * tsp, unit: "ml"), text: "59.2 ml", cooking: "59.2 ml", buy: 59.2),
        Shown(amount: Amount(quantity: 1.5, unit: "kg"), text: "1.5 kg", cooking: "1.5 kg", buy: 1.5),
        Shown(amount: Amount(quantity: 375, unit: "g"), text: "375 g", cooking: "375 g", buy: 375),
        Shown(amount: Amount(quantity: 0.0004, unit: "g"), text: "0.0004 g", cooking: "0.0004 g", buy: 0.0004),
        // Counts to buy rounded up: 6.17 onions → 7; in a recipe ⅛ is nearest to 0.17: 6 ⅛
        Shown(amount: Amount(quantity: 6.17, unit: nil), text: "7", cooking: "6 ⅛", buy: 7),
        // A tiny count is 1 to buy, never 0
        Shown(amount: Amount(quantity: 0.001, unit: nil), text: "1", cooking: "⅛", buy: 1),
        // Plurals by the number shown: 1 can, 2 cans, 2.83 stalks → 3 stalks, 1 clove
        Shown(amount: Amount(quantity: 1, unit: "cans"), text: "1 can", cooking: "1 can", buy: 1),
        Shown(amount: Amount(quantity: 2, unit: "can"), text: "2 cans", cooking: "2 cans", buy: 2),
        Shown(amount: Amount(quantity: 2.83, unit: "stalk"), text: "3 stalks", cooking: "2 ⅞ stalks", buy: 3),
        Shown(amount: Amount(quantity: 0.5, unit: "cloves"), text: "1 clove", cooking: "½ clove", buy: 1),
        Shown(amount: Amount(quantity: 3, unit: "bunch"), text: "3 bunches", cooking: "3 bunches", buy: 3),
        // Words as written
        Shown(amount: Amount(quantity: nil, unit: "a pinch"), text: "a pinch", cooking: "a pinch", buy: nil),
    ]

    @Test(arguments: shown)
    func amountsReadAsACookReadsThem(_ shown: Shown) {
        #expect(shown.amount.text == shown.text)
        #expect(shown.amount.cookingText == shown.cooking)
        #expect(abs((shown.amount.buy ?? -1) - (shown.buy ?? -1)) < 1e-9)
    }

    @Test func densitiesAreReadAsTheConfigFileWritesThem() {
        // 240 g per cup of 236.5882365 ml = 1.0144 g/ml
        #expect(abs((Densities.parse("240 g/cup") ?? 0) - 240 / (48 * Self.tsp)) < 1e-12)
        // 8 oz per cup = 226.796185 g / 236.5882365 ml
        #expect(abs((Densities.parse("8oz / cup") ?? 0) - 8 * Self.ounce / (48 * Self.tsp)) < 1e-12)
        #expect(Densities.parse("0.96 g/ml") == 0.96)
        for bad in ["", "0.96", "1 cup/g", "g/ml", "0 g/ml", "some g/ml", "2 cloves/cup"] {
            #expect(Densities.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func aDensityIsFoundUnderAnyNameTheAislesGive() throws {
        let aisles = try AisleConfig.parse("[dairy]\nbeurre|butter\n")
        #expect(Densities.standard.density(of: "beurre", aisles: aisles) == (try Self.density("butter")))
        #expect(Densities.standard.density(of: "BUTTER") == (try Self.density("butter")))
        #expect(Densities.standard.density(of: "gravel") == nil)
        var mine = Densities.standard
        mine.set("Gravel", gramsPerMillilitre: 1.6)
        #expect(mine.density(of: "gravel") == 1.6)
    }
}
