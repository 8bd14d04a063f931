import Cooklang
import Foundation
import MealPlanCore
import MealPlanExchange
import Settings
import Testing
import TestSupport
@testable import ShoppingList

/// The shopping list's totals against the reference implementation's: for random plans, each
/// meal's recipe is scaled by the reference parser (`cooklang.parse(text, scale=…)`) and its
/// ingredients totalled by `cooklang.combine_ingredients`, which adds equal units; the
/// list's amounts, taken back to base units, must equal those totals converted by our table
/// (the table itself is checked by hand in `UnitConversionTests`), and with the densities of
/// the USDA table, those totals with an ingredient's volume turned into mass by its density
/// where it has both.
@Suite(.requires(.cooklang))
struct ReferenceTotalsTests {
    /// Reads a JSON array of plans, each a list of [recipe text, scale] or [recipe text, scale,
    /// indices of the ingredients to count]; prints per plan the combined totals as
    /// {name: [[value, unit], …]}.
    static let reference = #"""
        import json, sys, cooklang
        plans = json.load(open(sys.argv[1], encoding="utf-8"))
        answers = []
        for plan in plans:
            ingredients = []
            for text, scale, *kept in plan:
                parsed = cooklang.parse(text, scale=scale).ingredients
                ingredients.extend(parsed if not kept else [parsed[index] for index in kept[0]])
            combined = cooklang.combine_ingredients(ingredients)
            answers.append({name: [[q.value, q.unit] for q in quantities] for name, quantities in combined.items()})
        print(json.dumps(answers))
        """#

    static let names = ["flour", "milk", "butter", "eggs", "salt", "sugar", "olive oil", "garlic"]
    static let units: [String?] = ["g", "kg", "mg", "ml", "l", "cl", "dl", "tsp", "tbsp", "cup", "oz", "lb", "pint",
                                   "cloves", "pinch", nil]

    static func recipe<Generator: RandomNumberGenerator>(using generator: inout Generator) -> (String, Double) {
        let servings = Double(Int.random(in: 1...6, using: &generator))
        var text = "---\nservings: \(Int(servings))\n---\n"
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let amount = [String(Int.random(in: 1...500, using: &generator)), "1/2", "1 1/2", "0.25"]
                .randomElement(using: &generator)!
            let fixed = Int.random(in: 0..<8, using: &generator) == 0 ? "=" : ""
            let unit = units.randomElement(using: &generator)!.map { "%" + $0 } ?? ""
            text += "Add @\(names.randomElement(using: &generator)!){\(fixed)\(amount)\(unit)} and stir.\n"
        }
        return (text, servings)
    }

    /// Amounts as totals per dimension (in ml or g) and per other unit (singular and plural
    /// alike), to compare within 1e-6; with a `density`, the volume added to the mass when
    /// there are both.
    static func totals(_ amounts: [(Double, String?)], density: Double? = nil) -> [String: Double] {
        var totals: [String: Double] = [:]
        for (value, unit) in amounts {
            if let unit, let known = MeasureUnit.named(unit) {
                totals[known.dimension.rawValue, default: 0] += value * known.factor
            } else {
                totals["unit:" + CountUnit.singular(unit ?? ""), default: 0] += value
            }
        }
        if let density, let volume = totals["volume"], let mass = totals["mass"] {
            totals["mass"] = mass + volume * density
            totals["volume"] = nil
        }
        return totals
    }

    @Test func randomPlansGiveTheReferenceTotals() throws {
        var generator = SeededGenerator(seed: 77)
        let pool = (0..<40).map { _ in Self.recipe(using: &generator) }
        let book = TextBook(texts: Dictionary(uniqueKeysWithValues: pool.enumerated().map { ("r\($0.offset)", $0.element.0) }))
        let start = day("2026-03-02")
        var plans: [[PlannedRecipe]] = []
        for _ in 0..<200 {
            plans.append((0..<Int.random(in: 1...10, using: &generator)).map { index in
                PlannedRecipe(mealID: Int64(index + 1), day: start.adding(days: index),
                              recipe: "r\(Int.random(in: 0..<pool.count, using: &generator))",
                              servings: Double(Int.random(in: 1...8, using: &generator)))
            })
        }
        let request = plans.map { plan in
            plan.map { meal -> [Any] in
                let (text, written) = pool[Int(meal.recipe.dropFirst())!]
                return [text, meal.servings! / written]
            }
        }
        let answers = try runReference(request)
        try #require(answers.count == plans.count)
        for (plan, answer) in zip(plans, answers) {
            Self.expectTheSameTotals(try ShoppingList.make(for: plan, recipes: book, units: UnitSettings(densities: .none)),
                                     as: answer, densities: .none)
            Self.expectTheSameTotals(try ShoppingList.make(for: plan, recipes: book), as: answer, densities: .standard)
        }
    }

    /// The sample plan's four weeks, each a list of its meals with recipes: the list of each
    /// week against the reference's totals of the same recipes scaled alike. The reference
    /// knows no references between recipes, so each meal is sent as its recipe and every
    /// recipe it refers to, each with the scale the list gives it (the recipe's servings, a
    /// sub-recipe's yield: arithmetic checked by hand in `ShoppingListTests`), counting only the
    /// ingredients a list buys (not the references, not the optional ones).
    @Test func theSamplePlansWeeksGiveTheReferenceTotals() throws {
        let folder = SampleDataTests.folder
        let planPath = String(folder.dropLast("recipes".count)) + "sample-plan.csv"
        var reader = CSVMealReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: planPath))))
        var weeks: [[PlannedRecipe]] = [[], [], [], []]
        var id: Int64 = 0
        while let row = try reader.next() {
            id += 1
            guard !row.recipe.isEmpty else { continue }
            let meal = PlannedRecipe(mealID: id, day: try Day(iso: row.date), recipe: row.recipe, servings: Double(row.servings))
            weeks[day("2026-03-02").distance(to: meal.meal.day) / 7].append(meal)
        }
        #expect(weeks.allSatisfy { $0.count >= 3 }, "every week cooks from recipes")
        var texts: [String: String] = [:]
        func text(_ name: String) throws -> String {
            if let known = texts[name] { return known }
            let read = try String(contentsOfFile: folder + "/" + name + ".cook", encoding: .utf8)
            texts[name] = read
            return read
        }
        /// `name` scaled by `factor`, then the recipes it refers to, as the reference is sent them.
        func expanded(_ name: String, factor: Double) throws -> [[Any]] {
            let recipe = try CooklangParser.parse(try text(name))
            var kept: [Int] = []
            var parts: [[Any]] = []
            for (index, ingredient) in recipe.ingredients.enumerated() where !ingredient.isOptional {
                guard let reference = ingredient.reference else {
                    kept.append(index)
                    continue
                }
                let target = try Gatherer.resolve(reference, from: name)
                let referenced = try CooklangParser.parse(try text(target))
                parts += try expanded(target, factor: factor * Gatherer.scale(of: referenced, named: target, by: ingredient.quantity))
            }
            return [[try text(name), factor, kept]] + parts
        }
        let request = try weeks.map { week in
            var parts: [[Any]] = []
            for meal in week {
                let written = try CooklangParser.parse(try text(meal.recipe)).servings
                let factor = meal.servings.flatMap { planned in written.map { planned / $0 } } ?? 1
                parts += try expanded(meal.recipe, factor: factor)
            }
            return parts
        }
        let answers = try runReference(request)
        try #require(answers.count == weeks.count)
        let book = TextBook(texts: texts)
        for (week, answer) in zip(weeks, answers) {
            Self.expectTheSameTotals(try ShoppingList.make(for: week, recipes: book), as: answer, densities: .standard)
        }
    }

    /// Every ingredient of `list` has the reference's totals in `answer`, within 1e-6: the same
    /// ingredients, the same dimensions and units, the same sums (the reference's volume and
    /// mass of an ingredient `densities` knows added up by its density). Amounts in words are
    /// left out on both sides (the reference keeps them as text).
    static func expectTheSameTotals(
        _ list: ShoppingList, as answer: [String: [[Any]]], densities: Densities, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ours = Dictionary(uniqueKeysWithValues: list.items.map { item in
            (item.name, totals(item.amounts.compactMap { amount in amount.quantity.map { ($0, amount.unit) } }))
        })
        let theirs = Dictionary(uniqueKeysWithValues: answer.map { name, quantities in
            (name, totals(quantities.compactMap { pair in (pair[0] as? NSNumber).map { number in (number.doubleValue, pair[1] as? String) } },
                          density: densities.density(of: name)))
        })
        #expect(Set(ours.keys) == Set(theirs.keys), sourceLocation: sourceLocation)
        for (name, expected) in theirs {
            let got = ours[name] ?? [:]
            #expect(Set(got.keys) == Set(expected.keys), "\(name)", sourceLocation: sourceLocation)
            for (key, value) in expected {
                #expect(abs((got[key] ?? .nan) - value) <= 1e-6 * max(1, abs(value)), "\(name) \(key): \(got) vs \(expected)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    func runReference(_ plans: [[[Any]]]) throws -> [[String: [[Any]]]] {
        let input = try JSONSerialization.data(withJSONObject: plans)
        let output = try ExternalTool.runPython(Self.reference, input: input)
        return try #require(try JSONSerialization.jsonObject(with: output) as? [[String: [[Any]]]])
    }
}
