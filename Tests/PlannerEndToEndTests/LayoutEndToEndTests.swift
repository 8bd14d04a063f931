import Foundation
import TestSupport
import Testing

/// Where the planner puts things on screen in a real terminal (tmux): resizes keep the selected
/// meal, jumps show their day whole; today is pinned to Wednesday 2026-03-04.
@Suite(.requires(.tmux))
struct LayoutEndToEndTests {
    /// Breakfast, lunch and dinner on 1 … 21 March 2026: "Meal 08 lunch", each with its own
    /// note ("n08l"), which the status line shows while the meal is selected.
    static func addThreeMealsADay(_ planner: TmuxPlanner) throws {
        var rows = "date,slot,title,note\n"
        for day in 1...21 {
            for slot in ["breakfast", "lunch", "dinner"] {
                let number = day < 10 ? "0\(day)" : "\(day)"
                rows += "2026-03-\(number),\(slot),Meal \(number) \(slot),n\(number)\(slot.prefix(1))\n"
            }
        }
        let csv = planner.folder + "/meals.csv"
        try Data(rows.utf8).write(to: URL(fileURLWithPath: csv))
        try planner.mealplan("import", csv)
    }

    @Test func resizingKeepsTheSelectedMealSelectedAndOnScreen() throws {
        let planner = try TmuxPlanner(before: Self.addThreeMealsADay)
        try planner.waitFor("Meal 04 breakfast")
        // Today's breakfast, then 12 meals on: three a day, so Sunday 8 March's breakfast,
        // drawn on the timeline's last line at 80×24.
        try planner.press("t")
        for _ in 0..<12 { try planner.press("j") }
        func showsTheMeal(_ lines: [String], height: Int) -> Bool {
            lines.count == height && lines[height - 1].contains("n08b")
                && lines.dropLast().contains { $0.contains("Meal 08 breakfast") }
        }
        try planner.waitForScreen("Sun 8 Mar's breakfast selected") { showsTheMeal($0, height: 24) }

        for (width, height) in [(80, 12), (80, 24), (53, 17), (200, 50), (80, 4), (80, 24)] {
            try planner.resize(width: width, height: height)
            try planner.waitForScreen("the meal at \(width)×\(height)") { showsTheMeal($0, height: height) }
        }
        // Too small to draw, then back: still the same meal.
        for (width, height) in [(1, 1), (12, 3), (80, 24)] {
            try planner.resize(width: width, height: height)
            try planner.waitForScreen("\(width)×\(height)") { $0.count == height }
        }
        try planner.waitForScreen("the meal after 1×1") { showsTheMeal($0, height: 24) }
        // The next key acts on that meal: `d` deletes it.
        try planner.press("d")
        try planner.waitFor("Deleted 'Meal 08 breakfast'")
        let listed = try planner.mealplan("list", "--from", "2026-03-08", "--days", "1")
        #expect(!listed.contains("Meal 08 breakfast") && listed.contains("Meal 08 lunch"))
    }

    @Test func goToSaturdayShowsTheWholeDayBelowTheEndOfFriday() throws {
        let planner = try TmuxPlanner(width: 53, height: 17, before: Self.addThreeMealsADay)
        // Days of 4 lines under (17 - 1) / 4 = 4 lines of context: Wednesday on lines 4-7,
        // Thursday 8-11, Friday 12-15; Saturday would start below the timeline's 16 lines.
        // tmux may show a screen drawn in part (it reads the planner's output in pieces), so each
        // wait is for the whole of what the screen must show; a wrong screen times out, shown.
        try planner.waitForScreen("Wednesday on line 4, Friday on line 12, no Saturday") {
            $0.count == 17 && $0[4].hasPrefix("Wed 4 Mar") && $0[12].hasPrefix("Fri 6 Mar")
                && !$0.contains { $0.hasPrefix("Sat 7 Mar") } && $0[16].hasPrefix("Wed 4 Mar 2026")
        }
        try planner.press("g")
        try planner.waitFor("Go to:")
        try planner.type("sat")
        try planner.press("Enter")
        // Saturday whole, under the 4 lines of Friday.
        try planner.waitForScreen("Saturday whole under the end of Friday") { screen in
            screen.count == 17 && screen[0].hasPrefix("Fri 6 Mar") && screen[4].hasPrefix("Sat 7 Mar")
                && screen[5].hasPrefix("  breakfast Meal 07 breakfast") && screen[6].hasPrefix("  lunch     Meal 07 lunch")
                && screen[7].hasPrefix("  dinner    Meal 07 dinner") && screen[16].hasPrefix("Sat 7 Mar 2026")
        }
    }
}
