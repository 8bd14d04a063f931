import Foundation
import Testing
import TestSupport

/// Cook once, eat twice, from the command line: leftovers linked to the meal that cooks them
/// add nothing to the shopping list; warnings when they are more than was cooked or come
/// first; `leftovers` lists what is not planned; `done` and `skipped` say what was eaten, which
/// is what `history` counts. Today is Mon 2026-03-02.
@Suite struct LeftoversCommandTests {
    /// A plan with a recipes folder (Lasagna: 6 servings, 12 pasta sheets and 200 g of
    /// cheese) and a household of 2.
    static func sandbox() throws -> (CLISandbox, [String: String]) {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        let config = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("servings = 2\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        return (cli, ["MEALPLAN_RECIPES": folder, "XDG_CONFIG_HOME": cli.folder + "/config"])
    }

    /// The grams of cheese on the list of the week, read from its JSON.
    private func cheese(_ cli: CLISandbox, _ environment: [String: String]) throws -> Double {
        let json = try cli.succeed(["shop", "--from", "mon", "--days", "7", "--format", "json"], environment: environment)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let item = try #require(items.first { $0["name"] as? String == "cheese" })
        return try #require((item["amounts"] as? [[String: Any]])?.first?["quantity"] as? Double)
    }

    @Test func leftoversAddNothingToTheListWhichPlainCopiesWould() throws {
        let (cli, environment) = try Self.sandbox()
        try cli.succeed(["add", "mon", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: environment)
        let alone = try cheese(cli, environment)
        #expect(alone == 200)  // 200 g for the recipe's 6 servings, made as written
        #expect(try cli.succeed(["add", "tue", "lunch", "--leftovers-of", "1"], environment: environment)
            == "added meal 2 on Tue 2026-03-03, lunch: Lasagna al forno\n")
        try cli.succeed(["add", "wed", "lunch", "--leftovers-of", "1", "--servings", "2"], environment: environment)
        #expect(try cheese(cli, environment) == alone)
        let why = try cli.succeed(["shop", "--from", "mon", "--days", "7", "--why"], environment: environment)
        #expect(why.hasSuffix("""
            Leftovers, bought once with the meal that cooks them:
              Lasagna al forno 6 servings: Mon 2 Mar dinner 2, Tue 3 Mar lunch 2, Wed 4 Mar lunch 2

            """), "\(why)")

        // The same two lunches as plain meals of 2 servings each buy for them too:
        // 200 g + 2 × (200 g × 2 / 6).
        try cli.succeed(["remove", "2", "3"])
        try cli.succeed(["add", "tue", "lunch", "--recipe", "lasagna", "--servings", "2"], environment: environment)
        try cli.succeed(["add", "wed", "lunch", "--recipe", "lasagna", "--servings", "2"], environment: environment)
        #expect(abs(try cheese(cli, environment) - (200 + 2 * 200 * 2 / 6)) < 0.01)
    }

    @Test func moreLeftoversThanCookedOrBeforeTheMealAreWarnedAbout() throws {
        let (cli, environment) = try Self.sandbox()
        try cli.succeed(["add", "mon", "dinner", "--recipe", "lasagna", "--servings", "6", "--eat", "2"], environment: environment)
        try cli.succeed(["add", "tue", "lunch", "--leftovers-of", "1", "--servings", "2"], environment: environment)
        try cli.succeed(["add", "wed", "lunch", "--leftovers-of", "1", "--servings", "2"], environment: environment)
        // 6 cooked, 2 eat at the meal: 4 left, and a third lunch of 2 makes 6.
        let third = try cli.run(["add", "thu", "lunch", "--leftovers-of", "2", "--servings", "2"], environment: environment)
        #expect(third.status == 0)
        #expect(third.stderr == "mealplan: warning: leftovers of 'Lasagna al forno' (meal 1, Mon 2 Mar dinner) plan 6 portions, but 4 portions are left after the meal\n")
        try cli.succeed(["remove", "4"])
        let early = try cli.run(["add", "mon", "lunch", "--leftovers-of", "1", "--servings", "1"], environment: environment)
        #expect(early.stderr.contains("meal 5 on Mon 2 Mar lunch eats the leftovers of 'Lasagna al forno' (meal 1, Mon 2 Mar dinner) before it is cooked"))
        // Moving the meal after its leftovers warns too.
        try cli.succeed(["remove", "5"])
        let moved = try cli.run(["move", "1", "thu"], environment: environment)
        #expect(moved.stderr.split(separator: "\n").count == 2, "\(moved.stderr)")
        #expect(moved.stderr.contains("meal 2 on Tue 3 Mar lunch eats the leftovers of 'Lasagna al forno' (meal 1, Thu 5 Mar dinner) before it is cooked"))
        // Skipped: nothing was cooked.
        let skipped = try cli.run(["skipped", "1"], environment: environment)
        #expect(skipped.stdout == "marked skipped meal 1 on Thu 2026-03-05, dinner: Lasagna al forno\n")
        #expect(skipped.stderr.contains("'Lasagna al forno' (meal 1, Thu 5 Mar dinner) was skipped: nothing was cooked for its leftovers"))
        // Removing the source leaves its leftovers as plain meals, still in the plan.
        try cli.succeed(["remove", "1"])
        let listed = try cli.succeed(["list", "--from", "mon", "--days", "7"], environment: environment)
        #expect(!listed.contains("leftovers of"))
        #expect(listed.contains("Lasagna al forno"))
    }

    @Test func leftoversListsWhatIsNotPlannedOldestFirst() throws {
        let (cli, environment) = try Self.sandbox()
        try cli.succeed(["add", "mon", "breakfast", "Toast"], environment: environment)
        #expect(try cli.succeed(["leftovers"], environment: environment) == "")
        try cli.succeed(["add", "2026-02-27", "dinner", "--recipe", "soup", "--servings", "5"], environment: environment)
        try cli.succeed(["add", "mon", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: environment)
        try cli.succeed(["add", "2026-01-02", "dinner", "--recipe", "soup", "--servings", "9"], environment: environment)  // long gone
        #expect(try cli.succeed(["leftovers"], environment: environment) == """
            2  Soup, cooked Fri 27 Feb dinner: 3 portions
            3  Lasagna al forno, cooked Mon 2 Mar dinner: 4 portions

            """)
        try cli.succeed(["add", "tue", "lunch", "--leftovers-of", "3", "--servings", "4"], environment: environment)
        try cli.succeed(["add", "sat", "lunch", "--leftovers-of", "2"], environment: environment)  // the household's 2 of 3
        #expect(try cli.succeed(["leftovers"], environment: environment) == "2  Soup, cooked Fri 27 Feb dinner: 1 portion\n")
        #expect(try cli.succeed(["leftovers", "--from", "2026-01-01", "--to", "2026-01-31"], environment: environment)
            == "4  Soup, cooked Fri 2 Jan dinner: 7 portions\n")
    }

    @Test func doneAndSkippedSayWhatWasEatenAndHistoryCountsIt() throws {
        let cli = CLISandbox()
        for date in ["2026-02-02", "2026-02-09", "2026-02-16"] { try cli.succeed(["add", date, "dinner", "Curry"]) }
        try cli.succeed(["repeat", "add", "2026-02-23", "breakfast", "Porridge", "--every", "day"])
        // No meal is marked done: every past meal counts, but not a skipped one.
        try cli.succeed(["skipped", "3"])
        #expect(try cli.succeed(["history", "curry", "--dates", "0"]) == "Curry  2 times, last Mon 2026-02-09 (21 days ago)\n")
        // Once meals are marked done, only those count.
        #expect(try cli.succeed(["done", "1", "r1@2026-02-24"]) == """
            marked done meal 1 on Mon 2026-02-02, dinner: Curry
            marked done meal 4 on Tue 2026-02-24, breakfast: Porridge

            """)
        #expect(try cli.succeed(["history", "curry", "--dates", "0"]) == "Curry  once, last Mon 2026-02-02 (28 days ago)\n")
        let listed = try cli.succeed(["list", "--from", "2026-02-16", "--to", "2026-02-24"])
        #expect(listed.contains("  3  dinner     ✗ Curry\n"), "\(listed)")
        #expect(listed.contains("  4  breakfast  ✓ Porridge\n"), "\(listed)")
        try cli.succeed(["planned", "1", "3"])
        #expect(!(try cli.succeed(["list", "--from", "2026-02-02", "--days", "1"]).contains("✓")))
        // All or nothing, with the reason.
        try cli.expectFailure(["done", "2", "r1@2026-02-01"], status: 64,
                              message: "repeat 1 ('Porridge', every day) does not happen on Sun 2026-02-01")
        try cli.expectFailure(["done", "x"], status: 64, message: "'x' is not a meal id; give ids (12), ranges (45-64) or lists (12,20-22)")
    }

    /// Copied days and templates keep the links inside what they copy: the copied leftovers eat
    /// from the copied cook; leftovers copied without their cook eat from the same one; copies
    /// are planned, whatever became of the originals.
    @Test func copiesKeepTheLinksInsideWhatTheyCopy() throws {
        let (cli, environment) = try Self.sandbox()
        try cli.succeed(["add", "mon", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: environment)
        try cli.succeed(["add", "tue", "lunch", "--leftovers-of", "1"], environment: environment)
        try cli.succeed(["done", "1"])
        func linked(_ from: String, _ days: Int) throws -> [String] {
            try cli.succeed(["list", "--from", from, "--days", "\(days)"], environment: environment)
                .split(separator: "\n").filter { $0.contains("leftovers of") || $0.contains("✓") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        try cli.succeed(["copy-days", "mon", "--days", "2", "--to", "2026-03-09"])
        #expect(try linked("2026-03-09", 2) == ["leftovers of meal 3"])
        try cli.succeed(["copy-days", "tue", "--to", "2026-03-17"])
        #expect(try linked("2026-03-17", 1) == ["leftovers of meal 1"])
        try cli.succeed(["template", "save", "cook-once", "--from", "mon", "--days", "2"])
        try cli.succeed(["template", "apply", "cook-once", "--to", "2026-03-23", "--times", "2"])
        // Meals 6 to 9: each copy's lunch eats from that copy's dinner.
        #expect(try linked("2026-03-23", 9) == ["leftovers of meal 6", "leftovers of meal 8"])
        #expect(try cli.succeed(["shop", "--from", "2026-03-23", "--days", "7", "--why"], environment: environment)
            .contains("Lasagna al forno 6 servings: Mon 23 Mar dinner 2, Tue 24 Mar lunch 2, 2 not planned"))
    }

    /// What these commands refuse: one line saying why, status 64, the plan untouched.
    @Test func badInputIsRefusedAndChangesNothing() throws {
        let (cli, environment) = try Self.sandbox()
        try cli.succeed(["add", "mon", "dinner", "Toast"], environment: environment)
        for (arguments, message) in [
            (["add", "tue", "lunch", "--leftovers-of", "99"], "there is no meal 99 to plan leftovers of"),
            (["add", "tue", "lunch", "--leftovers-of", "1", "--recipe", "lasagna"],
             "--leftovers-of takes the cooked meal's recipe; give it without --recipe (see 'mealplan help')"),
            (["add", "tue", "lunch", "--leftovers-of", "1", "--servings", "2"],
             "meal 1 ('Toast') names no recipe, so its leftovers count no portions; leave out --servings"),
            (["add", "tue", "lunch", "--recipe", "lasagna", "--eat", "0"], "--eat: eaters must be a number above 0, not 0"),
            (["edit", "1", "--eat", "x"], "--eat: eaters must be a number like 4 or 2.5, not 'x'"),
            (["done", "r3"], "'r3' is no occurrence; name one by its rule and day, as in r3@2026-12-01"),
            (["skipped", "r@mon"], "'r@mon' is no occurrence; name one by its rule and day, as in r3@2026-12-01"),
            (["planned", "1", "7"], "there is no meal 7 to mark planned"),
            (["done", "7"], "there is no meal 7 to mark done"),
            (["skipped", "7"], "there is no meal 7 to mark skipped"),
            (["leftovers", "--from", "mon", "--to", "2026-02-01"], "--to 2026-02-01 is before --from 2026-03-02"),
        ] {
            try cli.expectFailure(arguments, status: 64, message: message, environment: environment)
        }
    }
}
