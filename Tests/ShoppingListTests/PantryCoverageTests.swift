import MealPlanCore
import Settings
import Testing
import TestSupport
@testable import ShoppingList

/// `recipes --can-make`: recipes ranked by the share of their ingredients the pantry holds,
/// what is missing said with its amount, through the list's own units, densities and names.
@Suite struct PantryCoverageTests {
    let book = TextBook(texts: [
        // 5 ingredients; the pantry holds all but coriander.
        "dal": "---\nservings: 2\n---\nCook @red lentils{200%g}, @onion{1}, @coriander{10%g}, @water{1%l} and @salt.\n",
        // 3 ingredients; flour short by 50 g, milk in litres against cups.
        "pancakes": "---\nservings: 4\n---\nMix @flour{250%g}, @milk{2%cup} and @eggs{2}.\n",
        // 3 ingredients, 2 held; the same share as pancakes, one missing too: by name.
        "salad": "Toss @spinach{200%g} with @olive oil{2%tbsp} and @lemon{1}.\n",
        // 4 ingredients, 1 held: last.
        "stew": "Stew @beef{500%g}, @carrots{3}, @stock{500%ml} and @salt.\n",
        // Needs nothing: not ranked.
        "toast": "Toast the bread.\n",
        // Butter by volume, pantry by mass: the density converts, 2 tbsp (≈ 28 g) < 100 g.
        "roux": "Melt @butter{2%tbsp}, stir in @flour{30%g}.\n",
    ])
    let pantry = try! PantryConfig.parse("""
        [pantry]
        "red lentils" = "1%kg"
        salt = {}
        water = {}
        flour = "200%g"
        milk = "1%l"
        butter = "100%g"
        [fridge]
        eggs = "6"
        spinach = { quantity = "300%g", expire = "2026-11-29" }
        onion = { quantity = "3", expire = "05.12.2026" }
        lemon = { expire = "someday" }
        """)

    func ranked(servings: Double? = nil, usingFirst: Bool = false) -> [String] {
        let (ranked, problems) = PantryCoverage.rank(
            ["stew", "salad", "pancakes", "dal", "toast", "roux"], recipes: book, aisles: AisleConfig(), pantry: pantry,
            servings: servings, usingFirst: usingFirst)
        #expect(problems.isEmpty)
        return ranked.map { coverage in
            "\(coverage.recipe) \(coverage.held)/\(coverage.needed): "
                + coverage.missing.map { ([$0.name] + $0.amounts.map(\.text)).joined(separator: " ") }.joined(separator: ", ")
        }
    }

    @Test func theMostHeldShareComesFirst() {
        // roux 2/2 = 1; dal 4/5 = 0.8; pancakes and salad 2/3 each, one missing each: by name;
        // stew 1/4 (salt only). 250 g flour less 200 g held leaves 50 g; 2 cups of milk are
        // 473 ml, under the litre held.
        #expect(ranked() == [
            "roux 2/2: ", "dal 4/5: coriander 10 g", "pancakes 2/3: flour 50 g", "salad 2/3: olive oil 2 tbsp",
            "stew 1/4: beef 500 g, carrots 3, stock 500 ml",
        ])
    }

    @Test func theHouseholdsServingsScaleWhatIsMissing() {
        // For 8: dal ×4 needs 800 g of lentils (1 kg held), 4 onions (3 held: 1 missing) and
        // 40 g coriander: 3/5 drops below the 2/3 of pancakes ×2 (500 g flour, 300 g short;
        // 4 cups of milk are 946 ml, under the litre) and salad (no servings: as written).
        #expect(ranked(servings: 8) == [
            "roux 2/2: ", "pancakes 2/3: flour 300 g", "salad 2/3: olive oil 2 tbsp", "dal 3/5: coriander 40 g, onion 1",
            "stew 1/4: beef 500 g, carrots 3, stock 500 ml",
        ])
        // For 12: 1.2 kg of lentils is 200 g over the kilo held, 6 onions 3 over; pancakes ×3
        // need 750 g flour (550 short) and 6 cups of milk (1,419.5 ml: 419.5 ml, 1 ¾ cups, over).
        #expect(ranked(servings: 12) == [
            "roux 2/2: ", "salad 2/3: olive oil 2 tbsp", "dal 2/5: coriander 60 g, onion 3, red lentils 200 g",
            "pancakes 1/3: flour 550 g, milk 1 ¾ cups", "stew 1/4: beef 500 g, carrots 3, stock 500 ml",
        ])
    }

    @Test func whatExpiresFirstIsUsedFirst() {
        // spinach expires Sun 29 Nov (salad), onion Sat 5 Dec (dal); the lemon's date is no
        // date, so it ranks nothing; the rest keep their order after them.
        #expect(ranked(usingFirst: true) == [
            "salad 2/3: olive oil 2 tbsp", "dal 4/5: coriander 10 g", "roux 2/2: ", "pancakes 2/3: flour 50 g",
            "stew 1/4: beef 500 g, carrots 3, stock 500 ml",
        ])
    }

    @Test(arguments: [
        ("2026-12-01", "2026-12-01"), ("01.12.2026", "2026-12-01"), (" 2026-02-28 ", "2026-02-28"),
        ("2026-02-30", nil), ("12/01/2026", nil), ("soon", nil), ("", nil), ("1.1.26", nil),
    ] as [(String, String?)])
    func anExpiryIsADateInEitherForm(text: String, day: String?) throws {
        let pantry = try PantryConfig.parse("[fridge]\nmilk = { quantity = \"1 l\", expire = \"\(text)\" }\n")
        #expect(pantry.items.first?.expiry?.iso == day)
        #expect(pantry.items.first?.expire?.line == 2)
    }

    @Test func aRecipeThatCannotBeReadIsNamedAndTheRestRanked() {
        let broken = TextBook(texts: ["ok": "Add @salt.\n", "bad": "Add @salt{%g}.\n"])
        let (ranked, problems) = PantryCoverage.rank(["bad", "missing", "ok"], recipes: broken, aisles: AisleConfig(), pantry: pantry)
        #expect(ranked.map(\.recipe) == ["ok"])
        #expect(problems.count == 2)
        #expect(problems.last == "no recipe 'missing'")
    }
}
