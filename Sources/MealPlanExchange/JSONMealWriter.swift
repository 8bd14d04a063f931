import MealPlanCore

/// Writes meals as one JSON array through `JSONWriter`, one object at a time:
///
///     [{"id":1,"uid":"0f8fad5b-d9cb-469f-a165-70867728950e","date":"2026-03-02","slot":"dinner","position":0,"title":"Lasagna","note":null,
///     "recipe":"Lasagna","servings":6,"repeat":null,"status":"done","leftovers_of":null,"eaters":2},
///     {…}]
///
/// `uid` is the meal's `ItemUID` (its identity in every plan), `note`, `recipe` and
/// `servings` are `null` when absent, `status` is "planned", "done" or "skipped",
/// `leftovers_of` the UID of the meal leftovers come from (`null` for a meal cooked itself),
/// `eaters` how many eat at a cooked meal (`null`: the household), `repeat` is the id of the repeat rule
/// a meal comes from (`null` for a single meal), and an occurrence of a rule, which is no stored
/// meal, has the `id` and `uid` `null`. Each object after the first starts a line, so scripts can read
/// the whole array while people can still grep it; a million meals take constant memory.
public struct JSONMealWriter {
    /// A meal's keys, in the order they are written.
    enum Field: String, JSONField {
        case id, uid, date, slot, position, title, note, recipe, servings, `repeat`, status
        case leftoversOf = "leftovers_of", eaters
        static let shape = JSONObjectShape<Self>()
    }

    private var json: JSONWriter
    private var wroteOpening = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        json = JSONWriter(fileDescriptor: fileDescriptor)
    }

    /// Appends `meal` as one object of the array; a meal made by a repeat rule, which is no
    /// leftovers.
    public mutating func write(_ meal: Meal) throws {
        try write(LeftoversMeal(meal: meal, sourceUID: nil))
    }

    /// Appends the stored meal `row` shows, its leftovers' source named by UID.
    public mutating func write(_ row: MealRowView) throws {
        try write(LeftoversMeal(meal: Meal(row), sourceUID: row.leftoversSource?.uid))
    }

    private mutating func write(_ meal: LeftoversMeal) throws {
        if !wroteOpening {
            try json.beginArray()
            wroteOpening = true
        }
        try json.object(meal, of: Field.self) { meal, field, json in try Self.write(field, of: meal, to: &json) }
    }

    /// A meal with the UID of the meal its leftovers come from, which the meal itself knows
    /// only by the plan's id.
    struct LeftoversMeal {
        var meal: Meal
        var sourceUID: ItemUID?
    }

    /// The value of `meal`'s `field`: the one place each meal field is written, for this
    /// array and a whole plan's file alike.
    static func write(_ field: Field, of meal: borrowing LeftoversMeal, to json: inout JSONWriter) throws {
        switch field {
        case .leftoversOf: try json.value(meal.sourceUID?.text)
        default: try write(field, of: meal.meal, to: &json)
        }
    }

    /// The value of `meal`'s `field`, but for `leftovers_of`, which needs the source's UID.
    static func write(_ field: Field, of meal: borrowing Meal, to json: inout JSONWriter) throws {
        switch field {
        case .id: try json.value(meal.id)
        case .uid: try json.value(meal.uid?.text)
        case .date: try json.value(meal.day)
        case .slot: try json.value(meal.slot)
        case .position: try json.value(meal.position)
        case .title: try json.value(meal.title)
        case .note: try json.value(meal.note)
        case .recipe: try json.value(meal.recipe)
        case .servings: try json.value(meal.servings)
        case .repeat: try json.value(meal.occurrence?.rule)
        case .status: try json.value(meal.status.rawValue)
        case .leftoversOf: try json.null()
        case .eaters: try json.value(meal.eaters)
        }
    }

    /// Closes the array (an empty export is `[]`) with a final line break, and hands every
    /// buffered byte to the file descriptor.
    public mutating func finish() throws {
        if !wroteOpening { try json.beginArray() }
        try json.endArray()
        try json.finish()
    }
}
