import ArgumentParser
import MealPlanStore

struct AddCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a meal at the end of a day's slot.",
        discussion: """
            Prints the new meal with its id, which edit, move, copy and remove take.

            Examples:
              mealplan add today lunch "Tomato soup"
              mealplan add fri din "Lasagna" --note "double batch, freeze half"
              mealplan add 2026-03-15 breakfast "Pão de queijo"
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The day (see 'mealplan help' for the forms).") var date: String
    @Argument(help: "The slot, or a unique prefix of it.") var slot: String
    @Argument(help: "What is eaten: one line, at most 500 characters.") var title: String
    @Option(help: "A note; may span several lines.") var note: String?

    func run(in environment: Environment) throws {
        let day = try store.day(date, in: environment)
        let meals = try store.openStore(.readWrite, in: environment)
        report("added", [try meals.addMeal(day: day, slot: slot, title: title, note: note)])
    }
}
