import TextHelpers
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
    /// The template's identity (`ItemUID`), `nil` until it is stored.
    public var uid: ItemUID?
    /// Leftovers inside the template: the index in `meals` of a leftover meal, and of the meal
    /// that cooks them. A template's meals have no ids to link by; laid down, each copy's
    /// leftovers eat from that copy's cook.
    public var leftoverSources: [Int: Int]

    public init(name: String, days: Int, meals: [Meal], uid: ItemUID? = nil, leftoverSources: [Int: Int] = [:]) {
        self.name = name
        self.days = days
        self.meals = meals
        self.uid = uid
        self.leftoverSources = leftoverSources
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

    /// `validName` for a template about to be saved: also refused when its last word, after a
    /// space, reads as a number of copies (`week x2`), which the planner's apply prompt would
    /// take for `week` laid down twice.
    public static func validNewName(_ text: String) throws(MealValidationError) -> String {
        let name = try validName(text)
        if let space = name.lastIndex(of: " "), times(in: name[name.index(after: space)...]) != nil {
            throw MealValidationError(message:
                "template name '\(name.messageExcerpt)' ends like a number of copies (as in 'week x4'); name it otherwise")
        }
        return name
    }

    /// The number a word such as `x4` or `×4` gives (the copies of a template to lay down, the
    /// times a repeat happens), `Int.max` when it has more digits than that; nil for any other word.
    public static func times(in word: some StringProtocol) -> Int? {
        guard let mark = word.first, "x×".contains(mark), word.count > 1, word.dropFirst().allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        return Int(word.dropFirst()) ?? .max
    }
}
