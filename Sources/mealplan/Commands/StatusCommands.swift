import ArgumentParser
import MealPlanCore
import MealPlanStore
import Settings
import TerminalKit
import TextHelpers

/// `done`, `skipped` and `planned`: what happened to meals. One command shape for the three
/// statuses, each its own subcommand so that the line reads as the cook says it.
protocol StatusCommand: MealplanCommand {
    static var status: MealStatus { get }
    var store: StoreOptions { get }
    var references: [String] { get }
}

extension StatusCommand {
    static func statusConfiguration(abstract: String) -> CommandConfiguration {
        CommandConfiguration(
            commandName: status.rawValue,
            abstract: abstract,
            discussion: """
                Meals are named by id (12, 12,13, 45-64) and an occurrence of a repeat by its \
                rule and day (r3@2026-12-01, r3@fri): it becomes a meal of its own, as a changed \
                occurrence does. All or nothing. history and forgotten count the meals marked \
                done (every past meal while none is), never a skipped one; a skipped meal adds \
                nothing to the shopping list, and its leftovers are warned about.

                Examples:
                  mealplan \(status.rawValue) 12
                  mealplan \(status.rawValue) 12,13 r3@yesterday
                """)
    }

    func run(in environment: Environment) throws {
        let plan = try store.openStore(.readWrite, in: environment)
        var parsed: [MealReference] = []
        for reference in references.flatMap({ $0.split(separator: ",").map(String.init) }) {
            parsed += try Self.references(reference, store: store, in: environment)
        }
        let marked = try plan.mark(parsed, as: Self.status)
        report("marked \(Self.status.rawValue)", marked)
        LeftoverText.warn(touching: marked, plan: plan, household: try ConfigFile.load(in: environment).servings)
    }

    /// `12`, `45-64` or `r3@DATE` as the meals they name.
    private static func references(_ text: String, store: StoreOptions, in environment: Environment) throws -> [MealReference] {
        guard text.hasPrefix("r") || text.hasPrefix("R") else {
            return try MealIDSelection([text]).ranges.flatMap { $0.map(MealReference.meal) }
        }
        let parts = text.dropFirst().split(separator: "@", maxSplits: 1)
        guard parts.count == 2, let rule = Int64(parts[0]) else {
            throw CommandFailure.usage("'\(text.messageExcerpt.terminalVisible)' is no occurrence; name one by its rule and day, as in r3@2026-12-01")
        }
        return [.occurrence(rule: rule, day: try store.day(String(parts[1]), in: environment))]
    }
}

struct DoneCommand: StatusCommand {
    static let status = MealStatus.done
    static let configuration = statusConfiguration(abstract: "Mark meals as eaten.")
    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("Meal ids (12, 45-64, 12,13) or occurrences (r3@fri).", valueName: "meals"))
    var references: [String]
}

struct SkippedCommand: StatusCommand {
    static let status = MealStatus.skipped
    static let configuration = statusConfiguration(abstract: "Mark meals as not eaten: skipped, kept in the plan.")
    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("Meal ids (12, 45-64, 12,13) or occurrences (r3@fri).", valueName: "meals"))
    var references: [String]
}

struct PlannedCommand: StatusCommand {
    static let status = MealStatus.planned
    static let configuration = statusConfiguration(abstract: "Mark meals as planned again: neither done nor skipped.")
    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("Meal ids (12, 45-64, 12,13) or occurrences (r3@fri).", valueName: "meals"))
    var references: [String]
}
