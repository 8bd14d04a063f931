import MealPlanCore
import MealPlanStore
import TerminalKit

/// Leftovers in words: a cooked meal named by its day and slot ("Mon dinner"), how its servings
/// are shared, and the warnings about them, for `leftovers`, `shop --why` and every command
/// that changes a meal.
enum LeftoverText {
    /// "Mon 23 Nov dinner": where a meal is, as a cook says it.
    static func place(_ meal: Meal) -> String {
        "\(meal.day.shortLabel) \(meal.slot.terminalVisible)"
    }

    /// "2 portions", "1 portion", "2.5 portions".
    static func portions(_ count: Double) -> String {
        "\(Meal.servingsText(count)) portion\(count == 1 ? "" : "s")"
    }

    /// "Lasagna 6 servings: Mon 23 Nov dinner 2, Tue 24 Nov lunch 2, 2 not planned": the cooked
    /// meal and where its servings go.
    static func sharing(_ share: LeftoverShare) -> String {
        var parts: [String] = []
        if let eaten = share.eatenAtSource { parts.append("\(place(share.source)) \(Meal.servingsText(eaten))") }
        parts += share.leftovers.map { "\(place($0)) \(Meal.servingsText($0.servings ?? 1))" }
        if let left = share.notPlanned, left != 0 {
            parts.append(left > 0 ? "\(Meal.servingsText(left)) not planned" : "\(Meal.servingsText(-left)) more than cooked")
        }
        let cooked = share.cooked.map { " \(Meal.servingsText($0)) servings" } ?? ""
        return "\(share.source.title.terminalVisible)\(cooked): \(parts.joined(separator: ", "))"
    }

    /// One line for each thing wrong with the plan of `share`'s leftovers.
    static func warnings(_ share: LeftoverShare, slotOrder: [String: Int]) -> [String] {
        let source = "'\(share.source.title.terminalVisible)' (meal \(share.source.id.map(String.init) ?? "?"), \(place(share.source)))"
        return share.problems(slotOrder: slotOrder).map { problem in
            switch problem {
            case .moreThanCooked(let planned, let available):
                "leftovers of \(source) plan \(portions(planned)), but \(portions(available)) are left after the meal"
            case .before(let meal):
                "meal \(meal.id.map(String.init) ?? "?") on \(place(meal)) eats the leftovers of \(source) before it is cooked"
            case .sourceSkipped:
                "\(source) was skipped: nothing was cooked for its leftovers"
            }
        }
    }

    /// Prints on standard error what is wrong with the leftovers of the cooked meals `meals` touch
    /// (a meal's own, or its source's). Warnings never fail the command: the cook may know better.
    static func warn(touching meals: [Meal], plan: MealStore, household: Double?) {
        let ids = meals.compactMap(\.id)
        guard meals.contains(where: { $0.leftoversOf != nil || $0.servings != nil }),
              let shares = try? plan.leftoverShares(of: ids, household: household),
              let order = try? plan.slotOrder()
        else { return }
        // After what the command printed, not before it: standard output may be buffered.
        try? StandardOutput.flush()
        for share in shares {
            for line in warnings(share, slotOrder: order) { printError("warning: \(line)") }
        }
    }
}
