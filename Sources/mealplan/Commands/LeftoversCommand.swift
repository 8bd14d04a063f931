import ArgumentParser
import MealPlanCore
import MealPlanStore
import Settings
import TerminalKit

/// `mealplan leftovers`: the cooked meals whose servings are neither eaten at the meal nor
/// planned as leftovers yet, oldest first: what the fridge or the freezer holds.
struct LeftoversCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "leftovers",
        abstract: "Cooked meals with portions not planned yet, oldest first.",
        discussion: """
            A meal cooked with a recipe and servings leaves what its eaters (--eat when it was \
            added, else the config's 'servings') do not eat; leftover meals planned with 'add \
            --leftovers-of' take from it. Looks at the meals of the last 30 days and the next 7 \
            unless --from, --to or --days say otherwise. Nothing is printed when nothing is left.

            Examples:
              mealplan leftovers
              mealplan add tue lunch --leftovers-of 12 --servings 2
            """)

    @OptionGroup var store: StoreOptions
    @Option(help: "The first day (default: 30 days ago).") var from: String?
    @Option(help: "The last day (default: 7 days from today).") var to: String?

    func run(in environment: Environment) throws {
        let today = try store.today(in: environment)
        let first = try from.map { try store.day($0, in: environment) } ?? today.adding(days: -30)
        let last = try to.map { try store.day($0, in: environment) } ?? today.adding(days: 7)
        guard last >= first else { throw CommandFailure.usage("--to \(last.iso) is before --from \(first.iso)") }
        let plan = try store.openStore(.readExisting, in: environment)
        let household = try ConfigFile.load(in: environment).servings
        for share in try plan.unplannedLeftovers(in: DayRange(first, last), household: household) {
            let left = share.notPlanned ?? 0
            print("\(share.source.id!)  \(share.source.title.terminalVisible), cooked \(LeftoverText.place(share.source)): \(LeftoverText.portions(left))")
        }
    }
}
