import MealPlanCore

/// Writes a whole plan as one JSON object through `JSONWriter` (`export --format json
/// --everything`), the file `JSONPlanReader` reads back:
///
///     {"format":"mealplan-plan","version":1,"slots":["breakfast","lunch","dinner"],"repeats":[
///     {"id":1,"uid":"…","slot":"dinner","title":"Soup","note":null,"recipe":null,"servings":null,
///      "from":"2026-03-02","frequency":"week","interval":1,"weekdays":[1,4],"monthDay":null,
///      "ordinal":null,"weekday":null,"until":null,"count":null,"skipped":["2026-03-05"]}],"templates":[
///     {"uid":"…","name":"busy week","days":7,"meals":[{"day":0,"slot":"dinner","position":0,"title":"Pasta",…}]}],"meals":[
///     {"id":1,"uid":"…","date":"2026-03-02",…,"repeat":null,"replaces":null},
///     …]}
///
/// Each repeat, template and meal starts a line. Meals are every stored meal (not the
/// occurrences of repeats, which the repeats make) with the keys of `JSONMealWriter` and
/// `replaces`, the day of the occurrence of repeat `repeat` that a changed occurrence stands in
/// for. The meals come last and are written as they come: a million take constant memory.
public struct JSONPlanWriter {
    /// The name in `"format"`, which the reader asks for.
    public static let formatName = "mealplan-plan"
    /// The version of this layout, which the reader asks for.
    public static let version = 1

    enum Field: String, JSONField {
        case format, version, slots, repeats, templates, meals
        static let shape = JSONObjectShape<Self>()
    }

    /// A repeat's keys: its meal's, then its pattern in the store's terms (`RuleSnapshot`),
    /// weekdays as ISO numbers (Monday 1 … Sunday 7).
    enum RuleField: String, JSONField {
        case id, uid, slot, title, note, recipe, servings, from, frequency, interval, weekdays, monthDay, ordinal, weekday
        case until, count, skipped
        static let shape = JSONObjectShape<Self>()
    }

    enum TemplateField: String, JSONField {
        case uid, name, days, meals
        static let shape = JSONObjectShape<Self>()
    }

    /// A template's meal: its day is an offset from the template's first day (0); leftovers
    /// name the meal that cooks them by its index in the template's `meals` (a template's meals
    /// have no ids), and a cooked meal how many eat at it.
    enum TemplateMealField: String, JSONField {
        case day, slot, position, title, note, recipe, servings
        case leftoversOf = "leftovers_of", eaters
        static let shape = JSONObjectShape<Self>()
    }

    /// A meal's keys: `JSONMealWriter`'s and `replaces`.
    enum MealField: String, JSONField {
        case id, uid, date, slot, position, title, note, recipe, servings, `repeat`, status
        case leftoversOf = "leftovers_of", eaters, replaces
        static let shape = JSONObjectShape<Self>()

        /// The same key of `JSONMealWriter`, written by it (a switch: a million meals).
        var shared: JSONMealWriter.Field? {
            switch self {
            case .id: .id
            case .uid: .uid
            case .date: .date
            case .slot: .slot
            case .position: .position
            case .title: .title
            case .note: .note
            case .recipe: .recipe
            case .servings: .servings
            case .repeat: .repeat
            case .status: .status
            case .leftoversOf: .leftoversOf
            case .eaters: .eaters
            case .replaces: nil
            }
        }
    }

    private var json: JSONWriter

    /// Writes everything of the plan before its meals to `fileDescriptor` (which stays open
    /// and owned by the caller); `write` adds the meals and `finish` ends the document.
    public init(fileDescriptor: Int32, structure: PlanStructure) throws {
        json = JSONWriter(fileDescriptor: fileDescriptor)
        try json.beginObject(of: Field.self) { field, json in
            switch field {
            case .format: try json.value(Self.formatName)
            case .version: try json.value(Self.version)
            case .slots: try json.array(structure.slots) { slot, json in try json.value(slot.name) }
            case .repeats: try json.array(structure.rules, breakingLines: true) { rule, json in try Self.write(rule, to: &json) }
            case .templates:
                try json.array(structure.templates, breakingLines: true) { template, json in try Self.write(template, to: &json) }
            case .meals: preconditionFailure("the meals are written one by one")
            }
        }
        try json.beginArray(breakingLines: true)
    }

    private static func write(_ rule: RuleSnapshot, to json: inout JSONWriter) throws {
        try json.object(of: RuleField.self) { field, json in
            switch field {
            case .id: try json.value(rule.id)
            case .uid: try json.value(rule.uid?.text)
            case .slot: try json.value(rule.meal.slot)
            case .title: try json.value(rule.meal.title)
            case .note: try json.value(rule.meal.note)
            case .recipe: try json.value(rule.meal.recipe)
            case .servings: try json.value(rule.meal.servings)
            case .from: try json.value(rule.meal.day)
            case .frequency: try json.value(rule.frequency)
            case .interval: try json.value(rule.interval)
            case .weekdays:
                if let bits = rule.weekdays {
                    try json.array(Weekday.allCases.filter { bits & 1 << ($0.rawValue - 1) != 0 }) { day, json in
                        try json.value(day.rawValue)
                    }
                } else {
                    try json.null()
                }
            case .monthDay: try json.value(rule.monthDay.map(Int64.init))
            case .ordinal: try json.value(rule.ordinal.map(Int64.init))
            case .weekday: try json.value(rule.weekday.map(Int64.init))
            case .until: if let until = rule.untilDay { try json.value(until) } else { try json.null() }
            case .count: try json.value(rule.count.map(Int64.init))
            case .skipped: try json.array(rule.exceptions) { day, json in try json.value(day) }
            }
        }
    }

    private static func write(_ template: MealTemplate, to json: inout JSONWriter) throws {
        try json.object(of: TemplateField.self) { field, json in
            switch field {
            case .uid: try json.value(template.uid?.text)
            case .name: try json.value(template.name)
            case .days: try json.value(template.days)
            case .meals:
                try json.array(template.meals.indices) { index, json in
                    try json.object(of: TemplateMealField.self) { field, json in
                        let meal = template.meals[index]
                        switch field {
                        case .day: try json.value(Day.first.distance(to: meal.day))
                        case .leftoversOf: try json.value(template.leftoverSources[index].map(Int64.init))
                        default: try JSONMealWriter.write(JSONMealWriter.Field(rawValue: field.rawValue)!, of: meal, to: &json)
                        }
                    }
                }
            }
        }
    }

    /// Appends the stored meal `row` shows, its leftovers' source named by UID.
    public mutating func write(_ row: MealRowView) throws {
        let meal = JSONMealWriter.LeftoversMeal(meal: Meal(row), sourceUID: row.leftoversSource?.uid)
        try json.object(meal, of: MealField.self) { meal, field, json in
            if let shared = field.shared {
                try JSONMealWriter.write(shared, of: meal, to: &json)
            } else if let replaced = meal.meal.occurrence?.day {
                try json.value(replaced)
            } else {
                try json.null()
            }
        }
    }

    /// Closes the meals and the plan, and hands every buffered byte to the file descriptor.
    public mutating func finish() throws {
        try json.endArray()
        try json.endObject()
        try json.finish()
    }
}
