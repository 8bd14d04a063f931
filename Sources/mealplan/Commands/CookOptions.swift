import ArgumentParser
import MealPlanCore

/// How many eat at a cooked meal, for `add` and `edit`: what is left of its servings after them
/// can be planned as leftovers (`mealplan leftovers`). Without it, the config's `servings`.
struct CookOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How many eat at the meal when it is cooked (else the config's 'servings').", valueName: "n"))
    var eat: String?

    /// `--eat` as a number, read when the command runs.
    func eaters() throws -> Double? {
        guard let eat else { return nil }
        do {
            return try Meal.servings(parsing: eat)
        } catch {
            throw CommandFailure.usage("--eat: \(error.message.replacingOccurrences(of: "servings", with: "eaters"))")
        }
    }
}
