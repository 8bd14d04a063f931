import MealPlanCore
import Testing
import TestSupport
@testable import Recurrence

/// The closed-form counts of `PeriodCount` against walking the periods one by one.
@Suite struct PeriodCountTests {
    @Test func countsEqualAWalkOverThePeriods() {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<500 {
            let firstMonth = Int.random(in: 12...(9999 * 12 + 11), using: &generator)
            let interval = [1, 2, 3, 5, 12, 48, 100, 1200, Int.random(in: 1...9999, using: &generator)]
                .randomElement(using: &generator)!
            let periods = Int.random(in: 0...Int.random(in: 1...6000, using: &generator), using: &generator)
            let months = PeriodCount(firstUnit: firstMonth, interval: interval, periods: periods)
            let walked = (0..<periods).map { firstMonth + $0 * interval }
            // A month of any year keeps its length and weekdays 400 years (4800 months) on.
            let inCalendar = walked.map { 4800 + $0 % 4800 }
            for dayOfMonth in [28, 29, 30, 31] {
                let missing = inCalendar.count(where: { Day(year: $0 / 12, month: $0 % 12 + 1, day: dayOfMonth) == nil })
                #expect(months.monthsMissing(day: dayOfMonth) == missing, "day \(dayOfMonth) \(firstMonth) +\(interval) ×\(periods)")
            }
            let weekday = Weekday.allCases.randomElement(using: &generator)!
            let withFive = inCalendar.count(where: { Periods.day(5, weekday, year: $0 / 12, month: $0 % 12 + 1) != nil })
            #expect(months.monthsWithFive(weekday) == withFive, "\(weekday) \(firstMonth) +\(interval) ×\(periods)")

            let firstYear = Int.random(in: 1...9999, using: &generator)
            let years = PeriodCount(firstUnit: firstYear, interval: interval, periods: periods)
            #expect(years.leapYears() == (0..<periods).count(where: { Day.isLeapYear(firstYear + $0 * interval) }))
        }
    }
}
