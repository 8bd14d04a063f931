import Cooklang

extension ShoppingList.Item {
    /// The amounts to buy as one text, "1.5 kg + 2 tins"; empty when the recipes give none.
    public var amountText: String { amounts.map(\.text).joined(separator: " + ") }

    /// "Lasagne (meal 12, Fri 2026-03-06), Porridge (r2, Sat 2026-03-07)": the meals the item
    /// is for.
    public var mealsText: String {
        meals.map { "\($0.title) (\($0.reference), \($0.day.label))" }.joined(separator: ", ")
    }
}

extension ShoppingList.Item {
    /// "Fri 2026-03-06 dinner 'Lasagne', Sat 2026-03-07 lunch 'Porridge'": the meals the item is
    /// for, by day, slot and title, which are the same in every copy of a plan (ids are not).
    public var mealPlacesText: String { meals.map(\.label).joined(separator: ", ") }
}

extension ShoppingList {
    /// The items aisle by aisle, in walking order; the aisle is `nil` for ingredients that
    /// `aisle.conf` does not name, which come last.
    public var aisleGroups: [(aisle: String?, items: [Item])] {
        var groups: [(aisle: String?, items: [Item])] = []
        for item in items {
            if let last = groups.indices.last, groups[last].aisle == item.aisle {
                groups[last].items.append(item)
            } else {
                groups.append((item.aisle, [item]))
            }
        }
        return groups
    }

    /// The items as a person reads them, after a heading the caller writes: each aisle's name
    /// ("other" for the ingredients no aisle names) and its items, "  name  amounts" ("✓ name"
    /// when ticked off, "+amounts" on a top-up line), then the items the plan leaves below
    /// their pantry `low` mark under "running low", then the
    /// notes. `name` writes an item's name (the command line pads it to a column), `detail` an
    /// optional line under it.
    public func textLines(name: (Item) -> String = \.name, detail: (Item) -> String? = { _ in nil }) -> [String] {
        textRows(name: name, detail: detail).map(\.text)
    }

    /// `textLines`, each with the item it shows (`nil` for headings, details and notes), so
    /// that a page can pick an item by its line.
    public func textRows(name: (Item) -> String = \.name, detail: (Item) -> String? = { _ in nil }) -> [(text: String, item: Item?)] {
        var lines: [(text: String, item: Item?)] = []
        for group in aisleGroups {
            lines += [("", nil), (group.aisle ?? "other", nil)]
            for item in group.items {
                let amount = item.shownAmount
                let mark = item.checked ? "✓ " : "  "
                lines.append((amount.isEmpty ? mark + item.name : mark + name(item) + "  " + amount, item))
                if let detail = detail(item) { lines.append(("    " + detail, nil)) }
            }
        }
        if !runningLow.isEmpty { lines += [("", nil), ("running low", nil)] + runningLow.map { ("  " + $0.text, nil) } }
        if !closingLines.isEmpty { lines += [("", nil)] + closingLines.map { ($0, nil) } }
        return lines
    }

    /// What follows the items: the notes, the meals without a recipe, and each meal left out
    /// with why (naming its recipe file), so a reader knows what the list is not for.
    public var closingLines: [String] {
        notes.map { "note: \($0)" } + [withoutRecipeLine].compactMap { $0 } + problems.map(\.text)
    }

    /// How many meals of the days have a recipe, as the list's heading says it.
    public static func cookedText(_ cooked: Int) -> String {
        "\(cooked) \(cooked == 1 ? "meal" : "meals") with recipes"
    }

    /// What a list without items says, for `cooked` meals with recipes: with none, why.
    public static func nothingToBuy(cooked: Int) -> String {
        cooked == 0 ? "nothing to buy: no meal in these days has a recipe" : "nothing to buy"
    }

    /// At most this many meals without a recipe are named; the rest are counted.
    static let namedWithoutRecipe = 10

    /// "2 meals have no recipe: Tue 2026-12-01 lunch 'Leftover chili', …", or `nil`.
    public var withoutRecipeLine: String? {
        guard !withoutRecipe.isEmpty else { return nil }
        let count = withoutRecipe.count
        let named = withoutRecipe.prefix(Self.namedWithoutRecipe).map(\.label)
        let more = count > named.count ? ", and \(count - named.count) more" : ""
        return "\(count) \(count == 1 ? "meal has" : "meals have") no recipe: " + named.joined(separator: ", ") + more
    }
}

extension ShoppingList.Problem {
    /// "left out: Wed 2026-12-02 dinner 'Lasagne' (meal 12): Lasagne.cook:3:5: …".
    public var text: String { "left out: \(meal.label) (\(meal.reference)): \(message)" }
}

extension ShoppingList.MealUse {
    /// "Tue 2026-12-01 lunch 'Leftover chili'".
    public var label: String {
        [day.label, slot, title.isEmpty ? "" : "'\(title)'"].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// "meal 12" for a stored meal, "r2" for a repeat's occurrence: as `list` shows it and the
    /// commands take it.
    public var reference: String {
        if let id { return "meal \(id)" }
        return rule.map { "r\($0)" } ?? "a meal"
    }
}

extension ShoppingList.LowStock {
    /// "milk: 200 ml left after the plan, low at 250 ml".
    public var text: String { "\(name): \(left.cookingText) left after the plan, low at \(low.cookingText)" }
}
