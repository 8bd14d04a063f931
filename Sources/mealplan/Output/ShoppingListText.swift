import Cooklang
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
        lines += list.textLines(
            name: { $0.name.terminalVisible.padded(toWidth: nameWidth) },
            detail: { item in mealsByID.map { "for " + uses(item, $0) } })
        // Names come from files: what they hold must not act on the terminal.
        return lines.map(\.terminalVisible).joined(separator: "\n")
    }

    /// A checklist: a heading per aisle, one `- [ ]` line per ingredient.
    static func markdown(_ list: ShoppingList, range: DayRange, why mealsByID: [Int64: Meal]?) -> String {
        var lines = ["# Shopping list for \(describe(range))"]
        for group in list.aisleGroups {
            lines += ["", "## " + (group.aisle ?? "other").terminalVisible, ""]
            for item in group.items {
                let amount = item.shownAmount
                var line = (item.checked ? "- [x] " : "- [ ] ") + item.name.terminalVisible + (amount.isEmpty ? "" : " — " + amount.terminalVisible)
                if let mealsByID { line += " (for " + uses(item, mealsByID).terminalVisible + ")" }
                lines.append(line)
            }
        }
        if !list.notes.isEmpty { lines += [""] + list.notes.map { "> " + $0.terminalVisible } }
        return lines.joined(separator: "\n")
    }

    /// An array of items, one per line: `name`, `aisle`, `amounts` (`quantity` a number or
    /// null, `unit` text or null), `meals` (`id`, `date`), `checked` (ticked off) and `added`
    /// (a top-up: what the plan needs beyond what was ticked), every key present.
    static func json(_ list: ShoppingList) -> String {
        func text(_ value: String?) -> String { value.map(JSONMealWriter.quoted) ?? "null" }
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        }
        let items = list.items.map { item in
            let amounts = item.amounts.map { #"{"quantity":\#(number($0.quantity)),"unit":\#(text($0.unit))}"# }
            let meals = item.meals.map { #"{"id":\#($0.id),"date":"\#($0.day.iso)"}"# }
            return #"{"name":\#(text(item.name)),"aisle":\#(text(item.aisle)),"amounts":[\#(amounts.joined(separator: ","))],"meals":[\#(meals.joined(separator: ","))],"checked":\#(item.checked),"added":\#(item.isTopUp)}"#
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    /// One row per amount (an ingredient with amounts in two units has two rows, and one
    /// without any amount one row with empty quantity and unit): aisle, name, quantity, unit,
    /// checked (`true` or `false`), and with `why` the meal ids separated by spaces. A top-up
    /// line's quantity is what the plan needs beyond what was ticked.
    static func csv(_ list: ShoppingList, why: Bool) -> String {
        var rows = [["aisle", "name", "quantity", "unit", "checked"] + (why ? ["meals"] : [])]
        for item in list.items {
            let meals = why ? [item.meals.map { String($0.id) }.joined(separator: " ")] : []
            let amounts = item.amounts.isEmpty ? [Amount(quantity: nil, unit: nil)] : item.amounts
            for amount in amounts {
                rows.append([item.aisle ?? "", item.name, amount.quantity.map { QuantityValue.format($0) } ?? "", amount.unit ?? "", String(item.checked)] + meals)
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
}
