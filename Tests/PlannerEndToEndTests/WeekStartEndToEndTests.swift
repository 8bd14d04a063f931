import Foundation
import TestSupport
import Testing

/// The household's week start in a real terminal: with `week-start = "sat"` in the config file,
/// `S` says that Enter alone lists the week from the next Saturday and does, and `?` names the
/// week start.
@Suite(.requires(.tmux))
struct WeekStartEndToEndTests {
    /// Today is Wednesday 2026-03-04; the stew is planned for the next Saturday, 7 March. The
    /// recipes folder lives as long as the test holds it.
    static func planner(width: Int, height: Int, recipes: TemporaryFolder) throws -> TmuxPlanner {
        try TmuxPlanner(width: width, height: height, environment: ["MEALPLAN_RECIPES": recipes.path]) { planner in
            let config = planner.folder + "/.config/mealplan"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try Data("week-start = \"sat\"\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
            try planner.mealplan("add", "2026-03-07", "dinner", "--recipe", "stew", "--servings", "6", "--recipes", recipes.path)
        }
    }

    @Test(arguments: [(80, 24), (53, 17), (200, 50)])
    func capitalSThenEnterListsTheWeekFromTheNextSaturday(width: Int, height: Int) throws {
        let recipes = try RecipesEndToEndTests.recipesFolder()
        let planner = try Self.planner(width: width, height: height, recipes: recipes)
        try planner.waitFor("Wed 4 Mar")
        try planner.press("S")
        try planner.waitForScreen("the days asked for, Enter alone named") { page in
            page[height - 1] == "Shop for:" && page[height - 2].hasPrefix("Empty for the week from Sat 7 Mar, or:")
        }
        try planner.press("Enter")
        try planner.waitForScreen("the list of Saturday 7 to Friday 13 March at \(width)×\(height)") { page in
            page.count == height && page[0] == "Shopping list · Sat 7 Mar – Fri 13 Mar 2026"
                && Array(page[1...4]) == [" 1 meal with recipes", "", " meat", "   beef   1.5 kg"]
        }
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Shopping list")
        // The date forms are at the end of the key overlay: pages down until it stops.
        try planner.press("?")
        try planner.waitFor("Keys")
        // More pages than the overlay has at the smallest size; it stops at its end.
        for _ in 0..<40 { try planner.press("Space") }
        try planner.waitForScreen("the week start in the date forms at \(width)×\(height)") { page in
            page.contains { $0.contains("this-week next-week last-week: its Saturday") }
                && page.contains { $0.contains("Esc closes") }
        }
    }
}
