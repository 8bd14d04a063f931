/// One change to the stored meals, as data: the planner makes, undoes and redoes changes as
/// values of this type, and the store applies them (`MealStore.apply`), several in one
/// transaction.
///
/// A change names the meal it acts on by the whole meal as it was (`remove`, `update`'s `from`),
/// not by its id alone, so that the store can tell when the meal was changed meanwhile. An
/// occurrence of a repeat rule (no id, `occurrence` set) is named the same way: the store checks
/// that its rule still gives that meal.
public enum MealChange: Hashable, Sendable {
    /// A new meal at the end of its day's slot, with a new UID; its id, UID and position are
    /// ignored (a copy of a meal is a new meal) and its slot is
    /// matched like typed input. With `occurrence` set it is that occurrence changed (one its
    /// rule skips already), linked to it.
    case add(Meal)
    /// A meal removed earlier put back (undo of a delete, redo of an add): with its id and UID
    /// (it is the same meal), in its slot at its position, or with a new id or at the end of its
    /// slot where another meal took them meanwhile.
    case restore(Meal)
    /// Meal `from.id` takes `to`'s day, slot, title, note, recipe and servings. A meal moved to another day or slot
    /// goes to the end of that slot, unless `restoresPosition` (undo and redo) puts it back at
    /// `to.position` where that place is free.
    case update(from: Meal, to: Meal, restoresPosition: Bool)
    /// Meal `meal.id` is removed.
    case remove(Meal)
    /// The rule of occurrence `meal` skips its day: "this one" deleted, or changed (then an
    /// `add` of the changed meal follows).
    case skip(Meal)
    /// The rule of occurrence `meal` no longer skips its day (the undo of a `skip`).
    case unskip(Meal)
    /// The rule of occurrence `from` gives `to`'s slot, title, note, recipe and servings on
    /// every day it happens ("all" edited); its days stay.
    case updateRule(from: Meal, to: Meal)
    /// Rule `id` is removed, as it is in the snapshot (the store refuses a rule changed
    /// meanwhile); its changed occurrences stay as single meals.
    case removeRule(RuleSnapshot)
    /// A removed rule put back under its id and UID, with its exceptions, its changed occurrences
    /// linked to it again (those that still exist); refused while a rule has that id.
    case restoreRule(RuleSnapshot)
    /// Asked through an occurrence: its whole rule is removed. The store makes it a
    /// `removeRule` (`MealStore.make`), which is what undo keeps.
    case removeRuleOf(Meal)
    /// Asked through an occurrence, "this and following": its rule ends the day before
    /// (removed when nothing is left), and with `continuedAs` a new rule, the same but giving
    /// that meal, takes over from the day. The store makes it `removeRule` and `restoreRule`
    /// changes of the rules as they were and became, which is what undo keeps.
    case splitRule(at: Meal, continuedAs: Meal?)
    /// A new rule (a single meal made to repeat): the snapshot's pattern and meal, without
    /// exceptions; its id and UID are ignored. The store makes it a `restoreRule` of the rule under the
    /// id it gets, which is what undo keeps.
    case addRule(RuleSnapshot)

    /// The adds of `meals` just stored together (a pasted day, a template laid down), the meals
    /// that cook before their leftovers: undone in reverse, leftovers go before the meal they
    /// eat from (whose removal would unlink them first), and redone in order, a cook is back
    /// before the leftovers that link to it. What the planner's history keeps of them.
    public static func additions(cooksFirst meals: [Meal]) -> [MealChange] {
        (meals.filter { !$0.isLeftovers } + meals.filter(\.isLeftovers)).map { .add($0) }
    }

    /// The change that undoes this one, once it is stored (its meals carry their ids): an added
    /// or restored meal is removed, a removed meal restored, an update reversed back to the
    /// position the meal had. A change the store makes into others (`removeRuleOf`,
    /// `splitRule`, `addRule`) is never stored as it is, so it has no inverse of its own: it is
    /// itself.
    public var inverse: MealChange {
        switch self {
        case .add(let meal), .restore(let meal): .remove(meal)
        case .update(let from, let to, _): .update(from: to, to: from, restoresPosition: true)
        case .remove(let meal): .restore(meal)
        case .skip(let meal): .unskip(meal)
        case .unskip(let meal): .skip(meal)
        case .updateRule(let from, let to): .updateRule(from: to, to: from)
        case .removeRule(let rule): .restoreRule(rule)
        case .restoreRule(let rule): .removeRule(rule)
        case .removeRuleOf, .splitRule, .addRule: self
        }
    }

    /// This change as the store made it, given the meal as stored (`nil` for a removal): the
    /// meal a change leads to gets its id, slot name and position from the store.
    public func stored(as meal: Meal?) -> MealChange {
        switch (self, meal) {
        case (.add, let meal?): .add(meal)
        case (.restore, let meal?): .restore(meal)
        case (.update(let from, _, let restoresPosition), let meal?): .update(from: from, to: meal, restoresPosition: restoresPosition)
        case (.updateRule(let from, _), let meal?): .updateRule(from: from, to: meal)
        case (.add, nil), (.restore, nil), (.update, nil), (.updateRule, nil), (.remove, _), (.skip, _), (.unskip, _),
             (.removeRule, _), (.restoreRule, _), (.removeRuleOf, _), (.splitRule, _), (.addRule, _): self
        }
    }

    /// The meal the stored change leads to (what the planner shows next): `nil` for a removal
    /// and for a change of whole rules.
    public var result: Meal? {
        switch self {
        case .add(let meal), .restore(let meal), .update(_, let meal, _), .updateRule(_, let meal): meal
        case .remove, .skip, .unskip, .removeRule, .restoreRule, .removeRuleOf, .splitRule, .addRule: nil
        }
    }

    /// The days whose content the change touches, earliest first, without repeats; a change of
    /// a rule touches every day it happens on instead (`changesRule`).
    public var days: [Day] {
        switch self {
        case .add(let meal), .restore(let meal), .remove(let meal), .skip(let meal), .unskip(let meal): [meal.day]
        case .update(let from, let to, _): Array(Set([from.day, to.day])).sorted()
        case .updateRule, .removeRule, .restoreRule, .removeRuleOf, .splitRule, .addRule: []
        }
    }

    /// Whether the change touches every day a rule happens on, not only its `days`.
    public var changesRule: Bool {
        switch self {
        case .updateRule, .removeRule, .restoreRule, .removeRuleOf, .splitRule, .addRule: true
        case .add, .restore, .update, .remove, .skip, .unskip: false
        }
    }
}

extension Collection<MealChange> {
    /// The length in UTF-8 of the longest note these changes write, 0 when none writes one:
    /// a save of a long note is given more memory by the store and the planner.
    public var longestNoteWritten: Int { lazy.map { $0.result?.note?.utf8.count ?? 0 }.max() ?? 0 }
}
