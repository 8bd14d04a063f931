import MealPlanCore

/// Writes meals as one JSON array through `JSONWriter`, one object at a time:
///
///     [{"id":1,"uid":"0f8fad5b-d9cb-469f-a165-70867728950e","date":"2026-03-02","slot":"dinner","position":0,"title":"Lasagna","note":null,
///     "recipe":"Lasagna","servings":6,"repeat":null},
///     {…}]
///
/// `uid` is the meal's `ItemUID` (its identity in every plan), `note`, `recipe` and
/// `servings` are `null` when absent, `repeat` is the id of the repeat rule
/// a meal comes from (`null` for a single meal), and an occurrence of a rule, which is no stored
/// meal, has the `id` and `uid` `null`. Each object after the first starts a line, so scripts can read
/// the whole array while people can still grep it; a million meals take constant memory.
public struct JSONMealWriter {
    /// A meal's keys, in the order they are written.
    enum Field: String, JSONField {
        case id, uid, date, slot, position, title, note, recipe, servings, `repeat`
        static let shape = JSONObjectShape<Self>()
    }

    private var json: JSONWriter
    private var wroteOpening = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        json = JSONWriter(fileDescriptor: fileDescriptor)
    }

    /// Appends `meal` as one object of the array.
    public mutating func write(_ meal: Meal) throws {
        if !wroteOpening {
            try json.beginArray()
            wroteOpening = true
        }
        try json.object(meal, of: Field.self) { meal, field, json in try Self.write(field, of: meal, to: &json) }
    }

    /// The value of `meal`'s `field`: the one place each meal field is written, for this
    /// array and a whole plan's file alike.
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
