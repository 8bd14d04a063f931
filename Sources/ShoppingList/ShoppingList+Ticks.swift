import MealPlanCore
import Settings
import TextHelpers

extension ShoppingList {
    /// The list with `extras` in the aisles `aisle.conf` gives them: an aisle the list already
    /// has gets them at its end, one it lacks comes in its walking order, and an extra no aisle
    /// names goes under "other". An extra the recipes already list is not added twice;
    /// `aisle.conf`'s other names apply.
    public func adding(_ extras: [ExtraItem], aisles: AisleConfig) -> ShoppingList {
        var list = self
        func rank(_ aisle: String?) -> Int {
            guard let aisle else { return Int.max }
            return aisles.aisles.firstIndex { $0.name.lowercased() == aisle.lowercased() } ?? Int.max - 1
        }
        for extra in extras {
            let place = aisles.place(of: extra.name)
            let name = place?.name ?? extra.name
            guard !list.items.contains(where: { $0.name.lowercased() == name.lowercased() }) else { continue }
            let aisle = place.map { aisles.aisles[$0.aisle].name }
            let item = Item(name: name, aisle: aisle, amounts: extra.amounts, meals: [])
            let index = list.items.lastIndex { $0.aisle?.lowercased() == aisle?.lowercased() }.map { $0 + 1 }
                ?? list.items.firstIndex { rank($0.aisle) > rank(aisle) }
                ?? list.items.endIndex
            list.items.insert(item, at: index)
        }
        return list
    }

    /// The list as `log` ticks it off. A ticked item shows what was bought when that is known,
    /// and stays ticked whatever the plan does later; when the plan now needs more of it than
    /// was bought, the difference follows it as an open line of its own (`isTopUp`).
    public func ticked(by log: CheckLog) -> ShoppingList {
        let ticks = log.ticks
        var list = self
        list.items = items.flatMap { item -> [Item] in
            guard let tick = ticks[item.name.lowercased()], tick.checked else { return [item] }
            var done = item
            done.checked = true
            guard let bought = tick.bought else { return [done] }
            done.amounts = bought
            let more = Self.stillNeeded(item.amounts, bought: bought)
            guard !more.isEmpty else { return [done] }
            var topUp = item
            topUp.amounts = more
            topUp.isTopUp = true
            return [done, topUp]
        }
        return list
    }

    /// The entry that ticks `name` off: with what the list needs of it now, so that a later
    /// need for more shows as a top-up.
    public func tick(_ name: String) -> CheckLog.Entry {
        let amounts = items.first { $0.name.lowercased() == name.lowercased() && !$0.isTopUp }?.amounts ?? []
        return CheckLog.Entry(name: name, checked: true, bought: amounts)
    }

    /// Only what is still to buy.
    public var open: ShoppingList {
        var list = self
        list.items.removeAll(where: \.checked)
        return list
    }

    /// What `needed` asks beyond `bought`, compared through the list's own sums (so 4 tbsp
    /// bought covers 59 ml needed): the amounts left after taking away what was bought, where
    /// units allow. Amounts in words are not compared: a ticked "pinch" stays ticked.
    static func stillNeeded(_ needed: [Amount], bought: [Amount]) -> [Amount] {
        var total = AmountTotal()
        for amount in needed { if let quantity = amount.quantity { total.add(quantity, unit: amount.unit) } }
        for amount in bought { if let quantity = amount.quantity { _ = total.subtract(quantity, unit: amount.unit) } }
        return total.amounts()
    }
}

extension ShoppingList {
    /// The name on the list that `typed` means: the name as the list shows it in any case,
    /// another name `aisle.conf` gives it, or the only name that starts with it; `also` adds
    /// names the list no longer shows (ticked ones, so they can be unticked).
    public func listedName(_ typed: String, aisles: AisleConfig, also: [String] = []) throws(UnknownItemError) -> String {
        var names: [String] = []
        for name in items.map(\.name) + also where !names.contains(where: { $0.lowercased() == name.lowercased() }) {
            names.append(name)
        }
        return try UnknownItemError.pick(aisles.place(of: typed.trimmingWhitespace())?.name ?? typed, typed: typed,
                                         among: names, unknown: "is not on the shopping list")
    }
}

/// A name typed for an item that is not on the list.
public struct UnknownItemError: UserFacingError, Equatable, Sendable {
    public let userMessage: String
    public var exitStatus: ExitStatus { .usage }

    public init(_ message: String) {
        userMessage = message
    }

    /// The name of `names` that `wanted` picks (`NameMatch`); else this error, saying
    /// "'typed' `unknown`" and the nearest name.
    public static func pick(_ wanted: String, typed: String, among names: [String], unknown: String) throws(UnknownItemError) -> String {
        switch NameMatch(wanted, among: names) {
        case .found(let index): return names[index]
        case .ambiguous(let candidates):
            throw UnknownItemError("'\(typed.messageExcerpt)' could be \(candidates.prefix(4).map { "'\($0)'" }.joined(separator: ", "))")
        case .none:
            let hint = NameSuggestion.closest(to: typed, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UnknownItemError("'\(typed.messageExcerpt)' \(unknown)\(hint)")
        }
    }
}

extension ShoppingList.Item {
    /// The amounts as a line shows them: with "+" before what a top-up line adds.
    public var shownAmount: String {
        let text = amountText
        return isTopUp && !text.isEmpty ? "+" + text : text
    }
}
