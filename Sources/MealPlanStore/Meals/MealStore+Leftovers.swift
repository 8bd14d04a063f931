import GRDB
import MealPlanCore
import TextHelpers

/// Leftovers: meals eaten from a meal cooked before (`Meal.leftoversOf`), and how each cooked
/// meal's servings are shared among them (`LeftoverShare`).
extension MealStore {
    /// The leftover meals of the cooked meal `id`, in the plan's order.
    static func leftovers(_ db: Database, of id: Int64) throws -> [Meal] {
        try Row.fetchAll(
            db.cachedStatement(sql: "\(mealColumns) WHERE meal.leftoversOf = ? \(displayOrder)"), arguments: [id]
        ).map(meal(from:))
    }

    /// `meal` with its leftovers link checked: the meal it names must be stored, and leftovers
    /// of leftovers come from the meal that was cooked.
    static func linkingLeftovers(_ db: Database, _ meal: Meal) throws -> Meal {
        guard let sourceID = meal.leftoversOf else { return meal }
        guard let source = try fetchMeal(db, id: sourceID) else {
            throw noMeal("\(sourceID)", to: "plan leftovers of")
        }
        var linked = meal
        linked.leftoversOf = source.leftoversOf ?? sourceID
        guard linked.leftoversOf != meal.id else {
            throw StoreError.input("'\(meal.title.messageExcerpt)' cannot be leftovers of itself")
        }
        return linked
    }

    /// How the cooked meal `id` (or the meal its leftovers `id` come from) is shared;
    /// `household` is the household's size, for a meal that does not say how many eat at it.
    public func leftoverShare(of id: Int64, household: Double?) throws(StoreError) -> LeftoverShare {
        try read { db in
            let meal = try Self.existingMeal(db, id: id, to: "share out")
            let source = try meal.leftoversOf.map { try Self.existingMeal(db, id: $0, to: "share out") } ?? meal
            return try Self.share(db, of: source, household: household)
        }
    }

    /// The shares of the cooked meals among `ids` (a leftover's source in place of it), each once.
    public func leftoverShares(of ids: [Int64], household: Double?) throws(StoreError) -> [LeftoverShare] {
        try read { db in
            var seen = Set<Int64>()
            return try ids.compactMap { id -> LeftoverShare? in
                guard let meal = try Self.fetchMeal(db, id: id) else { return nil }
                let source = try meal.leftoversOf.flatMap { try Self.fetchMeal(db, id: $0) } ?? meal
                guard seen.insert(source.id!).inserted else { return nil }
                return try Self.share(db, of: source, household: household)
            }
        }
    }

    /// The cooked meals of `range` with servings neither eaten nor planned as leftovers, oldest
    /// first: what the fridge or freezer holds. A meal that was skipped cooked nothing; one
    /// that says neither how many eat at it nor is planned for a household of known size
    /// leaves nothing known.
    public func unplannedLeftovers(in range: DayRange, household: Double?) throws(StoreError) -> [LeftoverShare] {
        try read { db in
            let cooked = try Row.fetchAll(
                db, sql: """
                    \(Self.mealColumns) WHERE meal.day BETWEEN ? AND ? AND meal.servings IS NOT NULL
                        AND meal.leftoversOf IS NULL AND meal.status IS NOT 'skipped' \(Self.displayOrder)
                    """,
                arguments: [range.first.number, range.last.number]
            ).map(Self.meal(from:))
            return try cooked.filter { ($0.eaters ?? household) != nil }
                .map { try Self.share(db, of: $0, household: household) }
                .filter { ($0.notPlanned ?? 0) > 0 }
        }
    }

    /// Plans the rest of the cooked meal `id` (or more of the meal its leftovers `id` come
    /// from) on `day` in `slot`, with the cooked meal's title unless `title` is given, and its
    /// recipe. It eats `portions`, else what one sitting of the household eats (`household`),
    /// else what is left; a meal cooked without a recipe counts no portions.
    public func addLeftovers(of id: Int64, day: Day, slot: String, title: String?, note: String?,
                             portions: Double?, household: Double?) throws(StoreError) -> Meal {
        try write { db in
            let named = try Self.existingMeal(db, id: id, to: "plan leftovers of")
            let source = try named.leftoversOf.map { try Self.existingMeal(db, id: $0, to: "plan leftovers of") } ?? named
            var servings: Double?
            if source.recipe != nil {
                let left = try Self.share(db, of: source, household: household).notPlanned
                servings = portions ?? household ?? left.flatMap { $0 > 0 ? $0 : nil }
            } else if portions != nil {
                throw StoreError.input("meal \(source.id!) ('\(source.title.messageExcerpt)') names no recipe, so its leftovers count no portions; leave out --servings")
            }
            let meal = try Self.valid(Meal(day: day, slot: slot, title: title ?? source.title, note: note, recipe: source.recipe,
                                           servings: servings, leftoversOf: source.id))
            return try Self.apply(.add(meal), in: db).meal!
        }
    }

    static func share(_ db: Database, of source: Meal, household: Double?) throws -> LeftoverShare {
        LeftoverShare(source: source, eatenAtSource: source.eaters ?? household, leftovers: try leftovers(db, of: source.id!))
    }

    /// The slots' places in the day, by name.
    public func slotOrder() throws(StoreError) -> [String: Int] {
        try read { db in try Self.slotOrder(db) }
    }
}
