import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import Recurrence

/// Random rules expanded over random windows by us and by Python's `dateutil.rrule`, an
/// independent implementation of RFC 5545: every date must agree.
///
/// Rules start anywhere in 0001…9999; windows lie from before the first day to thousands of
/// years after it, a third of them across the end of February (leap years included) and some
/// across the year's end. dateutil walks every period from the first day, so the distance is
/// kept within what it walks quickly, except for a few rules from the years 1–3 to 9999.
@Suite(.requires(.dateutil))
struct DateutilOracleTests {
    /// Reads the rules as JSON; prints, for each, the ISO dates of its occurrences in its window.
    static let reference = #"""
        import datetime, json, sys
        from dateutil.rrule import rrule, weekday, DAILY, WEEKLY, MONTHLY, YEARLY, MO
        frequencies = {"DAILY": DAILY, "WEEKLY": WEEKLY, "MONTHLY": MONTHLY, "YEARLY": YEARLY}
        day = datetime.datetime.fromisoformat
        answers = []
        for r in json.load(open(sys.argv[1])):
            options = dict(dtstart=day(r["start"]), interval=r["interval"], wkst=MO)
            if "weekdays" in r: options["byweekday"] = r["weekdays"]
            if "monthday" in r: options["bymonthday"] = r["monthday"]
            if "ordinal" in r: options["byweekday"] = weekday(r["weekday"], r["ordinal"])
            if "until" in r: options["until"] = day(r["until"])
            if "count" in r: options["count"] = r["count"]
            rule = rrule(frequencies[r["freq"]], **options)
            dates, first, last = [], day(r["from"]), day(r["to"])
            try:
                for d in rule:
                    if d > last: break
                    if d >= first: dates.append(d.date().isoformat())
            except ValueError:  # the walk went past the year 9999, which datetime cannot hold
                pass
            answers.append(dates)
        print(json.dumps(answers))
        """#

    struct Sample {
        let rule: RepeatRule
        let window: DayRange
    }

    @Test func randomRulesGiveDateutilsDates() throws {
        var generator = SeededGenerator(seed: 5545)
        var samples: [Sample] = []
        while samples.count < 1200 {
            if let sample = Self.randomSample(using: &generator) { samples.append(sample) }
        }
        samples += try Self.ancientRules()
        let answers = try Self.dateutilDates(of: samples)
        var mismatches = 0
        for (sample, expected) in zip(samples, answers) {
            let ours = sample.rule.occurrences(in: sample.window).map(\.iso)
            if ours != expected {
                mismatches += 1
                if mismatches <= 20 {
                    Issue.record("""
                        \(sample.rule) from \(sample.rule.firstDay) (\(sample.rule.rrule)) in \(sample.window):
                        ours \(ours), dateutil \(expected)
                        """)
                }
            }
        }
        #expect(mismatches == 0)
        // Not vacuous: many windows hold occurrences (the others lie past an end or between
        // two occurrences of a sparse rule).
        #expect(answers.filter { !$0.isEmpty }.count > samples.count / 3)
        #expect(answers.map(\.count).reduce(0, +) > 5000)
    }

    /// The last day of a `count` end, which the store keeps so that rules long over are not
    /// read, is dateutil's last occurrence (the calendar's end when the count runs past it).
    @Test func countEndsLastDayIsDateutilsLastOccurrence() throws {
        var generator = SeededGenerator(seed: 1989)
        var samples: [Sample] = []
        while samples.count < 250 {
            if let sample = Self.randomSample(using: &generator), case .count = sample.rule.end {
                samples.append(Sample(rule: sample.rule, window: DayRange(sample.rule.firstDay, .last)))
            }
        }
        samples += try Self.ancientRules().filter { if case .count = $0.rule.end { true } else { false } }
            .map { Sample(rule: $0.rule, window: DayRange($0.rule.firstDay, .last)) }
        let answers = try Self.dateutilDates(of: samples)
        var pastTheCalendar = 0
        for (sample, dates) in zip(samples, answers) {
            guard case .count(let count) = sample.rule.end else { continue }
            let expected = dates.count == count ? try #require(dates.last) : Day.last.iso
            if dates.count != count { pastTheCalendar += 1 }
            #expect(sample.rule.lastPossibleDay.iso == expected, "\(sample.rule) from \(sample.rule.firstDay.iso)")
        }
        // Not vacuous: most counts end inside the calendar.
        #expect(pastTheCalendar < samples.count / 10)
    }

    /// Each sample's occurrences in its window as dateutil gives them, as ISO dates.
    static func dateutilDates(of samples: [Sample]) throws -> [[String]] {
        let input = try JSONSerialization.data(withJSONObject: samples.map(json))
        let output = try ExternalTool.runPython(reference, input: input)
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[String]])
        try #require(answers.count == samples.count)
        return answers
    }

    static func randomSample(using generator: inout SeededGenerator) -> Sample? {
        var start = Day(number: Int.random(in: Day.validNumbers, using: &generator))!
        let interval = [1, 1, 1, 1, 2, 2, 3, 4, 5, 7, 12, Int.random(in: 1...40, using: &generator)]
            .randomElement(using: &generator)!
        let pattern: RepeatRule.Pattern
        // How many days a period spans, and how many periods dateutil walks quickly.
        let (unitDays, budget): (Double, Double)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            pattern = .days(interval: interval)
            (unitDays, budget) = (1, 20_000)
        case 1:
            let weekdays = Weekday.allCases.filter { _ in Int.random(in: 0..<10, using: &generator) < 3 }
            pattern = .weeks(interval: interval, weekdays: weekdays.isEmpty ? [start.weekday] : weekdays)
            (unitDays, budget) = (7, 20_000)
        case 2, 3:
            if Bool.random(using: &generator) {
                let day = [28, 29, 30, 31, Int.random(in: 1...31, using: &generator)].randomElement(using: &generator)!
                pattern = .monthsOnDay(interval: interval, day: day)
            } else {
                let ordinal = [1, 2, 3, 4, 5, 5, -1, -1, -2, -3, -4, -5, -5].randomElement(using: &generator)!
                pattern = .monthsOnWeekday(interval: interval, ordinal: ordinal, weekday: Weekday.allCases.randomElement(using: &generator)!)
            }
            (unitDays, budget) = (30.44, 40_000)
        default:
            if Int.random(in: 0..<10, using: &generator) < 3 {
                // A 29th of February: the leap year at or before a random one.
                var year = Int.random(in: 4...9999, using: &generator)
                while !Day.isLeapYear(year) { year -= 1 }
                start = Day(year: year, month: 2, day: 29)!
            }
            pattern = .years(interval: interval)
            (unitDays, budget) = (365.25, 10_000)
        }
        // Periods from the first day to the window: spread evenly over their logarithm, so
        // that near and far windows are as common; some windows begin before the first day.
        let periods = Int(exp(Double.random(in: 0...log(budget), using: &generator))) - 1
        let offset = Int.random(in: 0..<7, using: &generator) == 0
            ? -Int.random(in: 0...60, using: &generator) : Int(Double(periods * interval) * unitDays)
        let window = randomWindow(near: start.adding(days: offset), using: &generator)
        let end: RepeatRule.End
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            end = .never
        case 4..<7:
            end = .until(start.adding(days: Int.random(in: 0...(max(offset, 0) * 2 + 400), using: &generator)))
        case 7, 8:
            // A count that ends inside the window, where an occurrence's index off by one shows.
            let inside = window.first.adding(days: Int.random(in: 0..<window.count, using: &generator))
            end = .count(max(1, endingCount(pattern, from: start, through: inside)))
        default:
            let perPeriod = if case .weeks(_, let weekdays) = pattern { weekdays.count } else { 1 }
            end = .count(Int.random(in: 1...(periods * perPeriod * 2 + 20), using: &generator))
        }
        guard let rule = try? RepeatRule(firstDay: start, pattern: pattern, end: end) else { return nil }
        return Sample(rule: rule, window: window)
    }

    /// How many times a rule without end happens from `first` through `last`, counted by walking
    /// all its periods (no arithmetic of a `count` end is involved).
    static func endingCount(_ pattern: RepeatRule.Pattern, from first: Day, through last: Day) -> Int {
        guard last >= first, let rule = try? RepeatRule(firstDay: first, pattern: pattern) else { return 0 }
        return rule.occurrences(in: DayRange(first, last)).count
    }

    /// A window near `day`: a third across the end of February, some across the year's end,
    /// the rest of 1 to 70 days (crossing month ends) or up to two years long.
    static func randomWindow(near day: Day, using generator: inout SeededGenerator) -> DayRange {
        let year = day.date.year
        switch Int.random(in: 0..<12, using: &generator) {
        case 0..<4:
            if let from = Day(year: year, month: 2, day: Int.random(in: 1...28, using: &generator)) {
                return DayRange(start: from, count: Int.random(in: 2...40, using: &generator))
            }
        case 4..<6:
            if let from = Day(year: year, month: 12, day: Int.random(in: 1...31, using: &generator)) {
                return DayRange(start: from, count: Int.random(in: 2...60, using: &generator))
            }
        case 6:
            return DayRange(start: day, count: Int.random(in: 1...730, using: &generator))
        default:
            break
        }
        return DayRange(start: day, count: Int.random(in: 1...70, using: &generator))
    }

    /// Rules from the years 1 to 3 seen in 9999, where dateutil walks ten thousand years.
    static func ancientRules() throws -> [Sample] {
        let lastFebruary = DayRange(day("9999-02-20"), day("9999-03-10"))
        let lastLeapYear = DayRange(day("9996-01-01"), day("9996-12-31"))
        // Counts that end inside the window, where an index off by one shows.
        func count(_ pattern: RepeatRule.Pattern, _ first: String, through last: String) -> RepeatRule.End {
            .count(endingCount(pattern, from: day(first), through: day(last)))
        }
        let monthsOn29th = RepeatRule.Pattern.monthsOnDay(interval: 1, day: 29)
        let fifthThursdays = RepeatRule.Pattern.monthsOnWeekday(interval: 5, ordinal: 5, weekday: .thursday)
        let leapDays = RepeatRule.Pattern.years(interval: 1)
        return try [
            (day("0001-01-31"), RepeatRule.Pattern.monthsOnDay(interval: 1, day: 31), RepeatRule.End.never, lastFebruary),
            (day("0001-01-29"), monthsOn29th, count(monthsOn29th, "0001-01-29", through: "9996-02-29"), lastLeapYear),
            (day("0001-01-30"), .monthsOnDay(interval: 7, day: 30), .never, lastFebruary),
            (day("0002-03-01"), fifthThursdays, count(fifthThursdays, "0002-03-01", through: "9996-06-01"), lastLeapYear),
            (day("0003-01-01"), .monthsOnWeekday(interval: 1, ordinal: -1, weekday: .friday), .never, lastFebruary),
            (day("0004-02-29"), leapDays, count(leapDays, "0004-02-29", through: "9996-02-29"), DayRange(day("9992-01-01"), day("9999-12-31"))),
            (day("0004-02-29"), leapDays, count(leapDays, "0004-02-29", through: "9995-12-31"), lastLeapYear),
            (day("0001-01-01"), .years(interval: 3), .never, DayRange(day("9997-12-01"), day("9999-12-31"))),
            (day("0001-01-01"), .weeks(interval: 3, weekdays: [.monday, .sunday]), .never, lastFebruary),
        ].map { first, pattern, end, window in
            Sample(rule: try RepeatRule(firstDay: first, pattern: pattern, end: end), window: window)
        }
    }

    /// The rule and window as the reference script reads them.
    static func json(_ sample: Sample) -> [String: Any] {
        let rule = sample.rule
        var object: [String: Any] = [
            "start": rule.firstDay.iso, "interval": rule.pattern.interval,
            "from": sample.window.first.iso, "to": sample.window.last.iso,
        ]
        switch rule.pattern {
        case .days:
            object["freq"] = "DAILY"
        case .weeks(_, let weekdays):
            object["freq"] = "WEEKLY"
            object["weekdays"] = weekdays.map { $0.rawValue - 1 }
        case .monthsOnDay(_, let day):
            object["freq"] = "MONTHLY"
            object["monthday"] = day
        case let .monthsOnWeekday(_, ordinal, weekday):
            object["freq"] = "MONTHLY"
            (object["ordinal"], object["weekday"]) = (ordinal, weekday.rawValue - 1)
        case .years:
            object["freq"] = "YEARLY"
        }
        switch rule.end {
        case .never: break
        case .until(let last): object["until"] = last.iso
        case .count(let count): object["count"] = count
        }
        return object
    }
}
