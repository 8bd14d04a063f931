import ArgumentParser
import MealPlanCore
import MealPlanStore
import Settings
import TerminalKit
import TextHelpers

struct RemoveCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove meals by id.",
        discussion: """
            Ids may be given one by one, as ranges (45-64: every meal whose id lies in it) \
            and as comma-separated lists (12,13,20-22). All or nothing: if an id is unknown, \
            or a range holds no meal, no meal is removed. --dry-run prints what would be \
            removed and changes nothing.

            Examples:
              mealplan remove 12
              mealplan remove 12 13 14
              mealplan remove 45-64 --dry-run
              mealplan remove 12,20-22
            """,
        aliases: ["rm"])

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: ArgumentHelp("The ids of the meals to remove: 12, 45-64 or 12,20-22.", valueName: "ids"))
    var selections: [String]
    @Flag(help: "Print what would be removed; change nothing.") var dryRun = false

    func run(in environment: Environment) throws {
        let selection = try MealIDSelection(selections)
        let plan = try store.openStore(dryRun ? .readExisting : .readWrite, in: environment)
        let removed = try plan.removeMeals(idRanges: selection.ranges, dryRun: dryRun)
        report(dryRun ? "would remove" : "removed", removed)
    }
}

/// Meal ids as `remove` takes them: single ids, ranges (`45-64`) and comma-separated lists of
/// both, in the order given; a single id is a range of one.
struct MealIDSelection {
    var ranges: [ClosedRange<Int64>] = []

    init(_ arguments: [String]) throws(CommandFailure) {
        for item in arguments.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false).map { Int64($0) }
            switch bounds.count {
            case 1:
                guard let id = bounds[0] else { throw Self.refusal(item) }
                ranges.append(id...id)
            case 2:
                guard let low = bounds[0], let high = bounds[1] else { throw Self.refusal(item) }
                guard low <= high else {
                    throw CommandFailure.usage("'\(item.messageExcerpt.terminalVisible)': a range of ids runs from the lower to the higher, as in \(high)-\(low)")
                }
                ranges.append(low...high)
            default:
                throw Self.refusal(item)
            }
        }
    }

    private static func refusal(_ item: Substring) -> CommandFailure {
        CommandFailure.usage("'\(item.messageExcerpt.terminalVisible)' is not a meal id; give ids (12), ranges (45-64) or lists (12,20-22)")
    }
}
