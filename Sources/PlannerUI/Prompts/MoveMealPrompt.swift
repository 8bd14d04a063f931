import MealPlanCore

/// `m`: the day to move a meal to (offsets count from its day); an occurrence of a repeat
/// moves alone.
public struct MoveMealPrompt: PlannerPrompt, Hashable {
    /// The meal being moved, as it was when `m` was pressed.
    public let meal: Meal

    var kind: Prompt.Kind { .moveMeal(self) }
    var label: String { "Move to: " }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [.asked("Moving \(quoted(meal.title))"), .asked("tomorrow, fri, +1w from its day, 2027-03-15"), .enter("moves"), .cancel]
    }

    /// The prompt stays open, as typed, until the store answers.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let day = try DateInput.parse(text, today: state.today, weekStart: state.weekStart, offsetsFrom: meal.day)
        guard day != meal.day else {
            state.message = StatusMessage("\(quoted(meal.title)) is already on \(longDate(day))")
            return []
        }
        var moved = meal
        moved.day = day
        state.mode = .prompt(prompt)
        if meal.id == nil, meal.occurrence != nil {
            // An occurrence moves alone: it becomes a meal of its own on the new day.
            return state.save([.skip(meal), .add(moved)],
                              origin: .change(done: "Moved \(quoted(meal.title)) (this one only) to \(longDate(day)); u undoes"))
        }
        return state.save([.update(from: meal, to: moved, restoresPosition: false)],
                          origin: .change(done: "Moved \(quoted(meal.title)) to \(longDate(day)); u undoes"))
    }
}

extension PlannerPrompt where Self == MoveMealPrompt {
    static func moveMeal(_ meal: Meal) -> Self { MoveMealPrompt(meal: meal) }
}
