import MealPlanCore
@testable import PlannerUI
import Testing
import TestSupport
import Timeline

/// Drawing a screenful of a day builds only that part of its block: the same lines as the
/// whole block has there, from no more meals than the part shows, however many the day holds.
@Suite struct DayBlockPartTests {
    /// 20,000 meals on the 1st of a month (so with a banner), one title in seven long enough to
    /// wrap over several lines at 40 columns.
    let block = DayBlock(
        day: day("2026-03-01"),
        meals: (0..<20_000).map { index in
            Meal(id: Int64(index + 1), day: day("2026-03-01"), slot: "dinner", position: index,
                 title: index.isMultiple(of: 7) ? "Meal \(index) " + String(repeating: "long ", count: 20) : "Meal \(index)")
        },
        isToday: false, slotWidth: 9)

    @Test func aPartOfADayIsTheWholeBlockThereBuiltFromTheMealsItShows() {
        let width = 40
        let all = block.lines(width: width)
        let layout = block.layout(width: width)
        let tallest = layout.items.map(\.count).max()!
        for range in [0..<1, 0..<23, 1..<24, 2..<25, 10_000..<10_023, all.count - 5..<all.count, all.count - 1..<all.count + 3] {
            let (first, lines) = block.lines(range, width: width, layout: layout)
            let shown = range.clamped(to: 0..<all.count)
            #expect(first <= shown.lowerBound && first + lines.count >= shown.upperBound, "\(range)")
            #expect(Array(all[first..<(first + lines.count)]) == lines, "\(range)")
            // The meals the part covers, each whole, plus the banner and header at the top.
            #expect(lines.count <= range.count + 2 * tallest + 2, "\(range): \(lines.count) lines built")
        }
    }

    @Test func daysWithoutMealsOrStillLoadingAreWholeInAnyPart() {
        for meals in [[], nil] as [[Meal]?] {
            let block = DayBlock(day: day("2026-03-02"), meals: meals, isToday: true, slotWidth: 9)
            let layout = block.layout(width: 30)
            for range in [0..<1, 1..<2, 0..<5] {
                let (first, lines) = block.lines(range, width: 30, layout: layout)
                #expect(first == 0 && lines == block.lines(width: 30))
            }
        }
    }
}
