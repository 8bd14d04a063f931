import Testing
@testable import ShoppingList

/// Adding amounts, worked by hand: each case's arithmetic is in its comment.
@Suite struct UnitConversionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let amounts: [(Double, String?)]
        let expected: [Amount]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // 500 g + 1 kg = 500 + 1000 = 1500 g = 1.5 kg
        Case(name: "grams and kilograms", amounts: [(500, "g"), (1, "kg")], expected: [Amount(quantity: 1.5, unit: "kg")]),
        // 250 mg + 750 mg = 1000 mg = 1 g
        Case(name: "milligrams up to a gram", amounts: [(250, "mg"), (750, "mg")], expected: [Amount(quantity: 1, unit: "g")]),
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
        // 2 pints = 2 × 96 = 192 tsp = 1 quart
        Case(name: "pints into a quart", amounts: [(2, "pint")], expected: [Amount(quantity: 1, unit: "quart")]),
        // 3 quarts + 2 pints = 576 + 192 = 768 tsp = 1 gallon
        Case(name: "quarts and pints into a gallon", amounts: [(3, "quart"), (2, "pints")],
             expected: [Amount(quantity: 1, unit: "gallon")]),
        // 8 oz + 1 lb = 8 + 16 = 24 oz = 1.5 lb
        Case(name: "ounces and pounds", amounts: [(8, "oz"), (1, "lb")], expected: [Amount(quantity: 1.5, unit: "lb")]),
        // Spellings: 2 tablespoons + 1 Teaspoon = 6 + 1 = 7 tsp = 2.333… tbsp
        Case(name: "units spelled out", amounts: [(2, "tablespoons"), (1, "Teaspoon")],
             expected: [Amount(quantity: 7.0 / 3, unit: "tbsp")]),
        // US and metric volume are different kinds: both stay, in the order they came.
        Case(name: "cups and millilitres stay apart", amounts: [(1, "cup"), (200, "ml")],
             expected: [Amount(quantity: 1, unit: "cup"), Amount(quantity: 200, unit: "ml")]),
        // A volume is never turned into a mass.
        Case(name: "grams and cups stay apart", amounts: [(100, "g"), (1, "cup"), (50, "g")],
             expected: [Amount(quantity: 150, unit: "g"), Amount(quantity: 1, unit: "cup")]),
        Case(name: "imperial and metric mass stay apart", amounts: [(1, "lb"), (500, "g")],
             expected: [Amount(quantity: 1, unit: "lb"), Amount(quantity: 500, unit: "g")]),
        // Plain counts add up: 2 + 3 = 5.
        Case(name: "counts", amounts: [(2, nil), (3, nil)], expected: [Amount(quantity: 5, unit: nil)]),
        // Units the table does not know add up when spelled alike (any case): 2 + 1 = 3 cloves.
        Case(name: "other units by name", amounts: [(2, "cloves"), (1, "Cloves"), (1, "sprig")],
             expected: [Amount(quantity: 3, unit: "cloves"), Amount(quantity: 1, unit: "sprig")]),
    ]

    @Test(arguments: cases)
    func amountsAddUp(_ testCase: Case) {
        var total = AmountTotal()
        for (value, unit) in testCase.amounts { total.add(value, unit: unit) }
        #expect(total.amounts.count == testCase.expected.count)
        for (got, expected) in zip(total.amounts, testCase.expected) {
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
        #expect(total.amounts == [Amount(quantity: nil, unit: "a pinch"), Amount(quantity: 1, unit: "tsp")])
        #expect(total.hasUnquantified)
    }

    @Test func subtractingWithinAKindOrAUnit() {
        var total = AmountTotal()
        total.add(1.5, unit: "kg")
        total.add(3, unit: "cloves")
        // 1.5 kg − 500 g = 1000 g = 1 kg
        let tookGrams = total.subtract(500, unit: "g")
        // 3 cloves − 3 cloves: used up, gone
        let tookCloves = total.subtract(3, unit: "cloves")
        // no volume to take a litre from
        let tookLitre = total.subtract(1, unit: "l")
        #expect(tookGrams && tookCloves && !tookLitre)
        #expect(total.amounts == [Amount(quantity: 1, unit: "kg")])
    }
}
