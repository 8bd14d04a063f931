import MealPlanCore
import MealPlanExchange

/// Streams meals through a writer to its file descriptor, for `export` and `list --format`.
enum MealOutput {
    /// Calls `produce` with the functions that write one meal, a stored one as the view of its
    /// row and an occurrence of a repeat as its `Meal` (`MealStore.forEachMealRow`), then
    /// finishes the document (also when no meal came). Returns the number of meals written. A
    /// failed write throws an I/O error naming `destination` ("standard output", or a file's
    /// name in quotes).
    @discardableResult
    static func write(
        with writer: any MealStreamWriter, to destination: String = StandardOutput.name,
        _ produce: (_ writeRow: (MealRowView) throws -> Void, _ writeMeal: (Meal) throws -> Void) throws -> Void
    ) throws -> Int {
        var writer = writer
        var count = 0
        do {
            try produce({ row in
                try writer.write(row)
                count += 1
            }, { meal in
                try writer.write(meal)
                count += 1
            })
            try writer.finish()
        } catch let error as OutputWriteError {
            throw StandardOutput.failure(of: destination, reason: error.reason)
        }
        return count
    }
}
