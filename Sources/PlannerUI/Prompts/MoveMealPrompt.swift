import MealPlanCore

/// `m`: the day to move a meal to (offsets count from its day); an occurrence of a repeat
/// moves alone.
public struct MoveMealPrompt: PlannerPrompt, Hashable {
    /// The meal being moved, as it was when `m` was pressed.
    public let meal: Meal

    var kind: Prompt.Kind { .moveMeal(self) }
    var label: String { "Move to: " }
    var dateField: DateField? { .fromMealsDay }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [.asked("Moving \(quoted(meal.title))"), .asked(Self.dayForms), .enter("moves"), .cancel]
    }

    /// The forms of a day the hint names; offsets count from the meal's day.
    static let dayForms = "tomorrow, fri, +1w from its day, 2027-03-15"

    /// The day `text` names, offsets counting from `meal`'s day: what `m` and `L` ask.
    static func day(_ text: String, from meal: Meal, state: PlannerState) throws -> Day {
        try DateInput.parse(text, today: state.today, weekStart: state.weekStart, offsetsFrom: meal.day)
    }

    /// The prompt stays open, as typed, until the store answers.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let day = try Self.day(text, from: meal, state: state)
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
