import Cooklang
import Foundation
import MealPlanCore
import MealPlanExchange
import ShoppingList
import TerminalKit

/// The shopping list as `mealplan shop` prints it: text for a person, a Markdown checklist,
/// JSON and CSV for programs. User text (ingredient and aisle names come from files) is made
/// visible in text and Markdown; JSON escapes it.
enum ShoppingListText {
    /// The heading, then aisle by aisle each ingredient with its amounts in a column, the
    /// ingredients no aisle names under "other", and the notes at the end. `why` (the meals of
    /// the days, by id) adds the meals each line is for.
    static func text(_ list: ShoppingList, range: DayRange, cooked: Int, why mealsByID: [Int64: Meal]?) -> String {
        var lines = ["Shopping list for \(describe(range)): \(cooked) \(cooked == 1 ? "meal" : "meals") with recipes"]
        if list.items.isEmpty { lines.append(cooked == 0 ? "nothing to buy: no meal in these days has a recipe" : "nothing to buy") }
        let nameWidth = list.items.map { $0.name.terminalWidth }.max() ?? 0
        for group in list.aisleGroups {
            lines += ["", (group.aisle ?? "other").terminalVisible]
            for item in group.items {
                let amount = item.amountText
                let name = item.name.terminalVisible
                lines.append(amount.isEmpty ? "  " + name : "  " + name.padded(toWidth: nameWidth) + "  " + amount.terminalVisible)
                if let mealsByID { lines.append("    for " + uses(item, mealsByID).terminalVisible) }
            }
        }
        if !list.notes.isEmpty { lines += [""] + list.notes.map { "note: \($0)".terminalVisible } }
        return lines.joined(separator: "\n")
    }

    /// A checklist: a heading per aisle, one `- [ ]` line per ingredient.
    static func markdown(_ list: ShoppingList, range: DayRange, why mealsByID: [Int64: Meal]?) -> String {
        var lines = ["# Shopping list for \(describe(range))"]
        for group in list.aisleGroups {
            lines += ["", "## " + (group.aisle ?? "other").terminalVisible, ""]
            for item in group.items {
                let amount = item.amountText
                var line = "- [ ] " + item.name.terminalVisible + (amount.isEmpty ? "" : " — " + amount.terminalVisible)
                if let mealsByID { line += " (for " + uses(item, mealsByID).terminalVisible + ")" }
                lines.append(line)
            }
        }
        if !list.notes.isEmpty { lines += [""] + list.notes.map { "> " + $0.terminalVisible } }
        return lines.joined(separator: "\n")
    }

    /// An array of items: `name`, `aisle`, `amounts` (`quantity` number or null, `unit` text or
    /// null) and `meals` (`id`, `date`), every key present.
    static func json(_ list: ShoppingList) throws -> String {
        let items = list.items.map { item in
            ItemJSON(
                name: item.name, aisle: item.aisle,
                amounts: item.amounts.map { AmountJSON(quantity: $0.quantity, unit: $0.unit) },
                meals: item.meals.map { MealJSON(id: $0.id, date: $0.day.iso) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: try encoder.encode(items), as: UTF8.self)
    }

    /// One row per amount (an ingredient with amounts in two units has two rows, and one
    /// without any amount one row with empty quantity and unit): aisle, name, quantity, unit,
    /// and with `why` the meal ids separated by spaces.
    static func csv(_ list: ShoppingList, why: Bool) -> String {
        var rows = [["aisle", "name", "quantity", "unit"] + (why ? ["meals"] : [])]
        for item in list.items {
            let meals = why ? [item.meals.map { String($0.id) }.joined(separator: " ")] : []
            let amounts = item.amounts.isEmpty ? [Amount(quantity: nil, unit: nil)] : item.amounts
            for amount in amounts {
                rows.append([item.aisle ?? "", item.name, amount.quantity.map { QuantityValue.format($0) } ?? "", amount.unit ?? ""] + meals)
            }
        }
        return rows.map { $0.map(CSVMealWriter.field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// "Mon 2026-03-02 … Sun 2026-03-08", or one day.
    private static func describe(_ range: DayRange) -> String {
        range.first == range.last ? range.first.label : "\(range.first.label) … \(range.last.label)"
    }

    /// "Lasagne (meal 12, Fri 2026-03-06), …": the meals an item is for.
    private static func uses(_ item: ShoppingList.Item, _ mealsByID: [Int64: Meal]) -> String {
        item.meals.map { use in
            let title = mealsByID[use.id]?.title ?? "meal"
            return "\(title) (meal \(use.id), \(use.day.label))"
        }.joined(separator: ", ")
    }

    private struct ItemJSON: Encodable {
        let name: String
        let aisle: String?
        let amounts: [AmountJSON]
        let meals: [MealJSON]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(aisle, forKey: .aisle)
            try container.encode(amounts, forKey: .amounts)
            try container.encode(meals, forKey: .meals)
        }

        enum CodingKeys: CodingKey { case name, aisle, amounts, meals }
    }

    private struct AmountJSON: Encodable {
        let quantity: Double?
        let unit: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(unit, forKey: .unit)
        }

        enum CodingKeys: CodingKey { case quantity, unit }
    }

    private struct MealJSON: Encodable {
        let id: Int64
        let date: String
    }
}
