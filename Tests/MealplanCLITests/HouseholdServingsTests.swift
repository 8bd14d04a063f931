import Foundation
import Testing
import TestSupport

/// The config file's `servings = N`: the household's size, the servings of a new meal with a
/// recipe over the recipe's own; `--servings` still wins; `mealplan config` shows it.
@Suite struct HouseholdServingsTests {
    @Test func theHouseholdSizeIsTheDefaultServingsOfANewMealWithARecipe() throws {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        let config = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("servings = 3\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        let environment = ["MEALPLAN_RECIPES": folder, "XDG_CONFIG_HOME": cli.folder + "/config"]
        try cli.succeed(["add", "fri", "dinner", "--recipe", "lasagna"], environment: environment)
        try cli.succeed(["add", "sat", "dinner", "--recipe", "lasagna", "--servings", "8"], environment: environment)
        try cli.succeed(["add", "sun", "dinner", "Toast"], environment: environment)
        try cli.succeed(["edit", "3", "--recipe", "soup"], environment: environment)
        try cli.succeed(["repeat", "add", "2026-03-09", "lunch", "--every", "week", "--recipe", "soup"], environment: environment)
        let exported = try cli.succeed(["export", "--from", "2026-03-06", "--to", "2026-03-09"], environment: environment)
        #expect(exported.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(3).suffix(2).joined(separator: ",") }
            == ["recipe,servings", "Lasagna,3", "Lasagna,8", "Soup,3", "Soup,3"])
        #expect(try cli.succeed(["config"], environment: environment)
            .hasPrefix("config file '\(config)/config.toml'\n  servings = 3\nweek-start: "))
        for (text, why) in [("servings = \"4\"", " must be a number, like 4"), ("servings = 0", ": servings must be a number above 0, not 0"),
                            ("servings = 20000", ": servings must be at most 10000, not 20000")] {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
            try cli.expectFailure(["config"], status: 78, message: "config file '\(config)/config.toml': line 1: key 'servings'\(why)",
                                  environment: environment)
        }
    }

    /// `mealplan help config` names every key the config file takes.
    @Test func helpConfigDocumentsEveryKey() throws {
        let help = try CLISandbox().succeed(["help", "config"])
        for key in ["recipes = ", "aisles = ", "pantry = ", "servings = ", "[slot-times]"] {
            #expect(help.contains(key), "\(key)")
        }
    }
}
