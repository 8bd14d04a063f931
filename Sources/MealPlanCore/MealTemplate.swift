/// A named run of days kept for reuse ("winter week 1"): how many days it spans and the meals
/// planned on them, each at its day offset from the first day, in its slot and place there.
///
/// Its meals are kept as if the template began on `Day.first`: a meal's day offset is
/// `Day.first.distance(to: meal.day)`, and `meals(from:)` lays them on real days. Days without
/// meals count too, so that copies laid one after another stay `days` apart.
public struct MealTemplate: Hashable, Sendable {
    public var name: String
    public var days: Int
    /// In display order (day offset, slot order, place in the slot), without ids.
    public var meals: [Meal]

    public init(name: String, days: Int, meals: [Meal]) {
        self.name = name
        self.days = days
        self.meals = meals
    }

    /// The meals as they land when the template's first day is `start`.
    public func meals(from start: Day) -> [Meal] {
        let shift = Day.first.distance(to: start)
        return meals.map { meal in
            var laid = meal
            laid.day = meal.day.adding(days: shift)
            return laid
        }
    }
}

/// A template as `template list` shows it: without its meals, which it only counts.
public struct MealTemplateSummary: Hashable, Sendable {
    public var name: String
    public var days: Int
    public var mealCount: Int

    public init(name: String, days: Int, mealCount: Int) {
        self.name = name
        self.days = days
        self.mealCount = mealCount
    }
}

extension MealTemplate {
    /// The longest name accepted, in code points, as the database's check counts them.
    public static let maximumNameLength = 100
    /// The most copies one apply lays down: a year of weekly copies and more, without letting a
    /// typo fill the calendar in one transaction.
    public static let maximumCopies = 1000

    /// `text` as a template name: trimmed, 1…100 code points, one line without control characters.
    public static func validName(_ text: String) throws(MealValidationError) -> String {
        try Meal.validName(text, of: "template", maximumLength: maximumNameLength)
    }
}
