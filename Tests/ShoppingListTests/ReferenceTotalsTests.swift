import Cooklang
import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import ShoppingList

/// The shopping list's totals against the reference implementation's: for random plans, each
/// meal's recipe is scaled by the reference parser (`cooklang.parse(text, scale=…)`) and its
/// ingredients totalled by `cooklang.combine_ingredients`, which adds equal units; the
/// list's amounts, taken back to base units, must equal those totals converted by our table
/// (the table itself is checked by hand in `UnitConversionTests`).
@Suite(.requires(.cooklang))
struct ReferenceTotalsTests {
    /// Reads a JSON array of plans, each a list of [recipe text, scale]; prints per plan the
    /// combined totals as {name: [[value, unit], …]}.
    static let reference = #"""
        import json, sys, cooklang
        plans = json.load(open(sys.argv[1], encoding="utf-8"))
        answers = []
        for plan in plans:
            ingredients = []
            for text, scale in plan:
                ingredients.extend(cooklang.parse(text, scale=scale).ingredients)
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

    /// Amounts as totals per kind (in base units) and per other unit, to compare within 1e-6.
    static func totals(_ amounts: [(Double, String?)]) -> [String: Double] {
        var totals: [String: Double] = [:]
        for (value, unit) in amounts {
            if let unit, let known = MeasureUnit.named(unit) {
                totals[known.kind.rawValue, default: 0] += value * known.factor
            } else {
                totals["unit:" + (unit ?? "").lowercased(), default: 0] += value
            }
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
            let list = try ShoppingList.make(for: plan, recipes: book)
            let ours = Dictionary(uniqueKeysWithValues: list.items.map { item in
                (item.name, Self.totals(item.amounts.map { ($0.quantity ?? 0, $0.unit) }))
            })
            let theirs = answer.mapValues { quantities in
                Self.totals(quantities.map { (($0[0] as? NSNumber)?.doubleValue ?? .nan, $0[1] as? String) })
            }
            #expect(Set(ours.keys) == Set(theirs.keys))
            for (name, expected) in theirs {
                let got = ours[name] ?? [:]
                #expect(Set(got.keys) == Set(expected.keys), "\(name)")
                for (key, value) in expected {
                    #expect(abs((got[key] ?? .nan) - value) <= 1e-6 * max(1, abs(value)), "\(name) \(key): \(got) vs \(expected)")
                }
            }
        }
    }

    func runReference(_ plans: [[[Any]]]) throws -> [[String: [[Any]]]] {
        let input = try JSONSerialization.data(withJSONObject: plans)
        let output = try ExternalTool.runPython(Self.reference, input: input)
        return try #require(try JSONSerialization.jsonObject(with: output) as? [[String: [[Any]]]])
    }
}
