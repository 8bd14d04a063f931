import MealPlanCore

/// A writer that streams meals to a file descriptor in one exchange format, so a command can
/// pick the format at run time and feed any of them the same way.
public protocol MealStreamWriter {
    /// Appends one meal.
    mutating func write(_ meal: Meal) throws
    /// Appends the meal `row` shows: the CSV writer copies its bytes; the others make the
    /// `Meal` (which is what their texts' escaping reads).
    mutating func write(_ row: MealRowView) throws
    /// Completes the document (even one without meals) and writes out everything buffered.
    mutating func finish() throws
}

extension MealStreamWriter {
    public mutating func write(_ row: MealRowView) throws {
        try write(Meal(row))
    }
}

extension CSVMealWriter: MealStreamWriter {}
extension JSONMealWriter: MealStreamWriter {}
extension ICalendarMealWriter: MealStreamWriter {}
