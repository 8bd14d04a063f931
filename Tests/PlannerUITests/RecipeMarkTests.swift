import MealPlanCore
import PlannerUI
import TerminalKit
import Testing

/// A meal that links to a recipe shows the recipe sign and its servings after its title, from
/// the meal's own fields (no recipe file is read to draw a day).
@Suite struct RecipeMarkTests {
    static let lasagna = Meal(day: saturday, slot: "dinner", title: "Lasagna", recipe: "mains/Lasagna", servings: 6)

    /// The meal line: indent 2, the slot column as wide as "breakfast" (9) and a space, the
    /// title, a space, the mark, a space and the servings.
    func mealLine(_ slot: String, _ title: String, _ suffix: String, width: Int) -> String {
        line("  " + slot.padded(toWidth: 9) + " " + title + suffix, width)
    }

    @Test func theMarkAndServingsFollowTheTitle() {
        for size in [Size(width: 40, height: 12), Size(width: 53, height: 17), Size(width: 200, height: 50)] {
            let harness = Harness(today: saturday, size: size, meals: [Self.lasagna])
            #expect(harness.lines.first { $0.contains("Lasagna") } == mealLine("dinner", "Lasagna", " ℞ · 6 servings", width: size.width),
                    "at \(size)")
        }
    }

    @Test func oneServingIsSingularAndARecipeAsWrittenHasTheMarkAlone() {
        let meals = [Meal(day: saturday, slot: "breakfast", title: "Toast", recipe: "Toast", servings: 1),
                     Meal(day: saturday, slot: "dinner", title: "Stew", recipe: "Stew")]
        let harness = Harness(today: saturday, meals: meals)
        #expect(harness.lines[3] == mealLine("breakfast", "Toast", " ℞ · 1 serving", width: 40))
        #expect(harness.lines[4] == mealLine("dinner", "Stew", " ℞", width: 40))
    }

    /// On a line that is not selected (breakfast is, as the day's first meal).
    @Test func theServingsAreDimAndTheMarkColoured() {
        let harness = Harness(today: saturday, meals: [Meal(day: saturday, slot: "breakfast", title: "Porridge"), Self.lasagna])
        let markColumn = 12 + "Lasagna".count + 1
        let buffer = harness.render(colors: true).buffer
        #expect(buffer[markColumn + 2, 4].style == Style(dim: true))
        #expect(buffer[markColumn, 4].style == Style(foreground: .yellow))
    }

    /// A title whose last line leaves no room gets the mark and servings on a line of their
    /// own, under the title; the note marker stays on the first line.
    @Test func aFullTitleLinePutsTheMarkOnTheNextLine() {
        // At 40 columns the title column starts at 12 and is 26 wide (the note marker's
        // column and a space are kept).
        let title = String(repeating: "x", count: 26)
        let meal = Meal(day: saturday, slot: "dinner", title: title, note: "n", recipe: "Stew", servings: 2.5)
        let harness = Harness(today: saturday, meals: [meal])
        #expect(harness.lines[3] == String(mealLine("dinner", title, "", width: 40).prefix(39)) + "✎")
        #expect(harness.lines[4] == line(String(repeating: " ", count: 12) + "℞ · 2.5 servings"))
        #expect(harness.state.timeline.layout(of: saturday).height == 3)
    }

    /// On a wide screen the note's preview starts after the servings.
    @Test func aNotePreviewFollowsTheServings() {
        var meal = Self.lasagna
        meal.note = "bake the day before"
        let harness = Harness(today: saturday, size: Size(width: 120, height: 12), meals: [meal])
        let start = "  dinner    Lasagna ℞ · 6 servings  bake the day before"
        #expect(harness.lines[3] == start + String(repeating: " ", count: 119 - start.terminalWidth) + "✎")
    }
}
