import ArgumentParser
import MealPlanStore

struct MoveCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a meal to another day (and slot).",
        discussion: """
            The meal goes to the end of its slot on the new day.

            Examples:
              mealplan move 12 tomorrow
              mealplan move 12 sat --slot lunch
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The meal's id.") var id: Int64
    @Argument(help: "The new day.") var date: String
    @Option(help: "The new slot; the meal keeps its slot if not given.") var slot: String?

    func run(in environment: Environment) throws {
        let day = try store.day(date, in: environment)
        report("moved", [try store.openStore(.readWrite, in: environment).updateMeal(id: id, slot: slot, day: day)])
    }
}
