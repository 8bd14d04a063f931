import ArgumentParser
import MealPlanCore
import TerminalKit

/// `mealplan config`: where the config file is and the week start in effect; its help
/// (`mealplan help config`) is the reference of the file's keys.
struct ConfigCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show where the config file is and the week start in effect; its help describes the file.",
        discussion: """
            The config file is $XDG_CONFIG_HOME/mealplan/config.toml, else \
            ~/.config/mealplan/config.toml; without it, every setting has its default. Its keys:

              recipes = "~/recipes"      the recipes folder (--recipes and $MEALPLAN_RECIPES win)
              aisles = "aisle.conf"      the aisle file of 'mealplan shop'
              pantry = "pantry.conf"     the pantry file of 'mealplan shop'
              week-start = "sat"         the day the household's weeks start on

            Paths may start with ~/; a relative one counts from the config file's folder.

            week-start takes a day of the week in any case, as dates do (sat, saturday, \
            thurs) or shortened to a unique prefix (sa). Without it, weeks start on the first \
            day of the week of the locale (LC_TIME, else LANG: Monday for en_GB and de_DE, \
            Sunday for en_US), else on Monday. this-week, next-week and last-week are the \
            seven days from a week start (copy-days and template save take all seven); \
            'this fri', 'next fri' and 'last fri' are the Friday of those weeks; and \
            'mealplan shop' and the planner's S, given no days, list the week from the next \
            week start, or from today when a week starts today.

            A [slot-times] table gives each slot's start time in an iCalendar export:

              [slot-times]
              dinner = "19:00"

            A mistake in the file is reported with its line and key, exit status 78.

            Examples:
              mealplan config
              mealplan help config
            """)

    /// The week words as the commands that take them describe them.
    static let weekWords = "this-week, next-week, last-week: the seven days from the week start, see 'mealplan help config'"

    func run(in environment: Environment) throws {
        let path = ConfigFile.location(in: environment)
        let config = try ConfigFile.load(in: environment)
        print("config file: " + (path.map { $0.terminalVisible + (config.path == nil ? " (none there)" : "") } ?? "none (no HOME)"))
        let weekStart = try WeekStartSetting.read(in: environment)
        let source = switch weekStart.source {
        case .configFile: "from the config file"
        case .locale(let name): "from the locale \(name.terminalVisible)"
        case .fallback: "the default"
        }
        print("week-start: \(weekStart.weekday.name) (\(source))")
    }
}
