import MealPlanCore

/// `L`: the day, and the slot after it, to eat a cooked meal's leftovers on ("tue lunch",
/// "+1d"), the day read as `m` reads it; without a slot, the cooked meal's.
public struct LeftoversPrompt: PlannerPrompt, Hashable {
    /// The meal `L` was pressed on: the cooked meal, or leftovers of it (offsets count from its day).
    public let meal: Meal
    /// How the cooked meal is shared now.
    public let share: LeftoverShare
    /// The portions the new leftover meal eats.
    public let servings: Double

    var kind: Prompt.Kind { .leftovers(self) }
    var label: String { "Eat the rest on: " }
    var dateField: DateField? { .fromMealsDay }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        let left = share.notPlanned.map { ", \(Meal.servingsText(max(0, $0))) left" } ?? ""
        return [.asked("\(Self.portions(servings)) of \(quoted(share.source.title))\(left)"),
                .asked("tue lunch, " + MoveMealPrompt.dayForms), .enter("plans them"), .cancel]
    }

    /// The prompt stays open, as typed, until the store answers.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let (day, slot) = try Self.dayAndSlot(text, from: meal, default: share.source.slot, state: state)
        let source = share.source
        let leftovers = Meal(day: day, slot: slot, title: source.title, recipe: source.recipe, servings: servings,
                             leftoversOf: source.id)
        state.mode = .prompt(prompt)
        let plus = state.keyMap.keyNames(for: .moreServings), minus = state.keyMap.keyNames(for: .fewerServings)
        return state.save([.add(leftovers)], origin: .change(
            done: "Planned \(Self.portions(servings)) of \(quoted(source.title)) on \(longDate(day)) \(slot); \(plus) \(minus) change them, u undoes"))
    }

    /// The day and slot `text` names: a slot's name (or the start of one) last, or none.
    static func dayAndSlot(_ text: String, from meal: Meal, default slot: String, state: PlannerState) throws -> (Day, String) {
        let words = text.split(separator: " ")
        if words.count > 1, let named = try? state.slots.resolve(String(words[words.count - 1])) {
            return (try MoveMealPrompt.day(words.dropLast().joined(separator: " "), from: meal, state: state), named.name)
        }
        return (try MoveMealPrompt.day(text, from: meal, state: state), slot)
    }

    /// "2 servings".
    static func portions(_ servings: Double) -> String {
        "\(Meal.servingsText(servings)) serving\(servings == 1 ? "" : "s")"
    }
}

extension PlannerPrompt where Self == LeftoversPrompt {
    static func leftovers(of meal: Meal, share: LeftoverShare, servings: Double) -> Self {
        LeftoversPrompt(meal: meal, share: share, servings: servings)
    }
}
