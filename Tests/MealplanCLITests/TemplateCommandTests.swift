import Foundation
import MealPlanCore
import Testing
import TestSupport

/// `mealplan template`: save, list, show, apply and remove, and every refusal leaving the
/// database files byte-identical.
@Suite struct TemplateCommandTests {
    /// The week of today (Monday 2026-03-02): two dinners on Monday, a lunch with a recipe on
    /// Wednesday, a breakfast on Sunday; saved as template "Winter week".
    func sandbox() throws -> CLISandbox {
        let cli = CLISandbox()
        let recipes = cli.folder + "/recipes"
        try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: true)
        try Data("Simmer @lentils{200%g}.\n".utf8).write(to: URL(fileURLWithPath: recipes + "/Lentil soup.cook"))
        try cli.succeed(["add", "mon", "dinner", "Lasagne", "--note", "double batch"])
        try cli.succeed(["add", "mon", "dinner", "Salad"])
        try cli.succeed(["add", "wed", "lunch", "Soup", "--recipe", "lentil", "--servings", "4"], environment: ["MEALPLAN_RECIPES": recipes])
        try cli.succeed(["add", "sun", "breakfast", "Pancakes"])
        #expect(try cli.succeed(["template", "save", "Winter week", "--from", "this-week"])
            == "saved template 'Winter week': 7 days, 4 meals from Mon 2026-03-02 … Sun 2026-03-08\n")
        return cli
    }

    /// The meals of `days` days from `from` as (date, slot, title, note, recipe, servings), from
    /// `list --format json`.
    func meals(_ cli: CLISandbox, from: String, days: Int) throws -> [[String]] {
        let json = try cli.succeed(["list", "--from", from, "--days", "\(days)", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return objects.map { object in
            ["date", "slot", "title", "note", "recipe"].map { object[$0] as? String ?? "-" }
                + [(object["servings"] as? Double).map { "\($0)" } ?? "-"]
        }
    }

    @Test func aSavedWeekIsListedShownAndRemoved() throws {
        let cli = try sandbox()
        try cli.succeed(["template", "save", "Sunday", "--from", "sun"])
        // Names padded to the longest, days right-aligned.
        let list = "Sunday        1 day  1 meal\nWinter week  7 days  4 meals\n"
        #expect(try cli.succeed(["template", "list"]) == list)
        #expect(try cli.succeed(["template"]) == list, "list is the default")
        #expect(try cli.succeed(["template", "show", "winter"]) == """
            template 'Winter week': 7 days, 4 meals

            day 1
              dinner     Lasagne
                         double batch
              dinner     Salad

            day 2
              (nothing planned)

            day 3
              lunch      Soup
                         recipe: Lentil soup, 4 servings

            day 4
              (nothing planned)

            day 5
              (nothing planned)

            day 6
              (nothing planned)

            day 7
              breakfast  Pancakes

            """)
        #expect(try cli.succeed(["template", "remove", "SUN"]) == "removed template 'Sunday': 1 day, 1 meal\n")
        #expect(try cli.succeed(["template", "list"]) == "Winter week  7 days  4 meals\n")
        #expect(try meals(cli, from: "2026-03-02", days: 7).count == 4, "the plan's meals stay")
    }

    @Test func applyingLaysTheWeekDownTimesInARow() throws {
        let cli = try sandbox()
        let originals = try meals(cli, from: "2026-03-02", days: 7)
        let output = try cli.succeed(["template", "apply", "win", "--to", "next-week", "--times", "3"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "applied template 'Winter week' 3 times to Mon 2026-03-09 … Sun 2026-03-29: 12 meals")
        #expect(lines.dropFirst().first == "added meal 5 on Mon 2026-03-09, dinner: Lasagne")
        #expect(lines.last == "added meal 16 on Sun 2026-03-29, breakfast: Pancakes")
        #expect(lines.count == 13)
        // Each copy is the week moved by 7, 14 and 21 days.
        let expected = [7, 14, 21].flatMap { shift in
            originals.map { meal in [try! Day(iso: meal[0]).adding(days: shift).iso] + meal.dropFirst() }
        }
        #expect(try meals(cli, from: "2026-03-09", days: 21) == expected)
    }

    @Test func aDryRunPrintsWhatWouldBeAddedAndChangesNothing() throws {
        let cli = try sandbox()
        let before = try cli.sha256(of: CLISandbox.databaseFiles(cli.database))
        #expect(try cli.succeed(["template", "apply", "Winter week", "--to", "2026-04-06", "--dry-run"]) == """
            would apply template 'Winter week' to Mon 2026-04-06 … Sun 2026-04-12: 4 meals
            would add a meal on Mon 2026-04-06, dinner: Lasagne
            would add a meal on Mon 2026-04-06, dinner: Salad
            would add a meal on Wed 2026-04-08, lunch: Soup
            would add a meal on Sun 2026-04-12, breakfast: Pancakes

            """)
        #expect(try cli.sha256(of: CLISandbox.databaseFiles(cli.database)) == before)
    }

    @Test func replaceOverwritesATemplateOfTheSameName() throws {
        let cli = try sandbox()
        #expect(try cli.succeed(["template", "save", "WINTER WEEK", "--from", "wed", "--replace"])
            == "saved template 'WINTER WEEK': 1 day, 1 meal from Wed 2026-03-04\n")
        #expect(try cli.succeed(["template", "list"]) == "WINTER WEEK  1 day  1 meal\n")
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        let cli = try sandbox()
        try cli.succeed(["template", "save", "Weekend", "--from", "sat", "--days", "2"])
        let usage: Int32 = 64
        let refusals: [([String], String)] = [
            (["template", "save", "Other", "--from", "mon", "--days", "0"], "--days must be at least 1 (see 'mealplan help')"),
            (["template", "save", "winter WEEK", "--from", "mon"], "there is already a template 'Winter week'; --replace replaces it"),
            (["template", "save", "  ", "--from", "mon"], "the template name is empty"),
            (["template", "save", "Gap", "--from", "tue"], "nothing to keep: no meals on 2026-03-03"),
            (["template", "save", "Gap", "--from", "2026-03-05", "--days", "2"], "nothing to keep: no meals from 2026-03-05 to 2026-03-06"),
            (["template", "apply", "Summer", "--to", "mon"], "unknown template 'Summer'; templates are Weekend, 'Winter week'"),
            (["template", "apply", "Winter weak", "--to", "mon"], "unknown template 'Winter weak'; did you mean 'Winter week'? templates are Weekend, 'Winter week'"),
            (["template", "apply", "w", "--to", "mon"], "'w' could mean Weekend, 'Winter week'; type more letters"),
            (["template", "apply", "", "--to", "mon"], "the template name is empty"),
            (["template", "show", "Summer"], "unknown template 'Summer'; templates are Weekend, 'Winter week'"),
            (["template", "remove", "w"], "'w' could mean Weekend, 'Winter week'; type more letters"),
            (["template", "apply", "winter", "--to", "9999-12-28"],
             "template 'Winter week' has 7 days: from 9999-12-28 it runs past 9999-12-31, the last day there is"),
            (["template", "apply", "winter", "--to", "9999-12-01", "--times", "52"],
             "copy 5 of 52 of template 'Winter week' (7 days each, from 9999-12-01) would run past 9999-12-31, the last day there is"),
            (["template", "apply", "winter", "--to", "mon", "--times", "0"], "--times must be from 1 to 1000, not 0 (see 'mealplan help')"),
            (["template", "apply", "winter", "--to", "mon", "--times", "1001"],
             "--times must be from 1 to 1000, not 1001 (see 'mealplan help')"),
            (["template", "apply", "winter", "--to", "mon", "--times", "99999999999999999999"],
             "the value '99999999999999999999' is invalid for '--times <times>' (see 'mealplan help')"),
            (["slots", "remove", "breakfast"],
             "cannot remove slot 'breakfast': 1 meal and templates 'Weekend', 'Winter week' use it; move or remove them first"),
        ]
        for (arguments, message) in refusals {
            try cli.expectFailure(arguments, status: usage, message: message)
        }
    }

    @Test func aSlotOnlyATemplateUsesIsKeptUntilTheTemplateGoes() throws {
        let cli = try sandbox()
        try cli.succeed(["template", "save", "Sunday", "--from", "sun"])
        try cli.succeed(["remove", "4"])
        try cli.expectFailure(["slots", "remove", "breakfast"], status: 64,
                              message: "cannot remove slot 'breakfast': templates 'Sunday', 'Winter week' use it; remove the templates first")
        try cli.succeed(["template", "remove", "sunday"])
        try cli.succeed(["template", "remove", "winter"])
        #expect(try cli.succeed(["slots", "remove", "breakfast"]) == "removed slot breakfast\n")
    }

    @Test func namesAreMadeVisibleOnTheTerminal() throws {
        let cli = try sandbox()
        // A bidi override would turn the rest of the line around; control characters are refused.
        try cli.succeed(["template", "save", "Week \u{202E}kcab", "--from", "mon"])
        #expect(try cli.succeed(["template", "list"]) == "Week kcab     1 day  2 meals\nWinter week  7 days  4 meals\n")
        try cli.expectFailure(["template", "save", "Red \u{1B}[31mweek", "--from", "mon"], status: 64,
                              message: "the template name must be one line without control characters")
    }
}
