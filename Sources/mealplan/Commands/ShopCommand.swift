import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import RecipeLibrary
import ShoppingFiles
import Settings
import ShoppingList
import ShoppingTasks
import TerminalKit
import TextHelpers

/// `mealplan shop`: what to buy for the meals of some days, and the items added by hand.
struct ShopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop",
        abstract: "The shopping list for the meals of some days (the household's next week unless told otherwise).",
        discussion: """
            Without --from, the list starts on the next week start (week-start in the config \
            file, see 'mealplan help config'), or today when a week starts today, and covers \
            7 days unless --to or --days says otherwise, at most \(DayRange.longestShoppingList) (a year).

            Every meal with a recipe in the days counts: its ingredients (and those of the \
            recipes it uses) scaled to the meal's servings, added up per ingredient: volumes \
            with volumes and masses with masses, metric and US alike, and cups with grams for \
            an ingredient whose density is known (see 'mealplan help config'); grouped by the \
            aisles of aisle.conf, less what pantry.conf holds (items it will hold below their \
            low mark listed under "running low"). An amount written in one US unit stays in \
            it (4 tbsp), one metric unit changes only its prefix (1.5 kg for 1500 g); sums \
            are shown in the system the recipes used, or the config file's units; things \
            counted are rounded up to whole ones (JSON keeps the exact quantity beside buy). \
            The two files come from --aisles and --pantry, else the config file, else the \
            recipes folder or its config/ subfolder.

            After the items, the list names the days' meals that have no recipe, and each meal \
            whose recipe could not be used (missing, malformed, sub-recipes in a circle), with \
            the recipe file and line; the rest of the list stands, and the exit status is 65.

            --check and --uncheck tick items off and put them back, in cookcli's \
            .shopping-checked log in the recipes folder, which the Cooklang apps and cook \
            server share. A ticked item stays ticked (✓) when the plan changes; when the plan \
            comes to need more of it, the difference is a line of its own ("olive oil  +2 \
            tbsp"). --open leaves out what is ticked.

            --send writes the list to a tasks folder, for a phone: a vdir (one .ics file per \
            task, as vdirsyncer syncs with a CalDAV server and todoman and khal read it), \
            named by --tasks-vdir or by [shop] tasks-vdir in the config file, and made when \
            missing. Each line is one task (VTODO): the item and its amount as its summary, the \
            aisle as its category, the meals it is for as its description, done when ticked. \
            Sending again updates the open tasks instead of adding more. First, tasks done in \
            the folder (on a phone, by todoman) tick their items in .shopping-checked, as \
            --check does. A done task is never reopened: when the plan comes to need more, the \
            difference is a new task. Open tasks of items the list no longer has are removed; \
            done ones are kept, as what was bought. --send prints what it did instead of the \
            list.

            'shop add' puts an item no recipe needs on the list (in cookcli's .shopping-list \
            in the recipes folder); it can be ticked like any other. Without a subcommand, \
            'shop' is 'shop list'.

            Examples:
              mealplan shop
              mealplan shop --from mon --days 14 --why
              mealplan shop --format markdown > list.md
              mealplan shop --no-pantry --format json
              mealplan shop --check milk "olive oil" --open
              mealplan shop --days 14 --send --tasks-vdir ~/.local/share/tasks/shopping
              mealplan shop add "paper towels" --aisle household
              mealplan shop remove "paper towels"
            """,
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self)

    /// `mealplan shop [list]`: the list, with ticks.
    struct List: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show the shopping list; tick items off or put them back.",
            discussion: """
                Examples:
                  mealplan shop list --days 14
                  mealplan shop --check milk butter
                  mealplan shop --uncheck milk --format markdown
                """)

        enum Format: String, CaseInsensitiveChoice {
            case text, markdown, json, csv
        }

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @OptionGroup var days: DaysOptions
        @Option(help: "text, markdown (a checklist), json or csv.") var format: Format = .text
        @Flag(help: "Name the meals each line is for (JSON always does).") var why = false
        @Option(help: ArgumentHelp("The aisle file (cookcli's aisle.conf).", valueName: "file")) var aisles: String?
        @Option(help: ArgumentHelp("The pantry file (cookcli's pantry.conf).", valueName: "file")) var pantry: String?
        @Flag(help: "Ignore the pantry: list everything the recipes need.") var noPantry = false
        @Option(parsing: .upToNextOption, help: ArgumentHelp(
            "Tick these items off, as the list names them (any case, or another name aisle.conf gives).", valueName: "name"))
        var check: [String] = []
        @Option(parsing: .upToNextOption, help: ArgumentHelp("Put these ticked items back on the list.", valueName: "name"))
        var uncheck: [String] = []
        @Flag(help: "Show only what is still to buy.") var open = false
        @Flag(help: "Write the list as tasks to the tasks folder, taking the tasks done there as ticks first.") var send = false
        @Option(help: ArgumentHelp("The tasks folder for --send (a vdir), over [shop] tasks-vdir in the config file.",
                                   valueName: "folder"))
        var tasksVdir: String?

        func validate() throws {
            if noPantry && pantry != nil { throw ValidationError("give either --pantry or --no-pantry, not both") }
            if tasksVdir != nil && !send { throw ValidationError("--tasks-vdir names the folder for --send; give --send too") }
            // --send prints what it did, not the list: options that shape the list shown would
            // be silently ignored.
            if send, let shaping = [(format != .text, "--format"), (why, "--why"), (open, "--open")].first(where: \.0)?.1 {
                throw ValidationError("\(shaping) shapes the list shown; --send writes the tasks and prints what it did")
            }
        }

        func run(in environment: Environment) throws {
            let shoppingWeek = days.from == nil
                ? DayRange.shoppingWeek(today: try store.today(in: environment), weekStart: try store.weekStart(in: environment))
                : nil
            let range = try days.range(store, defaultStart: shoppingWeek?.first, in: environment)
            guard range.count <= DayRange.longestShoppingList else {
                throw CommandFailure.usage("a list covers 1 to \(DayRange.longestShoppingList) days (a year), not \(range.count); shop for fewer days")
            }
            let plan = try store.openStore(.readExisting, in: environment)
            let meals = try plan.meals(in: range)
            let config = try ConfigFile.load(in: environment)
            let sources = ShoppingSources(
                recipes: try recipes.recipeFolder(in: environment), aisles: aisles ?? config.aisles,
                pantry: pantry ?? config.pantry, usesPantry: !noPantry, units: config.units)
            // Only a tick opens the log for writing: a list alone needs no write access.
            let shopping = check.isEmpty && uncheck.isEmpty
                ? try sources.list(of: meals, days: range)
                : try sources.list(of: meals, days: range) { list throws(UnknownItemError) in
                    try Self.entries(checking: check, unchecking: uncheck, on: list)
                }
            if send {
                try send(shopping.planned, sources: sources, config: config)
                return try reportLeftOut(shopping.planned)
            }
            let list = open ? shopping.ticked.open : shopping.ticked
            switch format {
            case .text:
                print(shopping.lines(titled: true, open: open, why: why).joined(separator: "\n"))
                if why { try printLeftovers(of: meals, plan: plan, household: config.servings) }
            case .markdown:
                print(ShoppingListText.markdown(list, title: shopping.title, why: why))
                if why { try printLeftovers(of: meals, plan: plan, household: config.servings) }
            case .json:
                warn(about: list)
                try JSONOutput.write { json in try ShoppingListJSON.write(list, to: &json) }
            case .csv:
                warn(about: list)
                print(ShoppingListText.csv(list, why: why), terminator: "")
            }
            try reportLeftOut(list)
        }

        /// `--why`: how the cooked meals with leftovers among `meals` are shared, each once,
        /// since their leftovers add nothing to the list.
        private func printLeftovers(of meals: [Meal], plan: MealStore, household: Double?) throws {
            let ids = meals.filter { $0.isLeftovers || $0.servings != nil }.compactMap(\.id)
            let shares = try plan.leftoverShares(of: ids, household: household).filter { !$0.leftovers.isEmpty }
            guard !shares.isEmpty else { return }
            print("\nLeftovers, bought once with the meal that cooks them:")
            for share in shares { print("  " + LeftoverText.sharing(share)) }
        }

        /// `--send`: the list to the tasks folder, and one line saying what that did.
        private func send(_ planned: ShoppingList, sources: ShoppingSources, config: ConfigFile) throws {
            guard let path = tasksVdir ?? config.shop.tasksVdir else {
                throw CommandFailure.usage("--send needs a tasks folder: give --tasks-vdir, or [shop] tasks-vdir in the config file")
            }
            let report = try TasksFolder(path: path).send(
                planned, checks: sources.checks, stamp: UTCTimestamp(secondsSince1970: Int64(time(nil))))
            for link in report.skippedLinks {
                printError("warning: \(path)/\(link) is a link, not a task: left alone".terminalVisible)
            }
            for message in report.unreadable { printError("warning: \(message): left alone".terminalVisible) }
            for message in report.notSent { printError("warning: \(message)".terminalVisible) }
            let ticked = report.tickedThere.isEmpty ? "" : " (" + report.tickedThere.joined(separator: ", ") + ")"
            print(("sent the list to \(path): \(report.added) new, \(report.changed) changed, \(report.removed) removed, "
                   + "\(report.tickedThere.count) ticked there\(ticked)").terminalVisible)
            guard report.changedMeanwhile.isEmpty else {
                throw CommandFailure("\(report.changedMeanwhile.count) tasks changed in \(path) while they were sent, and were left "
                                     + "as they are: send again", status: .failure)
            }
        }

        /// Meals left out make the list short: it stands, but a script must notice (status
        /// 65). One left out is the error line itself; several are each named (in the text and
        /// Markdown list, or on standard error beside JSON and CSV), then counted.
        private func reportLeftOut(_ list: ShoppingList) throws {
            guard !list.problems.isEmpty else { return }
            if list.problems.count == 1 { throw CommandFailure(list.problems[0].text, status: .badData) }
            let forPrograms = format == .json || format == .csv
            if forPrograms { for problem in list.problems { printError(problem.text.terminalVisible) } }
            throw CommandFailure("the list leaves out \(list.problems.count) meals whose recipes could not be used"
                                 + (forPrograms ? "" : "; the list names them at its end"), status: .badData)
        }

        /// The log entries for `--check` and `--uncheck`: each name as the list shows it, a tick
        /// with what the list needs of it now (so that a later need for more shows as a top-up).
        static func entries(checking: [String], unchecking: [String], on list: DaysShoppingList) throws(UnknownItemError) -> [CheckLog.Entry] {
            var entries: [CheckLog.Entry] = []
            for typed in checking {
                entries.append(list.planned.tick(try list.planned.listedName(typed, aisles: list.aisles)))
            }
            let ticked = list.log.ticks.filter(\.value.checked).map(\.key)
            for typed in unchecking {
                entries.append(CheckLog.Entry(name: try list.planned.listedName(typed, aisles: list.aisles, also: ticked), checked: false))
            }
            return entries
        }

        /// JSON and CSV are for programs: what a reader should know goes to standard error (the
        /// meals left out follow as errors).
        private func warn(about list: ShoppingList) {
            for low in list.runningLow { printError("warning: running low: \(low.text)".terminalVisible) }
            for note in list.notes { printError("warning: \(note)".terminalVisible) }
            if let line = list.withoutRecipeLine { printError(line.terminalVisible) }
        }
    }

    /// `mealplan shop add`: an item no recipe needs.
    struct Add: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Put an item no recipe needs on the shopping list.",
            discussion: """
                The item goes into cookcli's .shopping-list in the recipes folder, which the \
                Cooklang apps share. It shows in its aisle of aisle.conf, else under "other"; \
                --aisle puts it into that aisle of aisle.conf (made in the recipes folder if \
                there is none).

                Examples:
                  mealplan shop add "paper towels" --aisle household
                  mealplan shop add lemons
                """)

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The item's name.") var name: String
        @Option(help: ArgumentHelp("The aisle it is in: written into aisle.conf, which the Cooklang apps read too.",
                                   valueName: "aisle"))
        var aisle: String?
        @Option(help: ArgumentHelp("The aisle file (cookcli's aisle.conf).", valueName: "file")) var aisles: String?

        func run(in environment: Environment) throws {
            let config = try ConfigFile.load(in: environment)
            let sources = ShoppingSources(recipes: try recipes.recipeFolder(in: environment), aisles: aisles ?? config.aisles,
                                          pantry: nil, usesPantry: false)
            let name = name.trimmingWhitespace()
            let added = try sources.addExtra(name, aisle: aisle?.trimmingWhitespace())
            print((added ? "added " : "already on the list: ") + name.terminalVisible)
        }
    }

    /// `mealplan shop remove`: an added item off the list.
    struct Remove: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Take an item added with 'shop add' off the shopping list.",
            discussion: """
                Example:
                  mealplan shop remove "paper towels"
                """)

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The item's name (any case, or its start).") var name: String

        func run(in environment: Environment) throws {
            let removed = try ShoppingExtras(folder: try recipes.recipeFolder(in: environment)).remove(name)
            print("removed " + removed.terminalVisible)
        }
    }
}
