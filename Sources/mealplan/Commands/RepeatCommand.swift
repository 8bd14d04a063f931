import ArgumentParser
import MealPlanCore
import MealPlanStore
import Recurrence
import RecipeLibrary
import Settings
import TerminalKit

/// `mealplan repeat`: meals that repeat, kept as rules (never as copied meals).
struct RepeatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repeat",
        abstract: "Meals that repeat: add, list, show, edit or remove a rule; skip or change one occurrence.",
        discussion: """
            A repeating meal is one rule: list, export, search and the shopping list show each \
            occurrence in their days as a meal. --every takes day, week, month, year, a \
            count and a unit: 3d, 2w, 6m, 1y, or days of the week: weekdays, weekends, a range \
            (mon-fri; fri-mon wraps past Sunday) or a list (mon,wed,fri). --on takes days of \
            the week in the same words for weekly rules (2w --on mon,thu), \
            a day of the month (15) or a weekday in the month (2tue, last-fri) for monthly \
            ones. A day a month does not have is skipped, never moved: every month on the \
            31st happens in the months that have one.

            Examples:
              mealplan repeat add mon breakfast Porridge --every weekdays
              mealplan repeat add fri dinner "Pizza night" --every week --recipe pizza
              mealplan repeat add 2026-12-04 dinner Fish --every month --on 1fri --count 6
              mealplan repeat skip 2 2026-12-25
              mealplan repeat split 2 2027-01-01 --title "Porridge with fruit"
            """,
        subcommands: [Add.self, List.self, Show.self, Edit.self, Split.self, Skip.self, Change.self, Remove.self],
        defaultSubcommand: List.self)

    /// --every, --on and the end of a rule, as the command line gives them.
    struct PatternOptions: ParsableArguments {
        @Option(help: "How often: day, week, month, year, Nd, Nw, Nm, Ny (2w: every 2 weeks), or days of the week (weekdays, weekends, mon-fri, mon,wed,fri).") var every: String?
        @Option(help: "Days of the week (mon,thu, mon-fri, weekends), a day of the month (15), or a weekday in the month (2tue, last-fri).") var on: String?
        @Option(help: "The last day it may happen.") var until: String?
        @Option(help: "How many times it happens in all.") var count: Int?

        var isGiven: Bool { every != nil || on != nil || until != nil || count != nil }

        /// The rule from `first` these options describe; `base` fills what they leave out.
        func rule(from first: Day, base: RepeatRule?, store: StoreOptions, in environment: Environment) throws -> RepeatRule {
            guard let every = every ?? base?.pattern.everyWords else {
                throw CommandFailure.usage("give --every: day, week, month, year, or a count and unit like 2w")
            }
            let on = on ?? (self.every == nil ? base?.pattern.onWords : nil)
            let until = try until.map { try store.day($0, in: environment) }
            let end: (until: Day?, count: Int?) = switch (until, count, base?.end) {
            case (nil, nil, .until(let day)?): (day, nil)
            case (nil, nil, .count(let count)?): (nil, count)
            default: (until, count)
            }
            return try RepeatRule(firstDay: first, every: every, on: on, until: end.until, count: end.count)
        }
    }

    struct Add: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a meal that repeats from a first day.",
            discussion: """
                With --recipe the title may be left out: the recipe's title is used.

                Examples:
                  mealplan repeat add mon breakfast Porridge --every week --on mon,tue,wed,thu,fri
                  mealplan repeat add 2026-12-31 dinner Fondue --every year
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The first day.") var date: String
        @Argument(help: "The slot, or a unique prefix of it.") var slot: String
        @Argument(help: "What is eaten (quote a title of several words).") var title: String?
        @OptionGroup var pattern: PatternOptions
        @OptionGroup var meal: MealOptions

        func run(in environment: Environment) throws {
            let first = try store.day(date, in: environment)
            let rule = try pattern.rule(from: first, base: nil, store: store, in: environment)
            let meal = try self.meal.newMeal(day: first, slot: slot, title: title, recipes: recipes, in: environment)
            let stored = try store.openStore(.readWrite, in: environment).addRule(rule, meal: meal)
            print("added \(stored.summary)")
        }
    }

    struct List: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the rules: id, slot, title, how often, and the next time.")

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions

        func run(in environment: Environment) throws {
            let today = try store.today(in: environment)
            let rules = try store.openStore(.readExisting, in: environment).rules()
            guard !rules.isEmpty else {
                print("no repeating meals; add one with 'mealplan repeat add'")
                return
            }
            let idWidth = rules.map { String($0.id).count }.max() ?? 1
            let slotWidth = rules.map(\.meal.slot.terminalWidth).max() ?? 0
            for stored in rules {
                let next = stored.next(from: today).map { "next \($0.label)" } ?? "no more"
                let id = String(repeating: " ", count: idWidth - String(stored.id).count) + String(stored.id)
                print("\(id)  \(stored.meal.slot.terminalVisible.padded(toWidth: slotWidth))  \(stored.meal.title.terminalVisible)"
                      + "  (\(stored.rule), \(next))")
            }
        }
    }

    struct Show: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a rule and its next occurrences.")

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The rule's id (shown by repeat list).") var id: Int64
        @Option(help: "How many occurrences to show.") var next = 10

        func validate() throws {
            guard (1...1000).contains(next) else { throw ValidationError("--next must be 1 to 1000") }
        }

        func run(in environment: Environment) throws {
            let today = try store.today(in: environment)
            let stored = try store.openStore(.readExisting, in: environment).rule(id: id)
            print(stored.summary)
            if let note = stored.meal.note { print("note: \(note.terminalVisible)") }
            if let recipe = stored.meal.recipe {
                print(MealListText.recipeLine(recipe, servings: stored.meal.servings, missing: false))
            }
            if !stored.exceptions.isEmpty { print("skips: \(stored.exceptions.map(\.iso).joined(separator: ", "))") }
            let days = stored.upcoming(from: today, limit: next)
            print(days.isEmpty ? "no occurrences from \(today.iso) on" : "next:")
            for day in days { print("  \(day.label)") }
        }
    }

    struct Edit: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a whole rule: what it gives, how often, from when, until when.",
            discussion: """
                Only the options given change; --every without --on takes the new unit's default. \
                Occurrences already skipped or changed stay so.

                Examples:
                  mealplan repeat edit 2 --title "Porridge with berries"
                  mealplan repeat edit 2 --every 2w --on fri --count 10
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The rule's id.") var id: Int64
        @Option(help: "A new first day.") var from: String?
        @OptionGroup var pattern: PatternOptions
        @OptionGroup var meal: MealChangeOptions
        @Flag(help: "The rule never ends.") var noEnd = false

        func validate() throws {
            guard from != nil || pattern.isGiven || meal.isGiven || noEnd else {
                throw ValidationError("nothing to change: give --title, --note, --slot, --recipe, --servings, --every, --on, --until, --count, --from or --no-end")
            }
        }

        func run(in environment: Environment) throws {
            let plan = try store.openStore(.readWrite, in: environment)
            let stored = try plan.rule(id: id)
            let first = try from.map { try store.day($0, in: environment) } ?? stored.rule.firstDay
            let base = noEnd ? try RepeatRule(firstDay: stored.rule.firstDay, pattern: stored.rule.pattern) : stored.rule
            let rule = try pattern.rule(from: first, base: base, store: store, in: environment)
            var changed = try meal.applied(to: stored.meal, recipes: recipes, in: environment)
            changed.day = first
            print("updated \(try plan.updateRule(stored, rule: rule, meal: changed).summary)")
        }
    }

    struct Split: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "split", abstract: "Change a rule from one occurrence on: 'this one and the following'.",
            discussion: """
                The rule ends before DATE (an occurrence) and a new rule, changed by the options, \
                takes over from DATE.

                Example:
                  mealplan repeat split 2 2027-01-04 --title "Porridge with fruit" --on mon,wed,fri
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The rule's id.") var id: Int64
        @Argument(help: "The first occurrence to change.") var date: String
        @OptionGroup var pattern: PatternOptions
        @OptionGroup var meal: MealChangeOptions

        func run(in environment: Environment) throws {
            let day = try store.day(date, in: environment)
            let plan = try store.openStore(.readWrite, in: environment)
            let (before, after) = try plan.splitRule(id: id, at: day) { rule, meal in
                let newRule = pattern.isGiven ? try pattern.rule(from: day, base: rule, store: store, in: environment) : rule
                return (newRule, try self.meal.applied(to: meal, recipes: recipes, in: environment))
            }
            print(before.map { "updated \($0.summary)" } ?? "removed repeat \(id): it had no occurrence before \(day.iso)")
            print("added \(after.summary)")
        }
    }

    struct Skip: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip", abstract: "Skip one occurrence of a rule; the others stay.")

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The rule's id.") var id: Int64
        @Argument(help: "The occurrence's day.") var date: String

        func run(in environment: Environment) throws {
            let day = try store.day(date, in: environment)
            let stored = try store.openStore(.readWrite, in: environment).skipOccurrence(rule: id, on: day)
            print("skipped \(day.label) of repeat \(stored.id): \(stored.meal.title.terminalVisible)")
        }
    }

    struct Change: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "change", abstract: "Change or move one occurrence of a rule; it becomes a meal of its own.",
            discussion: """
                Examples:
                  mealplan repeat change 3 2026-12-25 --title "Christmas pizza"
                  mealplan repeat change 3 2026-12-25 --to 2026-12-24 --slot lunch
                """)

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The rule's id.") var id: Int64
        @Argument(help: "The occurrence's day.") var date: String
        @Option(help: "The day it moves to (+1, sat: counted from the occurrence's day).") var to: String?
        @OptionGroup var meal: MealChangeOptions

        func validate() throws {
            guard to != nil || meal.isGiven else {
                throw ValidationError("nothing to change: give --to, --title, --note, --slot, --recipe, --servings or --no-recipe")
            }
        }

        func run(in environment: Environment) throws {
            let day = try store.day(date, in: environment)
            let plan = try store.openStore(.readWrite, in: environment)
            let stored = try plan.rule(id: id)
            var changed = try meal.applied(to: stored.occurrence(on: day), recipes: recipes, in: environment)
            if let to { changed.day = try store.day(to, offsetsFrom: day, in: environment) }
            changed.occurrence = nil
            report("added", [try plan.changeOccurrence(of: stored, on: day, to: changed)])
        }
    }

    struct Remove: MealplanCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a rule and its occurrences (changed occurrences stay as meals).",
            aliases: ["rm"])

        @OptionGroup var store: StoreOptions

        @OptionGroup var recipes: RecipeOptions
        @Argument(help: "The rule's id.") var id: Int64

        func run(in environment: Environment) throws {
            print("removed \(try store.openStore(.readWrite, in: environment).removeRule(id: id).summary)")
        }
    }
}

extension StoredRule {
    /// "repeat 3: Fri dinner: Pizza night, every week on Fri from 2026-11-27".
    var summary: String {
        "repeat \(id): \(meal.slot.terminalVisible): \(meal.title.terminalVisible), from \(rule.firstDay.iso), \(rule)"
    }

    /// The next `limit` occurrences from `day` on, less those skipped.
    func upcoming(from day: Day, limit: Int) -> [Day] {
        Array(days(from: day).prefix(limit))
    }

    func next(from day: Day) -> Day? {
        var walk = days(from: day)
        return walk.next()
    }
}
