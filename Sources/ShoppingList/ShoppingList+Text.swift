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
}
