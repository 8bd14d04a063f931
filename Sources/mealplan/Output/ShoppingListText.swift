import Cooklang
import MealPlanCore
import MealPlanExchange
import ShoppingList
import TerminalKit

/// The shopping list as `mealplan shop` prints it beside the text the planner shows too
/// (`DaysShoppingList.lines`): a Markdown checklist, CSV for programs. User text (ingredient
/// and aisle names come from files) is made visible in Markdown; JSON (`ShoppingListJSON`)
/// escapes it.
enum ShoppingListText {
    /// A checklist: a heading per aisle, one `- [ ]` line per ingredient.
    static func markdown(_ list: ShoppingList, title: String, why: Bool) -> String {
        var lines = ["# " + title]
        for group in list.aisleGroups {
            lines += ["", "## " + (group.aisle ?? "other").terminalVisible, ""]
            for item in group.items {
                let amount = item.shownAmount
                var line = (item.checked ? "- [x] " : "- [ ] ") + item.name.terminalVisible + (amount.isEmpty ? "" : " — " + amount.terminalVisible)
                if why { line += " (for " + item.mealsText.terminalVisible + ")" }
                lines.append(line)
            }
        }
        if !list.runningLow.isEmpty {
            lines += ["", "## running low", ""] + list.runningLow.map { "- " + $0.text.terminalVisible }
        }
        if !list.closingLines.isEmpty { lines += [""] + list.closingLines.map { "> " + $0.terminalVisible } }
        return lines.joined(separator: "\n")
    }

    /// One row per amount (an ingredient with amounts in two units has two rows, and one
    /// without any amount one row with empty quantity and unit): aisle, name, quantity, unit,
    /// checked (`true` or `false`), and with `why` the meals separated by spaces: a meal's id,
    /// or `r2@2026-12-04` for an occurrence of repeat 2 on that day. A top-up line's quantity
    /// is what the plan needs beyond what was ticked.
    static func csv(_ list: ShoppingList, why: Bool) -> String {
        var rows = [["aisle", "name", "quantity", "unit", "checked"] + (why ? ["meals"] : [])]
        for item in list.items {
            let meals = why ? [item.meals.map { use in use.id.map(String.init) ?? "r\(use.rule ?? 0)@\(use.day.iso)" }
                .joined(separator: " ")] : []
            let amounts = item.amounts.isEmpty ? [Amount(quantity: nil, unit: nil)] : item.amounts
            for amount in amounts {
                rows.append([item.aisle ?? "", item.name, amount.quantity.map { QuantityValue.format($0) } ?? "", amount.unit ?? "", String(item.checked)] + meals)
            }
        }
        return rows.map { $0.map(CSVMealWriter.field).joined(separator: ",") + "\r\n" }.joined()
    }

}
