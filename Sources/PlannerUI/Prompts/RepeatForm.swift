import MealPlanCore
import Recurrence
import TextHelpers

/// A single meal being made to repeat (`x`): how often, on which days, and until when, one
/// field at a time, each in the words of `mealplan repeat add`'s `--every`, `--on` and
/// `--until`/`--count` (one parser, `RepeatRule(firstDay:every:…)`); its messages name its own
/// fields, never those options.
public struct RepeatForm: PlannerPrompt, Hashable {
    public enum Step: Int, Hashable, Sendable, CaseIterable {
        case every, on, ends
    }

    /// The meal that becomes the rule's first occurrence.
    public let meal: Meal
    public internal(set) var step: Step = .every
    /// The text of each field entered so far.
    public internal(set) var fields: [Step: String] = [:]

    subscript(step: Step) -> String {
        get { fields[step] ?? "" }
        set { fields[step] = newValue }
    }

    /// The rule `every` alone gives (nil while it makes none).
    var repetition: RepeatRule? { try? RepeatRule(firstDay: meal.day, every: self[.every]) }

    /// Whether `every` asks for weekdays or a day of the month: days and years take neither,
    /// nor days of the week named in `every` itself (`weekdays`, `mon-fri`).
    var takesOn: Bool {
        if WeekdaySet.days(in: self[.every]) != nil { return false }
        return switch repetition?.pattern {
        case .days?, .years?: false
        case .weeks?, .monthsOnDay?, .monthsOnWeekday?, nil: true
        }
    }

    /// The field ↑ goes back to (past `on` when the rule takes none).
    var previousStep: Step? {
        switch step {
        case .every: nil
        case .on: .every
        case .ends: takesOn ? .on : .every
        }
    }

    var kind: Prompt.Kind { .repeatMeal(self) }
    /// The end may be a date, counted from the meal's day.
    var dateField: DateField? { step == .ends ? .fromMealsDay : nil }

    var label: String {
        switch step {
        case .every: "Every: "
        case .on: "On: "
        case .ends: "Ends: "
        }
    }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        let subject = PromptView.HintPart.asked("Repeating \(quoted(meal.title))")
        switch step {
        case .every:
            return [subject, .asked("day, weekdays, mon-fri, 2w, month, year"), .enter("next"), .cancel]
        case .on:
            let forms = repetition.map { rule -> String in
                if case .weeks = rule.pattern { return "mon,thu, mon-fri or nothing: \(rule)" }
                return "15, 2tue, last-fri or nothing: \(rule)"
            }
            return [subject] + (forms.map { [.asked($0)] } ?? []) + [.enter("next"), .back(to: "every"), .cancel]
        case .ends:
            return [subject, .asked("a date, x6 for 6 times, nothing: never"), .enter("saves"),
                    .back(to: previousStep == .on ? "on" : "every"), .cancel]
        }
    }

    /// Enter on a field: it is checked with the ones before it, and the prompt moves on to the
    /// next field; on the last, the meal is replaced by the rule (the prompt stays open, as
    /// typed, until the store answers).
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        var form = self
        form[step] = text
        let rule = try PlannerState.rule(of: form, today: state.today, weekStart: state.weekStart)
        switch step {
        case .every:
            // Days and years take no `on`: the question is not asked.
            form.step = form.takesOn ? .on : .ends
        case .on:
            form.step = .ends
        case .ends:
            prompt.body = form
            state.mode = .prompt(prompt)
            return state.save([.remove(meal), .addRule(RuleSnapshot(rule, meal: meal))],
                              origin: .change(done: "\(quoted(meal.title)) repeats \(rule); u undoes"))
        }
        state.reopen(Prompt(form, text: form[form.step]))
        return []
    }

    /// ↑ goes back to the previous field, keeping what was typed in this one.
    func run(_ command: PromptCommand, prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        guard command == .previousField, let previous = previousStep else { return [] }
        var form = self
        form[step] = prompt.editor.text
        form.step = previous
        prompt = Prompt(form, text: form[previous])
        return []
    }
}

/// Why a field of the repeat prompt makes no rule.
struct RepeatFormError: Error, CustomStringConvertible {
    let description: String
}

/// Making a single meal repeat: `x` asks how it repeats, and Enter on the last field replaces
/// the meal by a rule from its day giving the same meal (its first occurrence stands where the
/// meal stood), as one `MealChange` batch that undo and redo cover.
extension PlannerState {
    /// `x`: asks how the selected meal repeats; an occurrence repeats already.
    mutating func startRepeating() {
        guard let meal = requireSelectedMeal() else { return }
        guard meal.id != nil else {
            // The planner changes what a repeat gives; how it repeats, the command line does.
            let edit = keyMap[.editMeal].shownKeys[0].helpName, all = RepeatScope.keys[.all].keyNames
            let rule = meal.occurrence.map { " \($0.rule)" } ?? ""
            message = StatusMessage(
                "\(quoted(meal.title)) repeats already: \(edit) then \(all) changes every one; mealplan repeat edit\(rule) changes how often",
                isError: true)
            return
        }
        mode = .prompt(Prompt(RepeatForm(meal: meal)))
    }

    /// The rule the fields up to the form's step give, from the meal's day; it must happen on
    /// that day, since its first occurrence takes the meal's place.
    static func rule(of form: RepeatForm, today: Day, weekStart: Weekday) throws -> RepeatRule {
        // An empty field is a question not yet answered, not a mistaken --every.
        guard !form[.every].trimmingWhitespace().isEmpty else {
            throw RepeatFormError(description: "Every: how often? day, week, month, year, 3d, 2w, 6m, 4y, weekdays, mon-fri")
        }
        let day = form.meal.day
        let on = form.step == .every || form[.on].trimmingWhitespace().isEmpty ? nil : form[.on]
        let (until, count) = form.step == .ends ? try Self.end(form[.ends], from: day, today: today, weekStart: weekStart) : (nil, nil)
        let rule = try RepeatRule(firstDay: day, every: form[.every], on: on, until: until, count: count)
        guard rule.isOccurrence(day) else {
            let days = on ?? form[.every]
            throw RepeatFormError(description: "'\(days.messageExcerpt)' leaves out the meal's day, \(longDate(day))")
        }
        return rule
    }

    /// The `ends` field as `--until` and `--count` would give it: empty for never, `x6` (as
    /// the template prompt counts copies) for 6 times, else a date as the move prompt takes it
    /// (`+8w` counting from the meal's day).
    static func end(_ text: String, from day: Day, today: Day, weekStart: Weekday) throws -> (until: Day?, count: Int?) {
        let input = text.trimmingWhitespace()
        if input.isEmpty { return (nil, nil) }
        if let times = MealTemplate.times(in: input) {
            // The command line's --count refuses a number too large to hold; so does this field.
            guard Int(input.dropFirst()) != nil else {
                throw RepeatFormError(description: "Ends '\(input.messageExcerpt)': too many times; give a count like x6")
            }
            return (nil, times)
        }
        do {
            return (try DateInput.parse(input, today: today, weekStart: weekStart, offsetsFrom: day), nil)
        } catch {
            guard error.isUnknownForm else { throw error }
            throw RepeatFormError(description: "Ends '\(input.messageExcerpt)': give a date, x6 for 6 times, or nothing for never")
        }
    }
}
