import MealPlanCore
import MealPlanExchange
import Nutrition

/// `mealplan nutrition --format json`: every figure exact, with its share known (0…1, `null`
/// when no mass is known) and its unknown parts as the text names them ("feta 50 g").
enum NutritionJSON {
    /// The document: `days`, then `average_per_day` (null without a day with figures), the
    /// share known of the average, and the number of days it is taken over.
    enum ReportField: String, JSONField {
        case from, to, days, average_per_day, average_known, average_unknown, days_with_figures
        static let shape = JSONObjectShape<Self>()
    }

    /// A day: `per_person`, one serving of each meal with figures.
    enum DayField: String, JSONField {
        case date, per_person, known, unknown, meals
        static let shape = JSONObjectShape<Self>()
    }

    /// A meal, keyed as `list` keys it (`id` null and `repeat` its rule for an occurrence):
    /// `per_serving` null when not counted; `status` planned, done or skipped; `counted`
    /// whether the day's figures hold it; `note` why it is not known, or what to know of it.
    enum MealField: String, JSONField {
        case id, `repeat`, slot, title, recipe, status, leftovers_of, per_serving, known, unknown, counted, note
        static let shape = JSONObjectShape<Self>()
    }

    /// The figures, in `Nutrient`'s order.
    enum NutrientField: String, JSONField {
        case kcal, protein_g, fat_g, carbohydrate_g, fiber_g, sugars_g, sodium_mg
        static let shape = JSONObjectShape<Self>()

        var nutrient: Nutrient { Nutrient.allCases[Self.allCases.firstIndex(of: self)!] }
    }

    static func write(_ report: NutritionReport, to json: inout JSONWriter) throws {
        let average = report.averagePerDay
        try json.object(of: ReportField.self) { field, json in
            switch field {
            case .from: try json.value(report.range.first)
            case .to: try json.value(report.range.last)
            case .days: try json.array(report.days, writeDay)
            case .average_per_day: try writeNutrients(average?.nutrients, to: &json)
            case .average_known: try json.value(average?.known)
            case .average_unknown: try json.array(average?.unknown.map(\.text) ?? []) { text, json in try json.value(text) }
            case .days_with_figures: try json.value(report.daysWithFigures)
            }
        }
    }

    private static func writeDay(_ day: NutritionReport.DayFigures, to json: inout JSONWriter) throws {
        try json.object(of: DayField.self) { field, json in
            switch field {
            case .date: try json.value(day.day)
            case .per_person: try writeNutrients(day.hasFigures ? day.perPerson.nutrients : nil, to: &json)
            case .known: try json.value(day.perPerson.known)
            case .unknown: try json.array(day.perPerson.unknown.map(\.text)) { text, json in try json.value(text) }
            case .meals: try json.array(day.meals, writeMeal)
            }
        }
    }

    private static func writeMeal(_ meal: NutritionReport.MealFigures, to json: inout JSONWriter) throws {
        let serving = meal.serving
        let note: String? = switch meal.outcome {
        case .serving(_, let notes): notes.isEmpty ? nil : notes.joined(separator: "; ")
        case .skipped: nil
        case .noRecipe: "no recipe"
        case .notKnown(let why): why
        }
        try json.object(of: MealField.self) { field, json in
            switch field {
            case .id: try json.value(meal.meal.id)
            case .repeat: try json.value(meal.meal.occurrence?.rule)
            case .slot: try json.value(meal.meal.slot)
            case .title: try json.value(meal.meal.title)
            case .recipe: try json.value(meal.meal.recipe)
            case .status: try json.value(meal.meal.status.rawValue)
            case .leftovers_of: try json.value(meal.meal.leftoversOf)
            case .per_serving: try writeNutrients(serving?.nutrients, to: &json)
            case .known: try json.value(serving?.known)
            case .unknown: try json.array(serving?.unknown.map(\.text) ?? []) { text, json in try json.value(text) }
            case .counted: try json.value(serving != nil)
            case .note: try json.value(note)
            }
        }
    }

    static func writeNutrients(_ nutrients: Nutrients?, to json: inout JSONWriter) throws {
        guard let nutrients else { return try json.null() }
        try json.object(of: NutrientField.self) { field, json in try json.value(nutrients[field.nutrient]) }
    }
}
