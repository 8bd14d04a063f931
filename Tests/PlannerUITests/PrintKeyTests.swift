import Foundation
import MealPlanCore
import PlannerRuntime
import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// `W`: the days shown, and their shopping list, written as the page `mealplan print --list`
/// makes, to a file whose place the status line says.
@Suite struct PrintKeyTests {
    let samples = SampleRecipes()
    let folder = TemporaryFolder()

    func planner() -> Harness {
        var harness = Harness(today: saturday, size: Size(width: 60, height: 12), meals: [
            Meal(day: saturday, slot: "lunch", title: "Soup <b>&</b>", recipe: "Soup", servings: 4),
            Meal(day: saturday.adding(days: 1), slot: "dinner", title: "Pie", note: "bake at 200\nthen rest"),
        ])
        harness.printFolder = folder.path
        return harness
    }

    /// The days the last `.printDays` asked for.
    static func printed(_ harness: Harness) -> DayRange? {
        guard case .printDays(let request) = harness.effects.last else { return nil }
        return request.days
    }

    @Test func wWritesTheDaysShownAndTheirListAndSaysWhere() throws {
        var harness = planner()
        harness.recipes = samples.recipes
        harness.press(.character("W"))
        let days = try #require(Self.printed(harness))
        // The days on screen: Saturday and those drawn around it.
        #expect(days.contains(saturday) && days.contains(saturday.adding(days: 1)))
        #expect(harness.effects.last == .printDays(PrintRequest(days: days, weekStart: .monday, today: saturday)))
        let path = folder.file("mealplan-\(days.first.iso)-to-\(days.last.iso).html")
        #expect(harness.state.message == StatusMessage(
            "Wrote \(days.first.shortLabel) – \(days.last.shortLabel) and their shopping list to \(path)"))
        let page = try String(contentsOfFile: path, encoding: .utf8)
        #expect(page.contains("Soup &lt;b&gt;&amp;&lt;/b&gt;") && page.contains("bake at 200 …"))
        #expect(page.contains("<h1>Shopping list, ") && page.contains("class=\"name\">leeks<"))
        // Nothing else is left in the folder: the page was made under a hidden name and renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [path.split(separator: "/").last.map(String.init)!])
    }

    @Test func withoutRecipesThePageHasTheMealsAloneAndAFolderThatCannotBeWrittenIsSaid() throws {
        var harness = planner()
        harness.press(.character("W"))
        let days = try #require(Self.printed(harness))
        let path = folder.file("mealplan-\(days.first.iso)-to-\(days.last.iso).html")
        #expect(harness.state.message == StatusMessage(
            "Wrote \(days.first.shortLabel) – \(days.last.shortLabel) (no shopping list: no recipes folder) to \(path)"))
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("Shopping list"))
        harness.printFolder = folder.file("missing")
        harness.press(.character("W"))
        #expect(harness.state.message?.isError == true)
        #expect(harness.state.message?.text.hasPrefix("Not written: cannot write \(folder.file("missing"))/mealplan-") == true)
    }
}
