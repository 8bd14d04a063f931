import MealPlanCore
import TerminalKit

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
    static var answers: [String] { keys.bindings.map(\.hint) }
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
            prompt.error = "\(key.helpName) is not an answer: \(RepeatScope.answers.joined(separator: ", ")), \(LineEditor.keys[.cancel].hint)"
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
