import Cooklang
import MealPlanCore
@testable import PrintedWeek
@testable import ShoppingList
import TestSupport
import Testing

@Suite struct PrintedPlanTests {
    /// A week from Monday 2 March 2026, in a plan of the default slots.
    static let slots = MealSlot.defaults.map(\.name)

    static func plan(_ meals: [Meal], days: DayRange = DayRange(start: day("2026-03-02"), count: 7),
                     weekStart: Weekday = .monday, list: PrintedList? = nil) -> PrintedPlan {
        PrintedPlan(days: days, weekStart: weekStart, slots: slots, meals: meals, list: list, printedOn: day("2026-03-01"))
    }

    @Test func markupInTextIsWrittenAsText() {
        #expect(HTMLText.escaped(#"<script>alert("x") & 'y'</script>"#)
                == "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;")
        // Controls a document may not hold are shown as the terminal shows them.
        let nonCharacters = String(String.UnicodeScalarView([Unicode.Scalar(0xFFFE)!, Unicode.Scalar(0xFDD0)!]))
        #expect(HTMLText.escaped("a\u{1B}[31m\u{7F}\u{85}\r" + nonCharacters + "\tb\nc")
                == "a\u{241B}[31m\u{2421}\u{FFFD}\u{240D}\u{FFFD}\u{FFFD}\tb\nc")
        #expect(HTMLText.escaped("Crème brûlée 비빔밥") == "Crème brûlée 비빔밥")
    }

    @Test func eachSheetIsAWeekOfTheHousehold() {
        // Wednesday 4 to Tuesday 10 March, in weeks from Monday: Wed–Sun, then Mon–Tue.
        let days = DayRange(start: day("2026-03-04"), count: 7)
        #expect(Self.plan([], days: days).weeks == [DayRange(day("2026-03-04"), day("2026-03-08")),
                                                     DayRange(day("2026-03-09"), day("2026-03-10"))])
        // Weeks from Sunday: Wed–Sat, then Sun–Tue.
        #expect(Self.plan([], days: days, weekStart: .sunday).weeks == [DayRange(day("2026-03-04"), day("2026-03-07")),
                                                                         DayRange(day("2026-03-08"), day("2026-03-10"))])
        // A whole week is one sheet; a fortnight two; the calendar's last days one.
        #expect(Self.plan([]).weeks.count == 1)
        #expect(Self.plan([], days: DayRange(start: day("2026-03-02"), count: 14)).weeks.count == 2)
        #expect(Self.plan([], days: DayRange(Day.last.adding(days: -2), .last)).weeks == [DayRange(Day.last.adding(days: -2), .last)])
    }

    @Test func aNotePrintsItsFirstLine() {
        #expect(WeekCells.firstLine(of: "Defrost the night before") == "Defrost the night before")
        #expect(WeekCells.firstLine(of: "\n  \nDefrost  \nthen bake") == "Defrost …")
        #expect(WeekCells.firstLine(of: " \n ") == nil)
        let long = String(repeating: "word ", count: 40)
        let first = WeekCells.firstLine(of: long)!
        #expect(first.hasSuffix(" …") && first.count <= WeekCells.noteLength + 2 && long.hasPrefix(first.dropLast(2)))
    }

    @Test func aMealPrintsItsServingsLeftoversAndRepeat() {
        let cook = Meal(id: 7, day: day("2026-03-02"), slot: "dinner", title: "Chili", recipe: "Chili", servings: 6)
        let leftovers = Meal(id: 8, day: day("2026-03-03"), slot: "lunch", title: "Chili again", recipe: "Chili", servings: 2,
                             leftoversOf: 7)
        let orphan = Meal(id: 9, day: day("2026-03-03"), slot: "dinner", title: "Soup", leftoversOf: 1)
        let repeating = Meal(day: day("2026-03-04"), slot: "breakfast", title: "Porridge", occurrence: Occurrence(rule: 2, day: day("2026-03-04")),
                             status: .done)
        let sources: [Int64: Meal] = [7: cook]
        #expect(WeekCells.printed(cook, sources: sources).marks == "6 servings")
        #expect(WeekCells.printed(leftovers, sources: sources).marks == "2 servings · leftovers from Mon 2 dinner")
        #expect(WeekCells.printed(orphan, sources: sources).marks == "leftovers")
        #expect(WeekCells.printed(repeating, sources: sources) == .init(title: "✓ Porridge", marks: "↻", note: nil, status: .done))
        let skipped = Meal(day: day("2026-03-04"), slot: "lunch", title: "Salad", servings: 1, status: .skipped)
        #expect(WeekCells.printed(skipped, sources: [:]).marks == "skipped · 1 serving")
    }

    @Test func theGridHasEverySlotAndDayWithTheirMeals() {
        let meals = [
            Meal(id: 1, day: day("2026-03-02"), slot: "dinner", title: "Lasagna"),
            Meal(id: 2, day: day("2026-03-02"), slot: "dinner", position: 1, title: "Salad"),
            Meal(id: 3, day: day("2026-03-08"), slot: "elevenses", title: "Cake"),
        ]
        let cells = WeekCells(week: DayRange(start: day("2026-03-02"), count: 7), slots: Self.slots, meals: meals, sources: [:])
        #expect(cells.slots == Self.slots + ["elevenses"])
        #expect(cells.meals[2][0].map(\.title) == ["Lasagna", "Salad"])
        #expect(cells.meals[4][6].map(\.title) == ["Cake"])
        #expect(cells.meals.flatMap { $0 }.flatMap { $0 }.count == 3)
    }

    @Test func aFullerWeekIsPrintedSmallerAndAnOverfullOneFlows() {
        let week = DayRange(start: day("2026-03-02"), count: 7)
        func layout(mealsPerSlot: Int, titleWords: Int) -> WeekLayout {
            let title = Array(repeating: "Slow-roasted", count: titleWords).joined(separator: " ")
            let meals = week.flatMap { day in
                Self.slots.flatMap { slot in (0..<mealsPerSlot).map { Meal(day: day, slot: slot, position: $0, title: title) } }
            }
            return WeekLayout(WeekCells(week: week, slots: Self.slots, meals: meals, sources: [:]), box: PageBox(nil))
        }
        let light = layout(mealsPerSlot: 1, titleWords: 2), full = layout(mealsPerSlot: 3, titleWords: 4)
        let overfull = layout(mealsPerSlot: 12, titleWords: 12)
        #expect(light.fits && light.fontSize == WeekLayout.sizes[0])
        #expect(full.fits && full.fontSize < light.fontSize)
        #expect(!overfull.fits && overfull.fontSize == WeekLayout.flowingSize)
    }

    @Test func wrappingCountsLinesAsABrowserBreaksThem() {
        // Ten em-wide lines: "mmmmmmmmmm" (9.74 em) fits one, a word twice as long breaks in two.
        #expect(TextMeasure.lines("mmmmmmmm", width: 10) == 1)
        #expect(TextMeasure.lines(String(repeating: "m", count: 18), width: 10) == 2)
        #expect(TextMeasure.lines("mm mm mm mm mm mm", width: 10) == 2)
        #expect(TextMeasure.lines("", width: 10) == 1)
        // Wide characters take an em each.
        #expect(TextMeasure.lines(String(repeating: "비", count: 18), width: 10) == 2)
    }

    @Test func thePageIsOneDocumentOfSheets() {
        let milk = ShoppingList.Item(name: "milk <2%>", aisle: "dairy & eggs", amounts: [Amount(quantity: 1.25, unit: "l")], meals: [])
        let list = PrintedList(ShoppingList(items: [milk], notes: ["'x' does not say its servings; used as written"]), cooked: 1)
        let html = Self.plan([Meal(id: 1, day: day("2026-03-03"), slot: "lunch", title: "<b>Soup</b>", note: "a & b")],
                             days: DayRange(start: day("2026-03-04"), count: 7), list: list).html
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.components(separatedBy: "<section class=\"sheet").count - 1 == 3)
        #expect(html.contains("<h1>Meals, 4 – 8 March 2026</h1>") && html.contains("<h1>Meals, 9 – 10 March 2026</h1>"))
        #expect(html.contains("<h1>Shopping list, 4 – 10 March 2026</h1>"))
        #expect(html.contains("<span class=\"name\">milk &lt;2%&gt;</span><span class=\"amount\">1.25 l</span>"))
        #expect(html.contains("<h2>dairy &amp; eggs</h2>"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("script") && !html.contains("url(") && !html.contains("src="))
    }

    @Test func datesAreWrittenAsPeopleWriteThem() {
        #expect(SheetText.range(DayRange(day("2026-03-30"), day("2026-04-05"))) == "30 March – 5 April 2026")
        #expect(SheetText.range(DayRange(day("2026-12-28"), day("2027-01-03"))) == "28 December 2026 – 3 January 2027")
        #expect(SheetText.range(DayRange(day("2026-03-04"), day("2026-03-04"))) == "Wednesday 4 March 2026")
        #expect(PrintStyle.rounded(10) == "10" && PrintStyle.rounded(2.2) == "2.2" && PrintStyle.rounded(0.05) == "0.05")
    }
}
