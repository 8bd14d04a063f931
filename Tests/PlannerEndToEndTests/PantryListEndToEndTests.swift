import Foundation
import MealPlanCore
import TestSupport
import Testing

/// Ctrl-P in the add prompt's title in a real terminal: what the pantry can make, listed above
/// the prompt as the guide shows it ("Dal — missing coriander"), narrowed by a paste, redrawn
/// whole at each size while open, and the recipe chosen linked to the meal added.
@Suite(.requires(.tmux))
struct PantryListEndToEndTests {
    static let dal = "Dal — missing coriander; uses red lentils, expires \(day(PantryKitchen.lentilsExpire).label)"
    static let omelette = "Omelette — all in the pantry; uses eggs, expires \(day(PantryKitchen.eggsExpire).label)"
    static let toast = "Toast — missing bread 2"

    /// The list's heading, `width` columns of rule.
    static func heading(_ position: Int, of count: Int, width: Int) -> String {
        let text = "── What the pantry can make, expiring first \(position)/\(count) "
        return text + String(repeating: "─", count: width - text.count)
    }

    /// `text` cut to `width` columns as a line too long ends: "…" after the last word that fits.
    static func cut(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        var kept = String(text.prefix(width - 1))
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    @Test func ctrlPListsWhatThePantryCanMakeAndLinksTheChoice() throws {
        let kitchen = try PantryKitchen()
        let planner = try TmuxPlanner(width: 80, height: 24, environment: ["MEALPLAN_RECIPES": kitchen.path])
        try planner.waitFor("? help")
        try planner.press("a")
        try planner.waitFor("Slot:")
        try planner.press("Enter")
        try planner.waitFor("Title:")
        try planner.press("C-p")
        // 24 lines: the prompt's two at the bottom, the three recipes and the heading above them.
        try planner.waitForScreen("the list above the prompt") { screen in
            screen.count == 24 && screen[18] == Self.heading(1, of: 3, width: 80)
                && Array(screen[19...21]) == [Self.dal, Self.omelette, Self.toast] && screen[23] == "Can make:"
        }
        // A paste is text for the field, which narrows the list.
        try planner.paste("omel")
        try planner.waitForScreen("the list narrowed by the paste") { screen in
            screen[20] == Self.heading(1, of: 1, width: 80) && screen[21] == Self.omelette && screen[23] == "Can make: omel"
        }
        // Resized while open: the list is drawn again at each size, right above the prompt.
        for (width, height) in [(53, 17), (200, 50), (80, 24)] {
            try planner.resize(width: width, height: height)
            try planner.waitForScreen("the list at \(width)×\(height)") { screen in
                screen.count == height && screen[height - 4] == Self.heading(1, of: 1, width: width)
                    && screen[height - 3] == Self.cut(Self.omelette, width) && screen[height - 1] == "Can make: omel"
            }
        }
        try planner.press("Enter")
        try planner.waitForScreen("the title field with the recipe linked") { screen in
            screen[23] == "Title: Omelette" && screen[22].contains("℞ Omelette")
        }
        // The title, the servings (none: as written), the note.
        try planner.press("Enter")
        try planner.waitFor("Servings:")
        try planner.press("Enter")
        try planner.waitFor("Note:")
        try planner.press("Enter")
        try planner.waitFor("Added 'Omelette'")
        let listed = try planner.mealplan("list", "--from", planner.today, "--days", "1", "--format", "json")
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        #expect(meals.map { [$0["title"] as? String, $0["recipe"] as? String] } == [["Omelette", "Omelette"]])
    }
}
