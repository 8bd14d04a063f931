import GRDB
import MealPlanCore

/// A meal or an occurrence of a repeat, as the command line names it: `12`, or `r3@2026-12-01`.
public enum MealReference: Hashable, Sendable {
    case meal(Int64)
    case occurrence(rule: Int64, day: Day)
}

/// What happened to meals: done or skipped (`MealStatus`).
extension MealStore {
    /// Marks the meals `references` name with `status`, all or none, in one transaction, and
    /// returns them as stored. An occurrence of a repeat becomes a meal of its own that keeps
    /// the status (the rule skips its day), as an occurrence changed in any other way does.
    @discardableResult
    public func mark(_ references: [MealReference], as status: MealStatus) throws(StoreError) -> [Meal] {
        try write { db in
            try references.map { reference in
                switch reference {
                case .meal(let id):
                    let stored = try Self.existingMeal(db, id: id, to: "mark \(status.rawValue)")
                    var marked = stored
                    marked.status = status
                    return try Self.update(db, stored, to: marked, position: nil)
                case .occurrence(let rule, let day):
                    let stored = try Self.fetchRule(db, id: rule)
                    var marked = stored.occurrence(on: day)
                    marked.status = status
                    return try Self.changeOccurrence(db, of: stored, on: day, to: marked)
                }
            }
        }
    }
}
