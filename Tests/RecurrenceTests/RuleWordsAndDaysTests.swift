import MealPlanCore
import Testing
import TestSupport
@testable import Recurrence

/// A rule's pattern turned back into `--every`/`--on` words gives the same pattern, and the one
/// walk over a rule's days (`RepeatRule.days`) gives a window's occurrences less the skipped.
@Suite struct RuleWordsAndDaysTests {
    static func randomPattern(from first: Day, using generator: inout SeededGenerator) -> RepeatRule.Pattern {
        let interval = [1, 2, 3, 12, 9999, Int.random(in: 1...9999, using: &generator)].randomElement(using: &generator)!
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return .days(interval: interval)
        case 1:
            let weekdays = Weekday.allCases.filter { _ in Bool.random(using: &generator) }
            // The first day's weekday is always among a weekly rule's days.
            return .weeks(interval: interval, weekdays: Set(weekdays + [first.weekday]).sorted { $0.rawValue < $1.rawValue })
        case 2: return .monthsOnDay(interval: interval, day: first.date.day)
        case 3:
            let ordinal = [1, 2, 3, 4, 5, -1, -2, -3, -4, -5].randomElement(using: &generator)!
            return .monthsOnWeekday(interval: interval, ordinal: ordinal, weekday: first.weekday)
        default: return .years(interval: interval)
        }
    }

    @Test func wordsGiveThePatternBack() throws {
        var generator = SeededGenerator(seed: 2445)
        var checked = 0
        for _ in 0..<2000 {
            let first = Day(number: Int.random(in: Day.validNumbers, using: &generator))!
            let pattern = Self.randomPattern(from: first, using: &generator)
            // Upper case and spaces around them, as a person may type them.
            let every = Bool.random(using: &generator) ? " \(pattern.everyWords.uppercased()) " : pattern.everyWords
            // A pattern with no day left in the calendar is refused by both ways of making it.
            guard (try? RepeatRule(firstDay: first, pattern: pattern)) != nil else { continue }
            let rule = try RepeatRule(firstDay: first, every: every, on: pattern.onWords)
            #expect(rule.pattern == pattern, "\(pattern) from \(first.iso): --every \(pattern.everyWords) --on \(pattern.onWords ?? "")")
            checked += 1
        }
        #expect(checked > 1500)
    }

    @Test func theWordsOfEachKindOfPattern() {
        let cases: [(RepeatRule.Pattern, String, String?)] = [
            (.days(interval: 3), "3d", nil),
            (.weeks(interval: 1, weekdays: [.monday, .thursday]), "1w", "mon,thu"),
            (.monthsOnDay(interval: 2, day: 15), "2m", "15"),
            (.monthsOnWeekday(interval: 1, ordinal: -1, weekday: .friday), "1m", "-1fri"),
            (.monthsOnWeekday(interval: 6, ordinal: 2, weekday: .tuesday), "6m", "2tue"),
            (.years(interval: 1), "1y", nil),
        ]
        for (pattern, every, on) in cases {
            #expect(pattern.everyWords == every)
            #expect(pattern.onWords == on)
        }
    }

    @Test func theWalkGivesTheWindowsOccurrencesLessTheSkipped() throws {
        var generator = SeededGenerator(seed: 4791)
        var walked = 0
        for _ in 0..<300 {
            let first = Day(number: Int.random(in: Day.validNumbers, using: &generator))!
            let pattern = Self.randomPattern(from: first, using: &generator)
            let count = Bool.random(using: &generator) ? Int.random(in: 1...2000, using: &generator) : nil
            guard let rule = try? RepeatRule(firstDay: first, every: pattern.everyWords, on: pattern.onWords, count: count) else { continue }
            let start = first.adding(days: Int.random(in: -30...3000, using: &generator))
            let length = [0, 1, 6, 255, 256, 257, 600, Int.random(in: 0...5000, using: &generator)].randomElement(using: &generator)!
            let end = start.adding(days: length)
            let window = DayRange(start, end)
            let all = rule.occurrences(in: window)
            let skipped = Set(all.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 })
            #expect(Array(rule.days(from: start, through: end, skipping: skipped)) == all.filter { !skipped.contains($0) },
                    "\(rule) from \(first.iso) in \(window)")
            walked += all.isEmpty ? 0 : 1
        }
        #expect(walked > 100)
    }

    @Test func theWalkStopsAtTheCalendarsEnd() throws {
        let rule = try RepeatRule(firstDay: Day.last.adding(days: -600), pattern: .days(interval: 1))
        let days = Array(rule.days(from: Day.last.adding(days: -300), through: .last))
        #expect(days.count == 301)
        #expect(days.last == .last)
        #expect(Array(rule.days(from: .last, through: Day.last.adding(days: -1))).isEmpty)
    }
}
