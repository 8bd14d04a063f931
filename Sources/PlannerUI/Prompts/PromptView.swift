import MealPlanCore
import Recurrence
import TerminalKit

/// The prompt: the bottom line holds a label and the input field; the line above says what is
/// being asked and which keys work, or, after a refused Enter, why it was refused.
enum PromptView {
    static func label(_ prompt: Prompt) -> String {
        switch prompt.kind {
        case .goToDate: "Go to: "
        case .search: "Search: "
        case .shoppingDays: "Shop for: "
        case .moveMeal: "Move to: "
        case .saveTemplate: "Save as: "
        case .applyTemplate: "Template: "
        case .repeatChoice: "Repeat: "
        case .replaceTemplate: "Replace? "
        case .repeatMeal(let form):
            switch form.step {
            case .every: "Every: "
            case .on: "On: "
            case .ends: "Ends: "
            }
        case .meal(let form):
            switch form.step {
            case .slot: "Slot: "
            case .title: "Title: "
            case .servings: "Servings: "
            case .note: "Note: "
            }
        }
    }

    /// The label's columns: all of it, but never more than half the screen.
    static func labelWidth(_ prompt: Prompt, screenWidth: Int) -> Int {
        min(label(prompt).terminalWidth, screenWidth / 2)
    }

    /// One part of a hint; `rank` says what goes first when the hint is too wide: the keys
    /// anyone guesses (0: Enter, ↑, Tab), then Esc (1), never what is asked (2).
    struct HintPart {
        var text: String
        let rank: Int
        /// A shorter way to say it, used before any part is left out.
        var short: String?
    }

    /// What is asked and which keys work, in parts; the keys are named from their tables.
    static func hint(_ prompt: Prompt, state: PlannerState) -> [HintPart] {
        let cancel = HintPart(text: LineEditor.keys[.cancel].hint, rank: 1)
        func enter(_ text: String) -> HintPart { HintPart(text: LineEditor.keys.keyNames(for: .accept) + " " + text, rank: 0) }
        func back(to field: String) -> HintPart { HintPart(text: PromptCommand.keys.keyNames(for: .previousField) + " " + field, rank: 0) }
        func asked(_ text: String) -> HintPart { HintPart(text: text, rank: 2) }
        switch prompt.kind {
        case .goToDate:
            return [asked("A date: tomorrow, fri, +2w, 2027-03-15"), enter("goes"), cancel]
        case .search:
            return [asked("Text in titles and notes"), enter("finds the next match"), cancel]
        case .shoppingDays:
            // What Enter alone lists goes first: it depends on the week start.
            let week = DayRange.shoppingWeek(today: state.today, weekStart: state.weekStart)
            return [asked("Empty for the week from \(DayBlock.headerText(for: week.first)), or: fri, sat 14 (14 days), dec 1 to dec 24"),
                    enter("shows the list"), cancel]
        case .moveMeal(let meal):
            return [asked("Moving \(quoted(meal.title))"), asked("tomorrow, fri, +1w from its day, 2027-03-15"), enter("moves"), cancel]
        case .saveTemplate(let days):
            return [asked("A template name for \(countedDays(days.count)) from \(longDate(days.first))"), enter("saves"), cancel]
        case .applyTemplate(let day):
            let tab = HintPart(text: PromptCommand.keys.keyNames(for: .completeNext) + " templates", rank: 0)
            return [asked("From \(longDate(day)): a template, x4 lays 4 copies"), enter("adds its meals"), tab, cancel]
        case .repeatChoice(let choice):
            // The answers are never left out; what is asked goes before Esc does.
            let doing = switch choice {
            case .delete(let meal): "Delete \(quoted(meal.title))"
            case .edit(_, let meal): "Save \(quoted(meal.title))"
            }
            return [HintPart(text: doing, rank: 1)] + answers(RepeatScope.answers, short: RepeatScope.shortAnswers)
                + [HintPart(text: cancel.text, rank: 0)]
        case .replaceTemplate(let replacement):
            // As with the repeat choice, the answers are never left out.
            let existing = replacement.existing
            let question = "Replace template \(quoted(existing.name)) (\(countedMeals(existing.mealCount)))?"
            return [HintPart(text: question, rank: 1)] + answers(ReplaceAnswer.answers, short: ReplaceAnswer.shortAnswers)
                + [HintPart(text: cancel.text, rank: 0)]
        case .repeatMeal(let form):
            let subject = asked("Repeating \(quoted(form.meal.title))")
            switch form.step {
            case .every:
                return [subject, asked("day, week, 2w, month, 3m, year"), enter("next"), cancel]
            case .on:
                let forms = form.repetition.map { rule -> String in
                    if case .weeks = rule.pattern { return "mon,thu or nothing: \(rule)" }
                    return "15, 2tue, last-fri or nothing: \(rule)"
                }
                return [subject] + (forms.map { [asked($0)] } ?? []) + [enter("next"), back(to: "every"), cancel]
            case .ends:
                let back = back(to: form.previousStep == .on ? "on" : "every")
                return [subject, asked("a date, x6 for 6 times, nothing: never"), enter("saves"), back, cancel]
            }
        case .meal(let form):
            let subject = form.original.map { "Editing \(quoted($0.title))" } ?? "New meal on \(longDate(form.day))"
            switch form.step {
            case .slot:
                let names = state.slots.map(\.name).joined(separator: ", ")
                return [asked(subject), asked("\(PromptCommand.keys.keyNames(for: .completeNext)): \(names)"), enter("next"), cancel]
            case .title:
                // While Tab cycles: whether the suggestion is a recipe (Enter links it) or a past title.
                let suggestion = prompt.completionBase == nil ? nil
                    : asked(prompt.suggestsRecipe ? "\(DayBlock.recipeMark) recipe" : "past title, no recipe")
                let recipe = suggestion ?? form.recipe.map { asked("\(DayBlock.recipeMark) \($0)") }
                let tab = HintPart(text: PromptCommand.keys.keyNames(for: .completeNext) + " past titles, recipes", rank: 0)
                return [asked("\(subject), \(form.slot)")] + (recipe.map { [$0] } ?? [])
                    + [enter("next"), back(to: "slot"), tab, cancel]
            case .note:
                let newLine = HintPart(text: PromptCommand.keys.keyNames(for: .newLine) + " new line", rank: 1)
                // Esc on a new meal's optional note adds the meal without one; on an edit it cancels.
                let escape = form.original == nil
                    ? HintPart(text: LineEditor.keys.keyNames(for: .cancel) + " adds it without a note", rank: 1) : cancel
                return [asked(subject), asked("note, optional"), enter("saves"), newLine,
                        back(to: form.recipe == nil ? "title" : "servings"), escape]
            case .servings:
                let recipe = form.recipe.map { "\(DayBlock.recipeMark) \($0)" } ?? ""
                return [asked("Servings of \(recipe): a number, nothing: as written"), enter("next"), back(to: "title"), cancel]
            }
        }
    }

    /// A choice's answers, never left out, each with its shorter form.
    private static func answers(_ answers: [String], short: [String]) -> [HintPart] {
        zip(answers, short).map { HintPart(text: $0, rank: 2, short: $1) }
    }

    /// The parts joined with " · " in `width` columns. Until it fits: the keys anyone guesses
    /// (rank 0) are left out, then the parts with a shorter form take it, then what is asked
    /// (rank 1), the last of equals first; what still does not fit is cut with "…".
    static func fitted(_ parts: [HintPart], width: Int) -> String {
        var parts = parts
        func joined() -> String { parts.map(\.text).joined(separator: " · ") }
        func leaveOut(below rank: Int) -> Bool {
            guard let lowest = parts.indices.filter({ parts[$0].rank < rank })
                .min(by: { (parts[$0].rank, -$0) < (parts[$1].rank, -$1) }) else { return false }
            parts.remove(at: lowest)
            return true
        }
        while joined().terminalWidth > width {
            if leaveOut(below: 1) { continue }
            if parts.contains(where: { $0.short != nil }) {
                parts = parts.map { HintPart(text: $0.short ?? $0.text, rank: $0.rank) }
                continue
            }
            if !leaveOut(below: 2) { break }
        }
        return joined().truncated(toWidth: width)
    }

    /// The rest of the first slot name that starts with the typed text, shown dim after it so
    /// that Tab's completion can be seen before it is asked for.
    static func completion(_ prompt: Prompt, state: PlannerState) -> String? {
        guard case .meal(let form) = prompt.kind, form.step == .slot, !prompt.isSuggestion else { return nil }
        let text = prompt.editor.text
        guard !text.isEmpty, prompt.editor.cursor == text.endIndex,
              let name = state.slotNames(startingWith: text).first, name.count > text.count else { return nil }
        return String(name.dropFirst(text.count))
    }

    /// Draws the prompt over the two bottom lines and returns where the cursor goes.
    static func draw(_ prompt: Prompt, state: PlannerState, theme: Theme, into buffer: inout Buffer) -> Position {
        let width = buffer.width
        let row = buffer.height - 1
        let above = Rect(x: 0, y: row - 1, width: width, height: 1)
        buffer.fill(above, style: .plain)
        if let error = prompt.error {
            buffer.write(error.truncated(toWidth: width), x: 0, y: above.y, style: theme.error)
        } else {
            buffer.write(fitted(hint(prompt, state: state), width: width), x: 0, y: above.y, style: theme.hint)
        }
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .plain)
        let labelWidth = labelWidth(prompt, screenWidth: width)
        buffer.write(label(prompt).truncated(toWidth: labelWidth), x: 0, y: row, style: theme.promptLabel)
        let field = Rect(x: labelWidth, y: row, width: width - labelWidth, height: 1)
        let (text, cursorColumn) = prompt.editor.visible(width: field.width)
        let end = buffer.write(text, x: field.x, y: row, style: prompt.isSuggestion ? theme.suggestion : .plain, clip: field)
        if let completion = completion(prompt, state: state) {
            buffer.write(completion, x: end, y: row, style: theme.completion, clip: field)
        }
        return Position(x: min(width - 1, field.x + cursorColumn), y: row)
    }
}
