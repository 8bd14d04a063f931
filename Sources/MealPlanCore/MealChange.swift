/// One change to the stored meals, as data: the planner makes, undoes and redoes changes as
/// values of this type, and the store applies them (`MealStore.apply`), several in one
/// transaction.
///
/// A change names the meal it acts on by the whole meal as it was (`remove`, `update`'s `from`),
/// not by its id alone, so that the store can tell when the meal was changed meanwhile.
public enum MealChange: Hashable, Sendable {
    /// A new meal at the end of its day's slot; its id and position are ignored and its slot is
    /// matched like typed input.
    case add(Meal)
    /// A meal removed earlier put back (undo of a delete, redo of an add): with its id, in its
    /// slot at its position, or with a new id or at the end of its slot where another meal took
    /// them meanwhile.
    case restore(Meal)
    /// Meal `from.id` takes `to`'s day, slot, title, note, recipe and servings. A meal moved to another day or slot
    /// goes to the end of that slot, unless `restoresPosition` (undo and redo) puts it back at
    /// `to.position` where that place is free.
    case update(from: Meal, to: Meal, restoresPosition: Bool)
    /// Meal `meal.id` is removed.
    case remove(Meal)

    /// The change that undoes this one, once it is stored (its meals carry their ids): an added
    /// or restored meal is removed, a removed meal restored, an update reversed back to the
    /// position the meal had.
    public var inverse: MealChange {
        switch self {
        case .add(let meal), .restore(let meal): .remove(meal)
        case .update(let from, let to, _): .update(from: to, to: from, restoresPosition: true)
        case .remove(let meal): .restore(meal)
        }
    }

    /// This change as the store made it, given the meal as stored (`nil` for a removal): the
    /// meal a change leads to gets its id, slot name and position from the store.
    public func stored(as meal: Meal?) -> MealChange {
        switch (self, meal) {
        case (.add, let meal?): .add(meal)
        case (.restore, let meal?): .restore(meal)
        case (.update(let from, _, let restoresPosition), let meal?): .update(from: from, to: meal, restoresPosition: restoresPosition)
        case (.add, nil), (.restore, nil), (.update, nil), (.remove, _): self
        }
    }

    /// The days whose content the change touches, earliest first, without repeats.
    public var days: [Day] {
        switch self {
        case .add(let meal), .restore(let meal), .remove(let meal): [meal.day]
        case .update(let from, let to, _): Array(Set([from.day, to.day])).sorted()
        }
    }
}
