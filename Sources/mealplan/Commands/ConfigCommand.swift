import ArgumentParser
import MealPlanCore
import MealPlanExchange
import TerminalKit

/// `mealplan config`: where the config file is and what it sets; its help (`mealplan help
/// config`) documents every key.
struct ConfigCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file and show where it is and what it sets.",
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
              [slot-times]             the time each slot's meals start at in an iCalendar \
            export, one line a slot: dinner = "19:00"

            Examples:
              mealplan config
              mealplan help config
            """)

    func run(in environment: Environment) throws {
        guard let path = ConfigFile.location(in: environment) else {
            print("no config file: neither HOME nor XDG_CONFIG_HOME is set")
            return
        }
        let config = try ConfigFile.load(in: environment)
        guard config.path != nil else {
            print("no config file at '\(path.terminalVisible)'; every key is optional (see 'mealplan help config')")
            return
        }
        print("config file '\(path.terminalVisible)'")
        for (key, value) in [("recipes", config.recipes), ("aisles", config.aisles), ("pantry", config.pantry),
                             ("servings", config.servings.map(Meal.servingsText))] {
            if let value { print("  \(key) = \(value.terminalVisible)") }
        }
        for entry in config.slotTimes {
            let time = (entry.time.minutes / 60, entry.time.minutes % 60)
            print("  [slot-times] \(entry.slot.terminalVisible) = \(time.0 < 10 ? "0" : "")\(time.0):\(time.1 < 10 ? "0" : "")\(time.1)")
        }
    }
}
