import ArgumentParser
import MealPlanStore
import Settings

struct MoveCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a meal to another day (and slot).",
        discussion: """
            The meal goes to the end of its slot on the new day. Offsets and a lone weekday \
            count from the meal's own day: +1w is a week after it, -1 the day before it, sat \
            the Saturday on or after it; other dates (tomorrow, next sat, next-week, dec 25) \
            count from today.

            Examples:
              mealplan move 12 tomorrow
              mealplan move 12 sat --slot lunch
              mealplan move 12 +1w
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The meal's id.") var id: Int64
    @Argument(help: "The new day.") var date: String
    @Option(help: "The new slot; the meal keeps its slot if not given.") var slot: String?

    func run(in environment: Environment) throws {
        let (plan, day) = try store.openStore(movingMeal: id, to: date, in: environment)
        let moved = try plan.updateMeal(id: id, slot: slot, day: day, purpose: "move")
        report("moved", [moved])
        LeftoverText.warn(touching: [moved], plan: plan, household: try ConfigFile.load(in: environment).servings)
    }
}
