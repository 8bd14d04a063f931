import MealPlanCore
import ShoppingList
import TerminalKit

extension DaysShoppingList {
    /// "Mon 2026-03-02 … Sun 2026-03-08", or the one day.
    public var daysText: String {
        days.first == days.last ? days.first.label : "\(days.first.label) … \(days.last.label)"
    }

    /// "Shopping list for Mon 2026-03-02 … Sun 2026-03-08": the title of the list.
    public var title: String { "Shopping list for \(daysText)" }

    /// "3 meals with recipes": what the list is for.
    public var summary: String { ShoppingList.cookedText(cooked) }

    /// The list as a person reads it, the same on the command line and on the planner's page:
    /// `summary` (after `title` and a colon when `titled`: a page has its own title bar), what
    /// an empty list says, then aisle by aisle each item with its amounts in a column, and the
    /// notes. `open` leaves out what is ticked; `why` adds the meals each item is for. Each row
    /// has the item it shows, so that a page can tick it; user text is shown as visible symbols.
    public func rows(titled: Bool, open: Bool = false, why: Bool = false) -> [(text: String, item: ShoppingList.Item?)] {
        let ticked = ticked
        let list = open ? ticked.open : ticked
        var rows: [(text: String, item: ShoppingList.Item?)] = [((titled ? title + ": " : "") + summary, nil)]
        if let empty = emptyText(shown: list, ticked: ticked) { rows.append((empty, nil)) }
        let nameWidth = list.items.map { $0.name.terminalVisible.terminalWidth }.max() ?? 0
        rows += list.textRows(
            name: { $0.name.terminalVisible.padded(toWidth: nameWidth) },
            detail: { item in why ? "for " + item.mealsText : nil })
        return rows.map { ($0.text.terminalVisible, $0.item) }
    }

    /// The text of `rows`.
    public func lines(titled: Bool, open: Bool = false, why: Bool = false) -> [String] {
        rows(titled: titled, open: open, why: why).map(\.text)
    }

    /// Why `shown` has no item, or `nil` when it has some: no meal with a recipe, or every
    /// item ticked (and left out by `open`), or nothing the recipes need beyond the pantry.
    private func emptyText(shown: ShoppingList, ticked: ShoppingList) -> String? {
        guard shown.items.isEmpty else { return nil }
        if !ticked.items.isEmpty { return "nothing left to buy: every item is ticked" }
        return ShoppingList.nothingToBuy(cooked: cooked)
    }
}
