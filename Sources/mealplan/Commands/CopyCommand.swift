import ArgumentParser
import MealPlanStore
import Settings

struct CopyCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a meal to another day.",
        discussion: """
            The copy gets a new id and goes to the end of its slot on that day. Offsets and a \
            lone weekday count from the meal's own day: +1w is a week after it, sat the \
            Saturday on or after it; other dates (tomorrow, next sat, next-week, dec 25) count \
            from today.

            Examples:
              mealplan copy 12 +1w
              mealplan copy 12 2026-04-01 --slot lunch
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The id of the meal to copy.") var id: Int64
    @Argument(help: "The day of the copy.") var date: String
    @Option(help: "The copy's slot; the same slot if not given.") var slot: String?

    func run(in environment: Environment) throws {
        let (plan, day) = try store.openStore(movingMeal: id, to: date, in: environment)
        report("added", [try plan.copyMeal(id: id, to: day, slot: slot)])
    }
}
