import Foundation
import TestSupport
import Testing
@testable import MealPlanCore

/// The household's week start: how it is typed, the locale's default, and the shopping week.
@Suite struct WeekStartTests {
    @Test func aWeekStartIsTypedAsTheDateGrammarReadsWeekdaysOrAsAUniquePrefix() throws {
        for (typed, expected) in [
            ("sat", Weekday.saturday), ("Saturday", .saturday), ("SA", .saturday), ("  sun ", .sunday), ("thurs", .thursday),
            ("th", .thursday), ("tu", .tuesday), ("weds", .wednesday), ("m", .monday), ("f", .friday),
        ] {
            #expect(try Weekday.named(typed).get() == expected, "\(typed)")
        }
        #expect(throws: WeekdayNameError(word: "s", candidates: ["Saturday", "Sunday"])) { try Weekday.named("s").get() }
        #expect(throws: WeekdayNameError(word: "t", candidates: ["Tuesday", "Thursday"])) { try Weekday.named("t").get() }
        for typed in ["", "sonday", "saturdays", "1", "mon,tue"] {
            #expect(throws: WeekdayNameError(word: typed, candidates: [])) { try Weekday.named(typed).get() }
        }
        #expect("\(WeekdayNameError(word: "s", candidates: ["Saturday", "Sunday"]))" == "'s' could be Saturday or Sunday; type more of it")
        #expect("\(WeekdayNameError(word: "sonday", candidates: []))" == "'sonday' is not a day of the week; use one like \"sat\" or \"sunday\"")
    }

    /// The shopping week starts on the next week start, today when a week starts today: each
    /// week start against each weekday of today.
    @Test func theShoppingWeekStartsOnTheNextWeekStart() {
        let saturday = day("2026-11-21")
        for weekStart in Weekday.allCases {
            for offset in 0..<7 {
                let today = saturday.adding(days: offset)
                let week = DayRange.shoppingWeek(today: today, weekStart: weekStart)
                // The first day of the seven from today that is a week start.
                let expected = (0..<7).map { today.adding(days: $0) }.first { $0.weekday == weekStart }!
                #expect(week == DayRange(start: expected, count: 7), "\(today.iso), weeks from \(weekStart.name)")
            }
        }
        #expect(DayRange.shoppingWeek(today: .last, weekStart: .monday) == DayRange(.last, .last))
    }

    @Test func localesWithoutACustomHaveNoWeekStart() {
        for name in ["", "C", "POSIX", "C.UTF-8", "C.utf8", "xx_XX.UTF-8"] {
            #expect(Weekday.firstOfLocale(name) == nil, "\(name)")
        }
    }

    /// glibc's locale data against Foundation's (ICU's CLDR data), an independent source.
    @Test(.requires(.localeEnUS), .requires(.localeDeDE))
    func theLocalesFirstDayOfTheWeekIsGlibcsAndAgreesWithFoundation() {
        #expect(Weekday.firstOfLocale("en_US.UTF-8") == .sunday)
        #expect(Weekday.firstOfLocale("de_DE.UTF-8") == .monday)
        for name in ["en_US", "de_DE"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: name)
            // Foundation numbers weekdays from Sunday = 1.
            let foundation = Weekday(rawValue: (calendar.firstWeekday + 5) % 7 + 1)
            #expect(Weekday.firstOfLocale(name + ".UTF-8") == foundation, "\(name)")
        }
    }
}
