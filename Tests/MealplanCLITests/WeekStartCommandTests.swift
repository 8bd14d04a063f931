import Foundation
import MealPlanCore
import TestSupport
import Testing

/// `week-start` in the config file, or the locale's first day of the week, decides what the
/// week words mean on the command line: templates, copied days and the shopping list.
@Suite struct WeekStartCommandTests {
    /// A sandbox whose config file holds `text`, and its path.
    func sandbox(config text: String) throws -> (CLISandbox, String) {
        let cli = CLISandbox()
        let folder = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        return (cli, folder + "/config.toml")
    }

    func environment(_ cli: CLISandbox, _ more: [String: String] = [:]) -> [String: String] {
        ["XDG_CONFIG_HOME": cli.folder + "/config"].merging(more) { $1 }
    }

    /// `d` as the command line prints it: "Sat 2026-02-28".
    func printed(_ d: Day) -> String { "\(d.weekday.shortName) \(d.iso)" }

    /// A dinner on each of the 14 days from Sat 2026-02-28, titled by its date.
    func planTwoWeeks(_ cli: CLISandbox) throws {
        let first = day("2026-02-28")
        let rows = (0..<14).map { "\(first.adding(days: $0).iso),dinner,Dinner \(first.adding(days: $0).iso)," }
        let file = cli.folder + "/plan.csv"
        try (["date,slot,title,note"] + rows).joined(separator: "\r\n").appending("\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        try cli.succeed(["import", file])
    }

    /// With weeks from Saturday, `copy-days this-week --to next-week` copies Saturday to Friday
    /// onto the next Saturday to Friday, whichever day today is.
    @Test func copyDaysCopiesTheSaturdayToFridayWeek() throws {
        let saturday = day("2026-02-28")
        for offset in 0..<7 {
            let (cli, _) = try sandbox(config: "week-start = \"sat\"\n")
            cli.today = saturday.adding(days: offset).iso
            try planTwoWeeks(cli)
            let week = DayRange(start: saturday, count: 7), next = DayRange(start: saturday.adding(days: 7), count: 7)
            let output = try cli.succeed(["copy-days", "this-week", "--to", "next-week"], environment: environment(cli))
            #expect(output.split(separator: "\n").first.map(String.init)
                == "copied 7 meals from \(printed(week.first)) … \(printed(week.last)) to \(printed(next.first)) … \(printed(next.last))",
                "today \(cli.today)")
            // Each day of the next week holds its own dinner and the copy of the dinner a week before.
            let listed = try cli.succeed(["list", "--from", next.first.iso, "--days", "7", "--format", "csv"], environment: environment(cli))
            for (original, target) in zip(week, next) {
                #expect(listed.contains("\(target.iso),dinner,Dinner \(original.iso)"), "today \(cli.today): \(target.iso)")
            }
        }
    }

    @Test func aTemplateSavedFromThisWeekKeepsSaturdayToFriday() throws {
        let (cli, _) = try sandbox(config: "# the household shops on Saturday\nweek-start = \"Saturday\"\n")
        try planTwoWeeks(cli)
        // Today is Monday 2026-03-02: this week began on Saturday 2026-02-28.
        #expect(try cli.succeed(["template", "save", "Our week", "--from", "this-week"], environment: environment(cli))
            == "saved template 'Our week': 7 days, 7 meals from Sat 2026-02-28 … Fri 2026-03-06\n")
        let shown = try cli.succeed(["template", "show", "our"], environment: environment(cli))
        #expect(shown.contains("day 1\n  dinner  Dinner 2026-02-28\n"))
        #expect(shown.contains("day 7\n  dinner  Dinner 2026-03-06\n"))
        #expect(try cli.succeed(["template", "apply", "our", "--to", "next-week", "--dry-run"], environment: environment(cli))
            .hasPrefix("would apply template 'Our week' to Sat 2026-03-07 … Fri 2026-03-13: 7 meals\n"))
    }

    @Test func thisNextAndLastWeekdaysAndShopFollowTheWeekStart() throws {
        let (cli, _) = try sandbox(config: "week-start = \"su\"\n")
        let env = environment(cli)
        // Today is Monday 2026-03-02; weeks from Sunday: this week is Sun 1 … Sat 7 March.
        #expect(try cli.succeed(["add", "this sat", "dinner", "A"], environment: env) == "added meal 1 on Sat 2026-03-07, dinner: A\n")
        #expect(try cli.succeed(["add", "last sun", "dinner", "B"], environment: env) == "added meal 2 on Sun 2026-02-22, dinner: B\n")
        #expect(try cli.succeed(["add", "next-week", "dinner", "C"], environment: env) == "added meal 3 on Sun 2026-03-08, dinner: C\n")
        // `shop` alone: the week from the next week start, Sunday 8 March.
        try FileManager.default.createDirectory(atPath: cli.folder + "/recipes", withIntermediateDirectories: true)
        let shop = try cli.succeed(["shop", "--recipes", cli.folder + "/recipes"], environment: env)
        #expect(shop.hasPrefix("Shopping list for Sun 2026-03-08 … Sat 2026-03-14: 0 meals with recipes\n"))
        // …or from today when a week starts today.
        cli.today = "2026-03-08"
        #expect(try cli.succeed(["shop", "--recipes", cli.folder + "/recipes"], environment: env)
            .hasPrefix("Shopping list for Sun 2026-03-08 … Sat 2026-03-14:"))
        #expect(try cli.succeed(["shop", "--recipes", cli.folder + "/recipes", "--days", "2"], environment: env)
            .hasPrefix("Shopping list for Sun 2026-03-08 … Mon 2026-03-09:"))
        #expect(try cli.succeed(["config"], environment: env)
            == "config file '\(cli.folder)/config/mealplan/config.toml'\nweek-start: Sunday (from the config file)\n")
    }

    @Test(arguments: [
        ("week-start = \"sonday\"\n", 1, "'sonday' is not a day of the week; use one like \"sat\" or \"sunday\""),
        ("recipes = \"r\"\nweek-start = \"s\"\n", 2, "'s' could be Saturday or Sunday; type more of it"),
        ("week-start = 6\n", 1, "must be a day of the week in quotes, like \"sat\""),
    ])
    func anUnknownWeekStartIsOneLineNamingTheFileLineAndKey(config: String, line: Int, problem: String) throws {
        let (cli, path) = try sandbox(config: config)
        try cli.succeed(["add", "2026-03-02", "dinner", "Soup"])
        let key = problem.hasPrefix("must") ? "key 'week-start' \(problem)" : "key 'week-start': \(problem)"
        let message = "config file '\(path)': line \(line): \(key)"
        for arguments in [["add", "this-week", "dinner", "Stew"], ["copy-days", "this-week", "--to", "next-week"],
                          ["list", "--from", "next-week"], ["shop"], ["config"], []] {
            try cli.expectFailure(arguments, status: 78, message: message, environment: environment(cli), inputs: [path])
        }
    }

    /// Without `week-start`, the locale's first day of the week: LC_ALL, else LC_TIME, else LANG.
    @Test(.requires(.localeEnUS), .requires(.localeDeDE))
    func withoutTheKeyWeeksStartOnTheLocalesFirstDay() throws {
        let cli = CLISandbox()
        // Today is Monday 2026-03-02; `add` prints the day a date names.
        for (variables, expected) in [
            (["LC_TIME": "en_US.UTF-8"], "Sun 2026-03-01"),
            (["LC_TIME": "de_DE.UTF-8"], "Mon 2026-03-02"),
            (["LANG": "en_US.UTF-8"], "Sun 2026-03-01"),
            (["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"], "Mon 2026-03-02"),
            (["LC_ALL": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"], "Sun 2026-03-01"),
            (["LC_TIME": "C.UTF-8"], "Mon 2026-03-02"),
            (["LC_TIME": "xx_XX.UTF-8"], "Mon 2026-03-02"),
        ] {
            let output = try cli.succeed(["add", "this-week", "dinner", "Soup"], environment: variables)
            #expect(output.contains(" on \(expected), "), "\(variables): \(output)")
        }
        #expect(try cli.succeed(["config"], environment: ["LC_TIME": "en_US.UTF-8"]).hasSuffix(
            "week-start: Sunday (from the locale en_US.UTF-8)\n"))
        #expect(try cli.succeed(["config"]).hasSuffix("week-start: Monday (the default)\n"))
        // The config file wins over the locale.
        let (configured, _) = try sandbox(config: "week-start = \"wed\"\n")
        #expect(try configured.succeed(["add", "this-week", "dinner", "Soup"], environment: environment(configured, ["LC_TIME": "en_US.UTF-8"]))
            .contains(" on Wed 2026-02-25, "))
    }

    @Test func theHelpOfConfigDescribesTheKey() throws {
        let help = try CLISandbox().succeed(["help", "config"])
        #expect(help.contains("week-start = \"sat\""))
        #expect(help.contains("Sunday for en_US"))
        #expect(try CLISandbox().succeed(["help", "shop"]).contains("or today when a week starts today"))
    }
}
