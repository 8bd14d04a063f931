/// How a cooked meal's servings are shared: eaten at the meal itself, planned as leftovers on
/// later meals, and what is left. The command line's `leftovers`, `shop --why` and the
/// planner's warnings all read it; the store gathers it (`MealStore.leftoverShare`).
public struct LeftoverShare: Hashable, Sendable {
    /// The cooked meal.
    public var source: Meal
    /// How many eat at the cooked meal: its `eaters`, else the household's size; `nil` when
    /// neither is known, and then nothing is counted as eaten there.
    public var eatenAtSource: Double?
    /// The meals planned from it, in the plan's order.
    public var leftovers: [Meal]

    public init(source: Meal, eatenAtSource: Double?, leftovers: [Meal]) {
        self.source = source
        self.eatenAtSource = eatenAtSource
        self.leftovers = leftovers
    }

    /// The servings cooked: the source's, when it names a recipe with servings.
    public var cooked: Double? { source.status == .skipped ? 0 : source.servings }

    /// The portions its leftover meals plan to eat (a leftover meal without servings counts as
    /// what one eater eats).
    public var planned: Double { leftovers.reduce(0) { $0 + ($1.servings ?? 1) } }

    /// What is cooked and neither eaten at the meal nor planned: below zero when more is
    /// planned than cooked; `nil` when the servings cooked are not known.
    public var notPlanned: Double? {
        cooked.map { $0 - (eatenAtSource ?? 0) - planned }
    }

    /// What is wrong with the plan of this meal's leftovers, in the order a cook reads them;
    /// `slotOrder` gives each slot's place in the day, for a leftover eaten earlier the same day.
    public func problems(slotOrder: [String: Int]) -> [LeftoverProblem] {
        func isBefore(_ meal: Meal, _ other: Meal) -> Bool {
            (meal.day, slotOrder[meal.slot] ?? .max) < (other.day, slotOrder[other.slot] ?? .max)
        }
        var problems: [LeftoverProblem] = []
        if source.status == .skipped, !leftovers.isEmpty {
            problems.append(.sourceSkipped)
        } else if !leftovers.isEmpty, let notPlanned, notPlanned < 0, let cooked {
            problems.append(.moreThanCooked(planned: planned, available: max(0, cooked - (eatenAtSource ?? 0))))
        }
        problems += leftovers.filter { isBefore($0, source) }.map(LeftoverProblem.before)
        return problems
    }
}

/// A warning about leftovers: never a refusal, since the cook may know better (a bigger pot,
/// a meal cooked earlier than planned).
public enum LeftoverProblem: Hashable, Sendable {
    /// The leftovers planned eat more portions than the meal leaves after its eaters.
    case moreThanCooked(planned: Double, available: Double)
    /// This leftover meal comes before the meal that makes it.
    case before(Meal)
    /// The meal that makes them was skipped: nothing was cooked.
    case sourceSkipped
}
