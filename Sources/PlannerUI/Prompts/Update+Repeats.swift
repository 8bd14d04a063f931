import MealPlanCore
import Recurrence
import TerminalKit
import TextHelpers

/// What is being done to an occurrence of a repeat rule, waiting for the answer to "this one,
/// all, or this and the following ones?".
public enum RepeatChoice: Hashable, Sendable {
    /// `d` on the occurrence.
    case delete(Meal)
    /// `e` on the occurrence, with the meal as edited.
    case edit(from: Meal, to: Meal)

    var occurrence: Meal {
        switch self {
        case .delete(let meal), .edit(let meal, _): meal
        }
    }
}

/// The answers to "this one, all, or this and the following ones?", with their keys (the help
/// lists them).
enum RepeatScope: Hashable, Sendable {
    case thisOne, all, following

    static let keys = KeyTable<RepeatScope>([
        KeyBinding([.character("o")], .thisOne, "this one"),
        KeyBinding([.character("a")], .all, "all of them"),
        KeyBinding([.character("f")], .following, "this and the following ones"),
    ])

    /// "o this one", "a all of them", "f this and the following ones".
    static var answers: [String] { keys.hints }
    /// The answers where the line is short of room.
    static var shortAnswers: [String] { keys.hints(saying: ["this one", "all", "from here on"]) }
}

/// Deleting and editing an occurrence of a repeat rule: the planner asks whether the change is
/// for this one only (the rule skips the day; an edit stores the changed meal in its place),
/// for all of them (the rule itself changes or goes), or for this and the following ones (the
/// rule ends the day before; an edit starts a new rule from the day). Each answer is one
/// `MealChange` batch, so undo and redo cover it.
extension PlannerState {
    /// Asks "this one, all, or this and the following?" before `choice` is made.
    mutating func ask(_ choice: RepeatChoice) -> [Effect] {
        mode = .prompt(Prompt(.repeatChoice(choice)))
        return []
    }

    /// A key while the question is open: one of `RepeatScope.keys`, or Esc.
    mutating func answerRepeatChoice(_ choice: RepeatChoice, key: Key, prompt: inout Prompt) -> [Effect] {
        if LineEditor.keys.command(for: key) == .cancel {
            mode = .browsing
            message = StatusMessage("Nothing changed")
            return []
        }
        guard let scope = RepeatScope.keys.command(for: key) else {
            prompt.error = Self.notAnAnswer(key.helpName, RepeatScope.answers)
            mode = .prompt(prompt)
            return []
        }
        mode = .prompt(prompt)
        let title = quoted(choice.occurrence.title)
        switch (choice, scope) {
        case (.delete(let meal), .thisOne):
            return save([.skip(meal)], origin: .change(done: "Deleted \(title) on \(longDate(meal.day)) only; u undoes"))
        case (.delete(let meal), .all):
            return save([.removeRuleOf(meal)], origin: .change(done: "Deleted every \(title); u undoes"))
        case (.delete(let meal), .following):
            return save([.splitRule(at: meal, continuedAs: nil)],
                        origin: .change(done: "Deleted \(title) from \(longDate(meal.day)) on; u undoes"))
        case (.edit(let from, let to), .thisOne):
            return save([.skip(from), .add(to)], origin: .change(done: "Saved \(quoted(to.title)) on \(longDate(to.day)) only; u undoes"))
        case (.edit(let from, let to), .all):
            return save([.updateRule(from: from, to: to)], origin: .change(done: "Saved every \(quoted(to.title)); u undoes"))
        case (.edit(let from, let to), .following):
            return save([.splitRule(at: from, continuedAs: to)],
                        origin: .change(done: "Saved \(quoted(to.title)) from \(longDate(from.day)) on; u undoes"))
        }
    }
}

/// A single meal being made to repeat (`x`): how often, on which days, and until when, one
/// field at a time, each in the words of `mealplan repeat add`'s `--every`, `--on` and
/// `--until`/`--count`.
public struct RepeatForm: Hashable, Sendable {
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

    /// Whether `every` asks for weekdays or a day of the month: days and years take neither.
    var takesOn: Bool {
        switch repetition?.pattern {
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
        mode = .prompt(Prompt(.repeatMeal(RepeatForm(meal: meal))))
    }

    /// Enter on a field: it is checked with the ones before it, and `prompt` moves on to the
    /// next field (`nil` is returned); on the last, the save of the rule is returned.
    mutating func submitRepeat(_ form: RepeatForm, text: String, prompt: inout Prompt) throws -> [Effect]? {
        var form = form
        form[form.step] = text
        let rule = try Self.rule(of: form, today: today, weekStart: weekStart)
        switch form.step {
        case .every:
            // Days and years take no `on`: the question is not asked.
            form.step = form.takesOn ? .on : .ends
        case .on:
            form.step = .ends
        case .ends:
            prompt.kind = .repeatMeal(form)
            let meal = form.meal
            return save([.remove(meal), .addRule(RuleSnapshot(rule, meal: meal))],
                        origin: .change(done: "\(quoted(meal.title)) repeats \(rule); u undoes"))
        }
        prompt = Prompt(.repeatMeal(form), text: form[form.step])
        return nil
    }

    /// The rule the fields up to the form's step give, from the meal's day; it must happen on
    /// that day, since its first occurrence takes the meal's place.
    static func rule(of form: RepeatForm, today: Day, weekStart: Weekday) throws -> RepeatRule {
        let day = form.meal.day
        let on = form.step == .every || form[.on].trimmingWhitespace().isEmpty ? nil : form[.on]
        let (until, count) = form.step == .ends ? try Self.end(form[.ends], from: day, today: today, weekStart: weekStart) : (nil, nil)
        let rule = try RepeatRule(firstDay: day, every: form[.every], on: on, until: until, count: count)
        guard rule.isOccurrence(day) else {
            throw RepeatFormError(description: "'--on \((on ?? "").messageExcerpt)' leaves out the meal's day, \(longDate(day))")
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
                throw RepeatFormError(description: "Ends '\(input.messageExcerpt)': too many times; give a count as --count takes it, like x6")
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
