import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanStore
import Settings
import TerminalKit

/// `mealplan template`: named runs of days kept and laid down again.
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Keep some days' meals as a named template and lay them down again.",
        discussion: """
            A template keeps each meal of its days with its day, slot, place in the slot, \
            title, note, recipe and servings. Names are unique regardless of case; commands \
            take them in any case or shortened to a unique prefix. Without a subcommand, \
            lists the templates.

            Examples:
              mealplan template save "winter week" --from this-week
              mealplan template apply winter --to next-week --times 4
              mealplan template show winter
              mealplan template remove winter
            """,
        subcommands: [List.self, Save.self, Apply.self, Show.self, Remove.self],
        defaultSubcommand: List.self)

    /// "week: 7 days, 12 meals", the name made visible.
    static func describe(_ name: String, days: Int, meals: Int) -> String {
        "'\(name.terminalVisible)': \(days == 1 ? "1 day" : "\(days) days"), \(meals == 1 ? "1 meal" : "\(meals) meals")"
    }

    struct List: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the templates: name, days and meals.",
            discussion: """
                Example:
                  mealplan template list
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions

        func run(in environment: Environment) throws {
            let templates = try store.openStore(.readExisting, in: environment).templates()
            guard !templates.isEmpty else {
                print("no templates; 'mealplan template save NAME --from DATE --days N' keeps some days' meals as one")
                return
            }
            let nameWidth = templates.map(\.name.terminalWidth).max()!
            let days = templates.map { $0.days == 1 ? "1 day" : "\($0.days) days" }
            let daysWidth = days.map(\.count).max()!
            for (template, days) in zip(templates, days) {
                let meals = template.mealCount == 1 ? "1 meal" : "\(template.mealCount) meals"
                let paddedDays = String(repeating: " ", count: daysWidth - days.count) + days
                print("\(template.name.terminalVisible.padded(toWidth: nameWidth))  \(paddedDays)  \(meals)")
            }
        }
    }

    struct Save: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "save",
            abstract: "Keep the meals of some days as a template.",
            discussion: """
                FROM may name a week (\(ConfigCommand.weekWords)), which keeps its seven days \
                unless --days says otherwise. Days without meals at the \
                end count: copies of the template are laid down --days apart. A name in use is \
                refused unless --replace is given.

                Examples:
                  mealplan template save "winter week" --from this-week
                  mealplan template save weekend --from sat --days 2 --replace
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The template's name (at most 100 characters).") var name: String
        @Option(help: ArgumentHelp("The first day to keep, or a week.", valueName: "date")) var from: String
        @Option(help: "How many days to keep (default: 7 for a week, else 1).") var days: Int?
        @Flag(help: "Replace the template of that name if there is one.") var replace = false

        func validate() throws {
            if let days, days < 1 { throw ValidationError("--days must be at least 1") }
        }

        func run(in environment: Environment) throws {
            let count = days ?? (DateInput.namesWeek(from) ? 7 : 1)
            let first = try store.day(from, in: environment)
            let template = try store.openStore(.readWrite, in: environment)
                .saveTemplate(name, from: first, days: count, replacing: replace)
            let range = DayRange(start: first, count: count)
            print("saved template \(TemplateCommand.describe(template.name, days: template.days, meals: template.meals.count))"
                + " from \(CopyDaysCommand.describe(range))")
        }
    }

    struct Apply: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "apply",
            abstract: "Lay a template's meals down from a day, once or several times in a row.",
            discussion: """
                The template's first day goes to --to, its second to the day after, and so on; \
                with --times K the copies follow one another, each as many days after the one \
                before as the template has. Meals go to the end of their slot; meals already \
                planned stay. All or nothing, in one transaction: Ctrl-C stops it with nothing \
                added. Past a second, a progress line shows on a terminal's standard error. \
                --dry-run prints what would be added and changes nothing.

                Examples:
                  mealplan template apply "winter week" --to next-week
                  mealplan template apply winter --to 2026-12-07 --times 4 --dry-run
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The template (any case, or a unique prefix).") var name: String
        @Option(help: ArgumentHelp("The day the template's first day goes to.", valueName: "date")) var to: String
        @Option(help: "How many copies in a row (1 to \(MealTemplate.maximumCopies)).") var times = 1
        @Flag(help: "Print what would be added; change nothing.") var dryRun = false

        func validate() throws {
            guard (1...MealTemplate.maximumCopies).contains(times) else {
                throw ValidationError("--times must be from 1 to \(MealTemplate.maximumCopies), not \(times)")
            }
        }

        /// Meals laid down between two looks at the clock and at Ctrl-C.
        static let mealsPerCheck = 64

        func run(in environment: Environment) throws {
            let start = try store.day(to, in: environment)
            // Held back from before the store starts any thread, and looked at between meals.
            let interrupt = InterruptSignals([SIGINT])
            let plan = try store.openStore(dryRun ? .readExisting : .readWrite, in: environment)
            var progress = ProgressReport(verb: dryRun ? "reading" : "applying", environment: environment,
                                          display: ProgressDisplay(threshold: 0, delay: 1))
            var reached = 0, interrupted = false
            let applied: MealStore.TemplateApplication
            do {
                applied = try plan.applyTemplate(name, to: start, times: times, dryRun: dryRun) { done, total in
                    guard done % Self.mealsPerCheck == 0 else { return }
                    reached = done
                    if interrupt.received != nil {
                        interrupted = true
                        throw CommandFailure("interrupted", status: .failure)
                    }
                    progress?.update(done: done, fraction: Double(done) / Double(total))
                }
            } catch {
                guard interrupted else {
                    progress?.end(done: reached, finished: false)
                    interrupt.release()
                    throw error
                }
                // Rolled back: a count left on screen (after the terminal's ^C) would read as added.
                progress?.erase()
                interrupt.endProcess(saying: "the template was not applied, nothing was added")
            }
            progress?.end(done: applied.meals.count, finished: true)
            // A Ctrl-C after the last look came too late: the meals are there, say so.
            interrupt.discardReceived()
            interrupt.release()
            let template = applied.template
            let range = DayRange(start: start, count: template.days * times)
            let meals = applied.meals.count == 1 ? "1 meal" : "\(applied.meals.count) meals"
            let copies = times == 1 ? "" : " \(times) times"
            print("\(dryRun ? "would apply" : "applied") template '\(template.name.terminalVisible)'\(copies) "
                + "to \(CopyDaysCommand.describe(range)): \(meals)")
            report(dryRun ? "would add" : "added", applied.meals)
        }
    }

    struct Show: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a template's meals, day by day.",
            discussion: """
                Example:
                  mealplan template show winter
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The template (any case, or a unique prefix).") var name: String

        func run(in environment: Environment) throws {
            let template = try store.openStore(.readExisting, in: environment).template(named: name)
            print("template \(TemplateCommand.describe(template.name, days: template.days, meals: template.meals.count))")
            print("")
            let lines = MealListText.lines(
                meals: template.meals, everyDay: DayRange(start: .first, count: template.days), ifEmpty: "",
                width: TerminalColumns.standardOutput, dayLabel: { "day \(Day.first.distance(to: $0) + 1)" })
            for line in lines { print(line) }
        }
    }

    struct Remove: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a template; the meals it laid down stay.",
            discussion: """
                Example:
                  mealplan template remove winter
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The template (any case, or a unique prefix).") var name: String

        func run(in environment: Environment) throws {
            let template = try store.openStore(.readWrite, in: environment).removeTemplate(named: name)
            print("removed template \(TemplateCommand.describe(template.name, days: template.days, meals: template.meals.count))")
        }
    }
}
