import MealPlanCore
import Testing
import TestSupport
@testable import Recurrence

/// The command line's words to a rule, its RRULE and its description; and each mistake refused
/// with its one line.
@Suite struct RepeatRuleInputTests {
    /// 2026-03-04 is a Wednesday, the 4th of its month.
    static let wednesday = day("2026-03-04")

    @Test(arguments: [
        ("day", nil, nil, nil, "FREQ=DAILY", "every day"),
        (" 3D ", nil, nil, 10, "FREQ=DAILY;INTERVAL=3;COUNT=10", "every 3 days, 10 times"),
        ("week", nil, nil, nil, "FREQ=WEEKLY;BYDAY=WE", "every week on Wed"),
        ("2w", "thu, Monday,mon", "2027-03-01", nil, "FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=MO,TH;UNTIL=20270301",
         "every 2 weeks on Mon, Thu until 2027-03-01"),
        ("month", nil, nil, 1, "FREQ=MONTHLY;BYMONTHDAY=4;COUNT=1", "every month on the 4th, once"),
        ("6m", "31", nil, nil, "FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=31", "every 6 months on the 31st"),
        ("month", "2tue", nil, nil, "FREQ=MONTHLY;BYDAY=2TU", "every month on the 2nd Tue"),
        ("month", "2nd-tue", nil, nil, "FREQ=MONTHLY;BYDAY=2TU", "every month on the 2nd Tue"),
        ("month", "3rd thursday", nil, nil, "FREQ=MONTHLY;BYDAY=3TH", "every month on the 3rd Thu"),
        ("month", "5thu", nil, nil, "FREQ=MONTHLY;BYDAY=5TH", "every month on the 5th Thu"),
        ("month", "last-fri", nil, nil, "FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Fri"),
        ("month", "LASTFRI", nil, nil, "FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Fri"),
        ("month", "-2fri", nil, nil, "FREQ=MONTHLY;BYDAY=-2FR", "every month on the 2nd to last Fri"),
        ("year", nil, "2026-03-04", nil, "FREQ=YEARLY;UNTIL=20260304", "every year on Mar 4 until 2026-03-04"),
        ("4y", nil, nil, nil, "FREQ=YEARLY;INTERVAL=4", "every 4 years on Mar 4"),
        // A unit alone is one of it, in any case, as its word and 1 and it are.
        ("W", nil, nil, nil, "FREQ=WEEKLY;BYDAY=WE", "every week on Wed"),
        ("m", nil, nil, nil, "FREQ=MONTHLY;BYMONTHDAY=4", "every month on the 4th"),
    ] as [(String, String?, String?, Int?, String, String)])
    func readsTheForms(every: String, on: String?, until: String?, count: Int?, rrule: String, text: String) throws {
        let rule = try RepeatRule(firstDay: Self.wednesday, every: every, on: on, until: until.map(day), count: count)
        #expect(rule.rrule == rrule)
        #expect(rule.description == text)
    }

    /// Days of the week as `--every` (a weekly rule on them) and as a weekly `--on`.
    @Test(arguments: [
        ("weekdays", nil, [Weekday.monday, .tuesday, .wednesday, .thursday, .friday], 1),
        ("Weekdays", nil, [.monday, .tuesday, .wednesday, .thursday, .friday], 1),
        ("weekends", nil, [.saturday, .sunday], 1),
        ("mon-fri", nil, [.monday, .tuesday, .wednesday, .thursday, .friday], 1),
        ("mon,wed,fri", nil, [.monday, .wednesday, .friday], 1),
        ("week", "weekdays", [.monday, .tuesday, .wednesday, .thursday, .friday], 1),
        ("2w", "fri-mon", [.monday, .friday, .saturday, .sunday], 2),
        ("2w", "weekends,wed", [.wednesday, .saturday, .sunday], 2),
        ("week", "tues - thurs", [.tuesday, .wednesday, .thursday], 1),
    ] as [(String, String?, [Weekday], Int)])
    func daysOfTheWeekMakeAWeeklyRule(every: String, on: String?, weekdays: [Weekday], interval: Int) throws {
        let rule = try RepeatRule(firstDay: Self.wednesday, every: every, on: on)
        #expect(rule.pattern == .weeks(interval: interval, weekdays: weekdays))
    }

    /// The grammar of days of the week, against a table written out by hand: ranges run from
    /// the first day through the last, past Sunday when the last comes earlier in the week.
    @Test(arguments: [
        ("weekdays", "MO TU WE TH FR"),
        ("weekday", "MO TU WE TH FR"),
        ("weekends", "SA SU"),
        ("weekend", "SA SU"),
        ("mon-fri", "MO TU WE TH FR"),
        ("fri-mon", "MO FR SA SU"),
        ("sat-fri", "MO TU WE TH FR SA SU"),
        ("sun-tue", "MO TU SU"),
        ("sun-sun", "SU"),
        ("thu-wed", "MO TU WE TH FR SA SU"),
        ("mon,wed,fri", "MO WE FR"),
        (" Friday , monday,mon ", "MO FR"),
        ("weekends,mon-tue", "MO TU SA SU"),
        ("thurs", "TH"),
        ("", nil),
        ("mon,,thu", nil),
        ("mon-", nil),
        ("-fri", nil),
        ("mon-wed-fri", nil),
        ("2tue", nil),
        ("15", nil),
        ("funday", nil),
        ("week", nil),
    ] as [(String, String?)])
    func weekdaySetGrammar(text: String, expected: String?) {
        let codes: [Weekday: String] = [.monday: "MO", .tuesday: "TU", .wednesday: "WE", .thursday: "TH",
                                        .friday: "FR", .saturday: "SA", .sunday: "SU"]
        #expect(WeekdaySet.days(in: text).map { $0.map { codes[$0]! }.joined(separator: " ") } == expected, "\(text)")
    }

    @Test func thePlannersWordsNameItsFields() {
        #expect {
            try RepeatRule(firstDay: Self.wednesday, every: "day", on: "mon")
        } throws: { error in
            (error as? RepeatRuleError)?.promptMessage == "'on mon' does not fit every day: it repeats by days, without weekdays or dates"
        }
        #expect {
            try RepeatRule(firstDay: Self.wednesday, every: "day", count: 0)
        } throws: { error in
            (error as? RepeatRuleError)?.promptMessage == "ends 0: the count must be at least 1"
        }
    }

    @Test func defaultsComeFromTheFirstDay() throws {
        let weekly = try RepeatRule(firstDay: Self.wednesday, every: "week")
        #expect(weekly.pattern == .weeks(interval: 1, weekdays: [.wednesday]))
        let monthly = try RepeatRule(firstDay: Self.wednesday, every: "month")
        #expect(monthly.pattern == .monthsOnDay(interval: 1, day: 4))
        #expect(monthly.end == .never)
    }

    @Test(arguments: [
        ("0", nil, nil, nil, "--every: the interval must be 1 to 9999, not 0"),
        ("0d", nil, nil, nil, "--every: the interval must be 1 to 9999, not 0"),
        ("10000y", nil, nil, nil, "--every: the interval must be 1 to 9999, not 10000"),
        ("99999999999999999999w", nil, nil, nil, "'--every 99999999999999999999w': the interval must be 1 to 9999"),
        ("3", nil, nil, nil, "'--every 3': give the unit: 3d, 3w, 3m or 3y"),
        ("fortnight", nil, nil, nil, "'--every fortnight': use day, week, month, year, a number with d, w, m or y (3d, 2w, 6m, 4y), or days of the week (weekdays, weekends, mon-fri or mon,wed,fri)"),
        ("-2d", nil, nil, nil, "'--every -2d': use day, week, month, year, a number with d, w, m or y (3d, 2w, 6m, 4y), or days of the week (weekdays, weekends, mon-fri or mon,wed,fri)"),
        ("day", "mon", nil, nil, "'--on mon' does not fit --every day: it repeats by days, without weekdays or dates"),
        ("2y", "15", nil, nil, "'--on 15' does not fit --every 2y: a yearly rule repeats on its first day's date"),
        ("week", "15", nil, nil, "'--on 15' does not fit a weekly rule: give days of the week, as in weekdays, weekends, mon-fri or mon,wed,fri"),
        ("week", "mon,,thu", nil, nil, "'--on mon,,thu' does not fit a weekly rule: give days of the week, as in weekdays, weekends, mon-fri or mon,wed,fri"),
        ("week", "2tue", nil, nil, "'--on 2tue' does not fit a weekly rule: give days of the week, as in weekdays, weekends, mon-fri or mon,wed,fri"),
        ("month", "tue", nil, nil, "'--on tue' does not fit a monthly rule: give a day of the month (15) or a weekday with its place (2tue, last-fri)"),
        ("month", "mon,thu", nil, nil, "'--on mon,thu' does not fit a monthly rule: give a day of the month (15) or a weekday with its place (2tue, last-fri)"),
        ("month", "32", nil, nil, "--on 32: a day of the month is 1 to 31"),
        ("month", "0", nil, nil, "--on 0: a day of the month is 1 to 31"),
        ("month", "6tue", nil, nil, "--on: no month has a weekday numbered 6; use 1 to 5, last, or -1 to -5 from the end"),
        ("month", "0tue", nil, nil, "--on: no month has a weekday numbered 0; use 1 to 5, last, or -1 to -5 from the end"),
        ("month", "-6fri", nil, nil, "--on: no month has a weekday numbered -6; use 1 to 5, last, or -1 to -5 from the end"),
        ("day", nil, "2026-03-03", nil, "--until 2026-03-03 is before the first day, 2026-03-04"),
        ("day", nil, nil, 0, "--count 0: the count must be at least 1"),
        ("day", nil, "2026-04-01", 3, "give --until or --count, not both"),
        ("weekdays", "mon", nil, nil, "'--on mon' does not fit --every weekdays, which names the days already"),
        ("week", "mon-", nil, nil, "'--on mon-' does not fit a weekly rule: give days of the week, as in weekdays, weekends, mon-fri or mon,wed,fri"),
        ("week", "mon-wed-fri", nil, nil, "'--on mon-wed-fri' does not fit a weekly rule: give days of the week, as in weekdays, weekends, mon-fri or mon,wed,fri"),
        // Every April 31st, which no April has; and a 15th that the end comes before.
        ("12m", "31", nil, nil, "'every 12 months on the 31st' from 2026-04-10 has no day to happen on"),
        ("month", "15", "2026-05-01", nil, "'every month on the 15th until 2026-05-01' from 2026-04-20 has no day to happen on"),
    ] as [(String, String?, String?, Int?, String)])
    func refusesMistakesInOneLine(every: String, on: String?, until: String?, count: Int?, message: String) {
        let first = message.contains("from 2026-04-10") ? day("2026-04-10")
            : message.contains("from 2026-04-20") ? day("2026-04-20") : Self.wednesday
        #expect {
            try RepeatRule(firstDay: first, every: every, on: on, until: until.map(day), count: count)
        } throws: { error in
            guard let error = error as? RepeatRuleError else { return false }
            // The planner's words name its fields, never an option.
            return error.message == message && error.exitStatus == .usage && !error.promptMessage.contains("--")
        }
        #expect(!message.contains("\n"))
    }
}
