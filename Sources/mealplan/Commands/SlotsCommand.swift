import ArgumentParser
import MealPlanStore
import Settings
import TerminalKit

struct SlotsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slots",
        abstract: "List, add or remove the slots of a day (breakfast, lunch, …).",
        discussion: """
            Without a subcommand, lists the slots in the order days show them.

            Examples:
              mealplan slots
              mealplan slots add brunch --after breakfast
              mealplan slots remove snack
            """,
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the slots in display order.",
            discussion: """
                Example:
                  mealplan slots list
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions

        func run(in environment: Environment) throws {
            for slot in try store.openStore(.readExisting, in: environment).slots() {
                print(slot.name.terminalVisible)
            }
        }
    }

    struct Add: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a slot, at the end or after another slot.",
            discussion: """
                Names are unique regardless of case, at most 32 characters.

                Examples:
                  mealplan slots add supper
                  mealplan slots add brunch --after breakfast
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The new slot's name.") var name: String
        @Option(help: "The slot it follows; the end if not given.") var after: String?

        func run(in environment: Environment) throws {
            let slot = try store.openStore(.readWrite, in: environment).addSlot(name, after: after)
            print("added slot \(slot.name.terminalVisible)")
        }
    }

    struct Remove: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a slot that no meal uses.",
            discussion: """
                Refused while meals use the slot: move or remove them first.

                Example:
                  mealplan slots remove snack
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The slot to remove.") var name: String

        func run(in environment: Environment) throws {
            let slot = try store.openStore(.readWrite, in: environment).removeSlot(name)
            print("removed slot \(slot.name.terminalVisible)")
        }
    }
}
