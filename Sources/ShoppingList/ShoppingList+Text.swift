import Cooklang

extension Amount {
    /// "1.5 kg", "3", "a pinch": a number with at most two decimals, then the unit or words.
    public var text: String {
        [quantity.map { QuantityValue.format($0) }, unit].compactMap { $0 }.joined(separator: " ")
    }
}

extension ShoppingList.Item {
    /// The amounts to buy as one text, "1.5 kg + 2 tins"; empty when the recipes give none.
    public var amountText: String { amounts.map(\.text).joined(separator: " + ") }
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
    /// when ticked off, "+amounts" on a top-up line), then the
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
        if !notes.isEmpty { lines += [("", nil)] + notes.map { ("note: \($0)", nil) } }
        return lines
    }
}
