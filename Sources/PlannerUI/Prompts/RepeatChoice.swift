import MealPlanCore
import TerminalKit

/// What is being done to an occurrence of a repeat rule, waiting for the answer to "this one,
/// all, or this and the following ones?": for this one only the rule skips the day (an edit
/// stores the changed meal in its place), for all of them the rule itself changes or goes, for
/// this and the following ones the rule ends the day before (an edit starts a new rule from the
/// day). Each answer is one `MealChange` batch, so undo and redo cover it.
public enum RepeatChoice: PlannerQuestion, Hashable {
    /// `d` on the occurrence.
    case delete(Meal)
    /// `e` on the occurrence, with the meal as edited.
    case edit(from: Meal, to: Meal)

    var occurrence: Meal {
        switch self {
        case .delete(let meal), .edit(let meal, _): meal
        }
    }

    var kind: Prompt.Kind { .repeatChoice(self) }
    var label: String { "Repeat: " }
    static var keys: KeyTable<RepeatScope> { RepeatScope.keys }
    static var shortAnswers: [String] { ["this one", "all", "from here on"] }
    static var nothingDone: String { "Nothing changed" }

    var question: String {
        switch self {
        case .delete(let meal): "Delete \(quoted(meal.title))"
        case .edit(_, let meal): "Save \(quoted(meal.title))"
        }
    }

    func answer(_ scope: RepeatScope, prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        state.mode = .prompt(prompt)
        let title = quoted(occurrence.title)
        switch (self, scope) {
        case (.delete(let meal), .thisOne):
            return state.save([.skip(meal)], origin: .change(done: "Deleted \(title) on \(longDate(meal.day)) only; u undoes"))
        case (.delete(let meal), .all):
            return state.save([.removeRuleOf(meal)], origin: .change(done: "Deleted every \(title); u undoes"))
        case (.delete(let meal), .following):
            return state.save([.splitRule(at: meal, continuedAs: nil)],
                              origin: .change(done: "Deleted \(title) from \(longDate(meal.day)) on; u undoes"))
        case (.edit(let from, let to), .thisOne):
            return state.save([.skip(from), .add(to)],
                              origin: .change(done: "Saved \(quoted(to.title)) on \(longDate(to.day)) only; u undoes"))
        case (.edit(let from, let to), .all):
            return state.save([.updateRule(from: from, to: to)], origin: .change(done: "Saved every \(quoted(to.title)); u undoes"))
        case (.edit(let from, let to), .following):
            return state.save([.splitRule(at: from, continuedAs: to)],
                              origin: .change(done: "Saved \(quoted(to.title)) from \(longDate(from.day)) on; u undoes"))
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
}

extension PlannerState {
    /// Asks "this one, all, or this and the following?" before `choice` is made.
    mutating func ask(_ choice: RepeatChoice) -> [Effect] {
        mode = .prompt(Prompt(choice))
        return []
    }
}
