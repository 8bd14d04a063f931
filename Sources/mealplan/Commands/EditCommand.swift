import ArgumentParser
import MealPlanStore

struct EditCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a meal's title, note, slot or day.",
        discussion: """
            Only the options given change. A meal given another day or slot goes to the end of \
            that slot; offsets in --date (+1w) count from the meal's own day, as in move. An \
            empty --note removes the note.

            Examples:
              mealplan edit 12 --title "Vegetable lasagna"
              mealplan edit 12 --note ""
              mealplan edit 12 --slot lunch --date tomorrow
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The meal's id (shown by add and list).") var id: Int64
    @Option(help: "The new title.") var title: String?
    @Option(help: "The new note; \"\" removes it.") var note: String?
    @Option(help: "The new slot.") var slot: String?
    @Option(help: "The new day.") var date: String?

    func validate() throws {
        guard title != nil || note != nil || slot != nil || date != nil else {
            throw ValidationError("nothing to change: give --title, --note, --slot or --date")
        }
    }

    func run(in environment: Environment) throws {
        let (plan, day) = try date.map { try store.openStore(movingMeal: id, to: $0, in: environment) }
            ?? (try store.openStore(.readWrite, in: environment), nil)
        report("updated", [try plan.updateMeal(id: id, title: title, note: note, slot: slot, day: day)])
    }
}
