import Foundation
import MealPlanCore
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingList
import TerminalKit
import Testing
import TestSupport

/// The shopping list page's selected item and `x`: ticks written to the recipes folder's
/// `.shopping-checked`, the page drawn again from it.
@Suite struct ShoppingPageTests {
    static let footer = "j ↓ next item · k ↑ previous item · x ticks ✓ or unticks · Esc closes"
    let samples = SampleRecipes()

    /// The soup for 4 of its 2 servings on Saturday, the list of the days on screen open.
    func listed(height: Int = 12) -> Harness {
        var harness = Harness(today: saturday, size: Size(width: 60, height: height),
                              meals: [Meal(day: saturday, slot: "lunch", title: "Soup", recipe: "Soup", servings: 4)])
        harness.recipes = samples.recipes
        harness.press(.character("s"))
        return harness
    }

    var log: String { samples.folder.file(".shopping-checked") }

    /// The screen row of the selected item: without colours, the one in reverse video.
    static func selectedRow(_ harness: Harness) -> Int? {
        let buffer = harness.render(colors: false).buffer
        return (1..<buffer.height - 1).first { y in buffer[0, y].style.reverse }
    }

    @Test func xTicksTheSelectedItemOffAndBackThroughTheLog() throws {
        var harness = listed()
        // Lines: the meal count, "", "produce", leeks, "", "dairy", butter; leeks is selected.
        // Names are padded to the longest, "butter", as `shop` prints them.
        let leeks = "  " + "leeks".padded(toWidth: "butter".count) + "  \(2 * 4 / 2)", butter = "  butter  \(50 * 4 / 2) g"
        #expect(harness.lines[4] == " " + leeks.padded(toWidth: 59))
        #expect(Self.selectedRow(harness) == 4)
        harness.press(.character("j"))
        #expect(Self.selectedRow(harness) == 7)
        harness.press(.character("x"))
        #expect(harness.effects.last == .tickShoppingItem(name: "butter", checked: true, days: DayRange(day("2026-02-27"), day("2026-03-03"))))
        // The list comes back with butter ticked, still selected; the log has the tick and
        // the amount it was ticked at.
        #expect(harness.lines[7] == " " + ("✓ " + butter.dropFirst(2)).padded(toWidth: 59))
        #expect(Self.selectedRow(harness) == 7)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "+ butter\n# mealplan bought: \(50 * 4 / 2) g\n")
        #expect(harness.lines.last == Self.footer.padded(toWidth: 60))
        // Again: put back.
        harness.press(.character("x"))
        #expect(harness.lines[7] == " " + butter.padded(toWidth: 59))
        #expect(try String(contentsOfFile: log, encoding: .utf8).hasSuffix("- butter\n"))
        // k goes back to leeks; past the first item the page shows its top.
        harness.press(.character("k"))
        #expect(Self.selectedRow(harness) == 4)
        harness.press(.escape)
        #expect(harness.state.mode == .browsing)
    }

    @Test func theSelectionScrollsIntoViewOnAShortScreen() {
        // 3 rows of text: the meal count, "", "produce" first; leeks needs a scroll of 1.
        var harness = listed(height: 5)
        harness.press(.character("j"))
        guard case .page(_, let scroll) = harness.state.mode else { Issue.record("no page"); return }
        // Butter, line 7 of the text (from 0), is the last of the 3 rows shown.
        #expect(scroll == 6 - 3 + 1)
        #expect(Self.selectedRow(harness) == 3)
    }

    @Test func aBrokenLogIsOneLineAndTheLogIsLeftAlone() throws {
        var harness = listed()
        try Data("+ leeks\nleeks\n".utf8).write(to: URL(fileURLWithPath: log))
        harness.press(.character("x"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("Cannot make the shopping list: \(log): line 2: not a '+ name' or '- name' entry", isError: true))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "+ leeks\nleeks\n")
    }
}
