import ArgumentParser
import MealPlanCore
import MealPlanExchange
import Nutrition
import Cooklang
import Settings
import TerminalKit

/// `mealplan config`: where the config file is, what it sets and the week start in effect; its
/// help (`mealplan help config`) documents every key.
struct ConfigCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file and show where it is, what it sets and the week start in effect.",
        discussion: """
            The config file is $XDG_CONFIG_HOME/mealplan/config.toml, else \
            ~/.config/mealplan/config.toml; it is optional, TOML, UTF-8, at most 1 MB, and \
            keys are read in any case (a key given twice is refused). A path may start with \
            ~/, and a relative one counts from the file's folder.

            Keys:
              recipes = "~/recipes"    the recipes folder (.cook files), unless --recipes or \
            $MEALPLAN_RECIPES names one
              aisles = "aisle.conf"    the shop's aisles, for 'mealplan shop' and s in the planner
              pantry = "pantry.conf"   what is in stock, taken off the shopping list
              servings = 4             the household's size: the servings of a new meal with a \
            recipe (add, repeat add, edit --recipe, Tab in the planner), over the recipe's own; \
            --servings still wins
              week-start = "sat"       the day the household's weeks start on
              units = "us"             the system a shopping list's sums are shown in: \
            "metric" or "us" (without it, the system the recipes used, metric when they mix); \
            an amount written in one US unit stays in it
              [densities]              grams per millilitre of an ingredient, over the \
            built-in table (from the USDA's household measures), one line an ingredient: \
            butter = 0.96 or flour = "125 g/cup"; through it its cups and grams add up
              [foods]                  the household's own names of USDA SR21 foods for \
            'mealplan nutrition', over mealplan's table, one line a name: "house granola" = \
            "08037" (five digits in quotes; 'mealplan nutrition --food NAME' lists the foods \
            matching a name's words)
              [slot-times]             the time each slot's meals start at in an iCalendar \
            export and a sync, one line a slot: dinner = "19:00"
              [shop] tasks-vdir = "…"  the tasks folder (a vdir, as vdirsyncer, todoman and \
            khal keep it) that 'mealplan shop --send' writes the list to, unless --tasks-vdir \
            names one
              [sync]                   for 'mealplan sync' (see 'mealplan help sync'): vdir = \
            "~/.local/share/calendars/meals" (the folder without --vdir), from = "-90" (the first day \
            synced, in the date grammar), until = "+24m" (the last), slot = "dinner" (the slot of an event that names \
            none; else the plan's last slot), command = "vdirsyncer sync meals" (run before \
            and after), timeout = 120 (the seconds the command may run each time)

            week-start takes a day of the week in any case, as dates do (sat, saturday, \
            thurs) or shortened to a unique prefix (sa). Without it, weeks start on the first \
            day of the week of the locale (LC_TIME, else LANG: Monday for en_GB and de_DE, \
            Sunday for en_US), else on Monday. this-week, next-week and last-week are the \
            seven days from a week start (copy-days and template save take all seven); \
            'this fri', 'next fri' and 'last fri' are the Friday of those weeks; and \
            'mealplan shop' and the planner's S, given no days, list the week from the next \
            week start, or from today when a week starts today.

            A mistake in the file is reported with its line and key, exit status 78.

            Examples:
              mealplan config
              mealplan help config
            """)

    /// The week words as the commands that take them describe them.
    static let weekWords = "this-week, next-week, last-week: the seven days from the week start, see 'mealplan help config'"

    func run(in environment: Environment) throws {
        if let path = ConfigFile.location(in: environment) {
            let config = try ConfigFile.load(in: environment)
            if config.path == nil {
                print("no config file at '\(path.terminalVisible)'; every key is optional (see 'mealplan help config')")
            } else {
                print("config file '\(path.terminalVisible)'")
                for (key, value) in [("recipes", config.recipes), ("aisles", config.aisles), ("pantry", config.pantry),
                                     ("servings", config.servings.map(Meal.servingsText))] {
                    if let value { print("  \(key) = \(value.terminalVisible)") }
                }
                if let system = config.units.system { print("  units = \(system.rawValue)") }
                for entry in config.densities.entries {
                    print("  [densities] \(entry.name.terminalVisible) = \(QuantityValue.format(entry.gramsPerMillilitre)) g/ml")
                }
                for food in try config.section(FoodSettings.self).names.ownNames {
                    print("  [foods] \(food.name.terminalVisible) = \(food.number)")
                }
                if let folder = config.shop.tasksVdir { print("  [shop] tasks-vdir = \(folder.terminalVisible)") }
                for (key, value) in [("vdir", config.sync.vdir), ("from", config.sync.from?.text), ("until", config.sync.until?.text), ("slot", config.sync.slot?.text),
                                     ("command", config.sync.command)] {
                    if let value { print("  [sync] \(key) = \(value.terminalVisible)") }
                }
                if config.sync.command != nil { print("  [sync] timeout = \(config.sync.timeLimit)") }
                for entry in config.slotTimes.entries {
                    let time = (entry.time.minutes / 60, entry.time.minutes % 60)
                    print("  [slot-times] \(entry.slot.terminalVisible) = \(time.0 < 10 ? "0" : "")\(time.0):\(time.1 < 10 ? "0" : "")\(time.1)")
                }
            }
        } else {
            print("no config file: neither HOME nor XDG_CONFIG_HOME is set")
        }
        let weekStart = try WeekStartSetting.read(in: environment)
        let source = switch weekStart.source {
        case .configFile: "from the config file"
        case .locale(let name): "from the locale \(name.terminalVisible)"
        case .fallback: "the default"
        }
        print("week-start: \(weekStart.weekday.name) (\(source))")
    }
}
