import MealPlanCore
import MealPlanExchange

/// Writes meals as CSV to a file descriptor, for `export` and `list --format csv`.
enum CSVOutput {
    /// Calls `produce` with a function that writes one meal; writes the header even when no
    /// meal comes. Returns the number of meals written.
    @discardableResult
    static func write(to fileDescriptor: Int32, _ produce: ((Meal) throws -> Void) throws -> Void) throws -> Int {
        var writer = CSVMealWriter(fileDescriptor: fileDescriptor)
        var count = 0
        do {
            try produce { meal in
                try writer.write(meal)
                count += 1
            }
            try writer.finish()
        } catch let error as CSVWriteError {
            throw CommandFailure("cannot write the CSV output: \(error.message)", status: CommandFailure.Status.ioError)
        }
        return count
    }
}
