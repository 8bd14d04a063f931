import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import Recurrence

/// An `RRULE` read back into a rule: mealplan's own give the same rule, other programs'
/// spellings give the days `dateutil.rrule` gives, and rules mealplan cannot say are refused
/// as such, never turned into another rule.
@Suite struct RRULEReadingTests {
    /// Every rule written as an RRULE from its first occurrence (as the export's DTSTART) reads
    /// back as a rule with the same occurrences and the same RRULE.
    @Test func ourRRULEsReadBackAsTheSameRule() throws {
        var generator = SeededGenerator(seed: 7986)
        var checked = 0
        while checked < 1500 {
            guard let sample = DateutilOracleTests.randomSample(using: &generator) else { continue }
            let rule = sample.rule
            let read = try RepeatRule(rrule: rule.rrule, start: rule.firstOccurrence)
            #expect(read.rrule == rule.rrule, "\(rule) from \(rule.firstDay.iso)")
            #expect(read.occurrences(in: sample.window) == rule.occurrences(in: sample.window), "\(rule) from \(rule.firstDay.iso)")
            checked += 1
        }
    }

    /// Other programs' spellings: any case and order, a date-time UNTIL, WKST where it changes
    /// nothing, the BY parts a rule leaves to DTSTART spelled out, a `+` before an ordinal.
    static let foreign: [(rrule: String, start: String)] = [
        ("freq=weekly;byday=mo,we", "2026-11-23"),
        ("BYDAY=TU;FREQ=WEEKLY;INTERVAL=2;WKST=SU", "2026-11-24"),
        ("FREQ=WEEKLY;INTERVAL=3;WKST=MO;BYDAY=SA,SU", "2026-11-28"),
        ("FREQ=WEEKLY", "2026-11-26"),
        ("FREQ=WEEKLY;UNTIL=20270301T235959Z;BYDAY=FR", "2026-11-27"),
        ("FREQ=DAILY;INTERVAL=3;COUNT=10", "2026-11-27"),
        ("FREQ=DAILY;UNTIL=20261231", "2026-11-27"),
        ("FREQ=MONTHLY", "2026-01-31"),
        ("FREQ=MONTHLY;BYMONTHDAY=15;COUNT=5", "2026-11-15"),
        ("FREQ=MONTHLY;BYDAY=+2TU", "2026-11-10"),
        ("FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;UNTIL=20280101T000000", "2026-11-27"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2028-02-29"),
        ("FREQ=YEARLY;INTERVAL=4", "2024-02-29"),
        ("FREQ=YEARLY;COUNT=3;", "2026-12-24"),
    ]

    static let dateutil = #"""
        import datetime, json, sys
        from dateutil.rrule import rrulestr
        answers = []
        for r in json.load(open(sys.argv[1])):
            start = datetime.datetime.fromisoformat(r["start"])
            # mealplan takes UNTIL's date; a naive DTSTART wants a naive UNTIL.
            rule = rrulestr(r["rrule"].upper().replace("Z;", ";").rstrip("Z").rstrip(";"), dtstart=start)
            last = datetime.datetime.fromisoformat(r["to"])
            answers.append([d.date().isoformat() for d in rule.between(start, last, inc=True)])
        print(json.dumps(answers))
        """#

    @Test(.requires(.dateutil)) func otherProgramsSpellingsGiveDateutilsDays() throws {
        let samples = Self.foreign.map { ["rrule": $0.rrule, "start": $0.start, "to": "2036-12-31"] }
        let output = try ExternalTool.runPython(Self.dateutil, input: try JSONSerialization.data(withJSONObject: samples))
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[String]])
        try #require(answers.count == Self.foreign.count)
        for ((rrule, start), expected) in zip(Self.foreign, answers) {
            let first = day(start)
            let rule = try RepeatRule(rrule: rrule, start: first)
            let ours = rule.occurrences(in: DayRange(first, day("2036-12-31"))).map(\.iso)
            #expect(ours == expected, "\(rrule) from \(start)")
            #expect(expected.count >= 3, "not vacuous: \(rrule)")
        }
    }

    /// Rules mealplan cannot say are refused as such, and values that are no rule as malformed.
    @Test(arguments: [
        ("FREQ=HOURLY", RRULEError.Kind.unsupported, "a FREQ of HOURLY"),
        ("FREQ=MONTHLY;BYDAY=2TU,4TU", .unsupported, "a monthly rule on several days"),
        ("FREQ=MONTHLY;BYDAY=TU", .unsupported, "a monthly rule on every Tuesday of the month"),
        ("FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2", .unsupported, "its BYSETPOS part"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", .unsupported, "a monthly rule on several days"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", .malformed, "BYMONTHDAY -1 is not a number from 1"),
        ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO,SU", .unsupported,
         "weeks starting on SU for a rule on several days every 2 weeks"),
        ("FREQ=DAILY;BYDAY=MO", .unsupported, "a daily rule limited to some days"),
        ("FREQ=YEARLY;BYMONTH=3", .unsupported, "a yearly rule on other days than its first day's"),
        ("FREQ=DAILY;INTERVAL=10000", .unsupported, "an INTERVAL of 10000"),
        ("FREQ=DAILY;BYHOUR=7", .unsupported, "its BYHOUR part"),
        ("INTERVAL=2", .malformed, "it has no FREQ"),
        ("FREQ=DAILY;FREQ=WEEKLY", .malformed, "FREQ is given twice"),
        ("FREQ=DAILY;COUNT=0", .malformed, "COUNT 0 is not a number from 1"),
        ("FREQ=DAILY;COUNT=2;UNTIL=20270101", .malformed, "it has both UNTIL and COUNT"),
        ("FREQ=DAILY;UNTIL=20261301", .malformed, "UNTIL 20261301 is not a date"),
        ("FREQ=DAILY;UNTIL=20200101", .malformed, "UNTIL 2020-01-01 is before DTSTART 2026-11-27"),
        ("FREQ=WEEKLY;BYDAY=1MO", .malformed, "a weekly BYDAY has no numbers"),
        ("FREQ=WEEKLY;BYDAY=XX", .malformed, "BYDAY XX names no weekday"),
        ("FREQ", .malformed, "'FREQ' is not NAME=VALUE"),
        ("FREQ=MONTHLY;BYMONTHDAY=31;INTERVAL=12", .unsupported, "a rule that never happens from 2026-11-27"),
    ])
    func rulesThatCannotBeKeptAreRefused(rrule: String, kind: RRULEError.Kind, reason: String) {
        #expect(throws: RRULEError(kind, reason)) { try RepeatRule(rrule: rrule, start: day("2026-11-27")) }
    }
}
