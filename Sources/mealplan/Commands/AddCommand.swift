import ArgumentParser
import MealPlanCore
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
    /// Several words when the title was not quoted: taken so that the date can be judged
    /// first and the words refused with a hint, instead of "unexpected argument".
    @Argument(help: ArgumentHelp("What is eaten: one line, at most 500 characters; quote a title of several words.",
                                 valueName: "title"))
    var titleWords: [String]
    @Option(help: "A note; may span several lines.") var note: String?

    func run(in environment: Environment) throws {
        let day = try dateArgument(in: environment)
        guard titleWords.count == 1 else {
            let title = titleWords.joined(separator: " ")
            throw CommandFailure.usage("the title is \(titleWords.count) words; quote it, as in: mealplan add \(date) \(slot) \"\(title)\"")
        }
        let meals = try store.openStore(.readWrite, in: environment)
        report("added", [try meals.addMeal(day: day, slot: slot, title: titleWords[0], note: note)])
    }

    /// The day of the date argument. When that is no date but it and the next word together
    /// are one (`add dec 25 dinner …`), the error says to quote them.
    private func dateArgument(in environment: Environment) throws -> Day {
        do {
            return try store.day(date, in: environment)
        } catch let error as DateInputError {
            let joined = "\(date) \(slot)"
            guard (try? store.day(joined, in: environment)) != nil else { throw error }
            throw CommandFailure.usage("'\(joined)' is a date of two words; quote it, as in: mealplan add \"\(joined)\" …")
        }
    }
}
