import ArgumentParser
import MealPlanCore
import MealPlanStore
import Settings
import TerminalKit
import TextHelpers

/// `mealplan history TEXT`: when each matching title was planned.
struct HistoryCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "When titles containing TEXT were planned: how often, the last time, and the dates.",
        discussion: """
            Looks at single meals up to today (repeat rules say themselves when they happen: \
            see 'mealplan repeat list'); TEXT matches titles ignoring case and accents.

            Examples:
              mealplan history lasagne
              mealplan history curry --dates 20
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "Text the titles contain.") var text: String
    @Option(help: "How many dates to show per title.") var dates = 5

    func validate() throws {
        guard dates >= 0 else { throw ValidationError("--dates must be 0 or more") }
    }

    func run(in environment: Environment) throws {
        let today = try store.today(in: environment)
        let found = try store.openStore(.readExisting, in: environment).history(matching: text, through: today, dates: dates)
        guard !found.isEmpty else {
            print("nothing planned matches '\(text.messageExcerpt.terminalVisible)' up to \(today.iso)")
            return
        }
        for entry in found {
            print("\(entry.title.terminalVisible)  \(times(entry.count)), last \(entry.last.label) (\(ago(entry.last, today)))")
            guard dates > 0 else { continue }
            let shown = entry.days.map(\.iso).joined(separator: ", ")
            let more = entry.count > entry.days.count ? ", … (\(entry.count - entry.days.count) more)" : ""
            print("  \(shown)\(more)")
        }
    }
}

/// `mealplan forgotten`: what the household used to plan and has not lately.
struct ForgottenCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "forgotten",
        abstract: "Titles planned often before but not in the last days, nor for days to come: ideas for next week.",
        discussion: """
            Examples:
              mealplan forgotten
              mealplan forgotten --days 90 --limit 20
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Option(help: "Not planned in this many days.") var days = 60
    @Option(help: "How many titles to show.") var limit = 10

    func validate() throws {
        guard days >= 1 else { throw ValidationError("--days must be at least 1") }
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run(in environment: Environment) throws {
        let today = try store.today(in: environment)
        let found = try store.openStore(.readExisting, in: environment).forgotten(days: days, before: today, limit: limit)
        guard !found.isEmpty else {
            print("nothing planned twice or more is missing from the last \(days) days")
            return
        }
        let width = found.map { $0.title.terminalWidth }.max() ?? 0
        for entry in found {
            print("\(entry.title.terminalVisible.padded(toWidth: width))  \(times(entry.count)), last \(entry.last.label) (\(ago(entry.last, today)))")
        }
    }
}

private func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

/// "3 days ago", "today", "in 2 days".
private func ago(_ day: Day, _ today: Day) -> String {
    let days = day.distance(to: today)
    switch days {
    case 0: return "today"
    case 1: return "yesterday"
    case 2...: return "\(days) days ago"
    default: return "in \(-days) days"
    }
}
