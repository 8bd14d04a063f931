import ArgumentParser
import MealPlanStore

struct RemoveCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove meals by id.",
        discussion: """
            All or nothing: if one id is unknown, no meal is removed.

            Examples:
              mealplan remove 12
              mealplan remove 12 13 14
            """,
        aliases: ["rm"])

    @OptionGroup var store: StoreOptions
    @Argument(help: "The ids of the meals to remove.") var ids: [Int64]

    func run(in environment: Environment) throws {
        report("removed", try store.openStore(.readWrite, in: environment).removeMeals(ids: ids))
    }
}
