import Foundation
import Testing
import TestSupport

/// A file holding what mealplan could not write back the same way is named with its line and
/// left as it is, never taken and then flattened by a rewrite; an all-day event of several
/// days is one meal on its first day, and the sync says so.
@Suite struct SyncUnkeptFilesTests {
    typealias Household = SyncCommandTests.Household

    static func calendar(_ events: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//a phone//EN\r\n\(events)END:VCALENDAR\r\n"
    }

    static func event(_ uid: String, _ lines: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261120T100000Z\r\n\(lines)END:VEVENT\r\n"
    }

    static let weekly = "DTSTART;VALUE=DATE:20261201\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Dinner: Soup\r\n"

    /// Each file, and what its one line says: a line of the file and why.
    static let unkept: [(name: String, text: String, message: String)] = [
        ("rdate.ics", calendar(event("rdate", weekly + "RDATE;VALUE=DATE:20261203\r\n")), "line 10: RDATE, which mealplan cannot keep in a rewrite"),
        ("two-rules.ics", calendar(event("two", weekly + "RRULE:FREQ=MONTHLY\r\n")), "line 10: RRULE, which mealplan cannot keep in a rewrite"),
        ("exrule.ics", calendar(event("exrule", weekly + "EXRULE:FREQ=MONTHLY\r\n")), "line 10: EXRULE, which mealplan cannot keep in a rewrite"),
        ("two-calendars.ics", calendar(event("cal", weekly)) + calendar(event("cal", "DTSTART;VALUE=DATE:20261202\r\nSUMMARY:Lunch: Pho\r\n")),
         "line 12: a second VCALENDAR, which mealplan cannot keep in a rewrite"),
        ("this-and-future.ics", calendar(event("future", weekly) + event("future", "RECURRENCE-ID;RANGE=THISANDFUTURE;VALUE=DATE:20261208\r\nDTSTART;VALUE=DATE:20261208\r\nSUMMARY:Dinner: Stew\r\n")),
         "line 14: RECURRENCE-ID, which mealplan cannot keep in a rewrite"),
        ("twice.ics", calendar(event("twice", weekly)
            + event("twice", "RECURRENCE-ID;VALUE=DATE:20261208\r\nDTSTART;VALUE=DATE:20261208\r\nSUMMARY:Dinner: Stew\r\n")
            + event("twice", "RECURRENCE-ID;VALUE=DATE:20261208\r\nDTSTART;VALUE=DATE:20261209\r\nSUMMARY:Dinner: Curry\r\n")),
         "line 18: a second change of the same day of the repeat"),
    ]

    @Test func whatMealplanCannotWriteBackIsNamedAndLeft() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        try home.put("good.ics", Self.calendar(Self.event("good", "DTSTART;VALUE=DATE:20261202\r\nSUMMARY:Lunch: Pho\r\n")))
        for file in Self.unkept { try home.put(file.name, file.text) }
        let result = try home.run(home.a, ["sync", "--vdir", home.vdir])
        #expect(result.status == 0)
        #expect(result.stdoutLines == [SyncCommandTests.summary(received: 1)])
        let warnings = result.stderr.split(separator: "\n").map(String.init)
        #expect(warnings.count == Self.unkept.count, "\(warnings)")
        for file in Self.unkept {
            #expect(warnings.contains("mealplan: warning: \(home.vdir)/\(file.name): \(file.message); left as it is"), "\(file.name): \(warnings)")
            #expect(try home.file(file.name) == file.text, "\(file.name) changed")
        }
        #expect(try home.succeed(home.a, ["list", "--from", "2026-11-30", "--days", "28"]) == "Wed 2026-12-02\n  1  lunch  Pho\n")
    }

    /// A holiday of three days typed on a phone: one meal on its first day, named; the file
    /// keeps its three days when the meal is edited here.
    @Test func anAllDayEventOfSeveralDaysIsOneMealAndSaysSo() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        let text = Self.calendar(Self.event("trip", "DTSTART;VALUE=DATE:20261204\r\nDTEND;VALUE=DATE:20261207\r\nSUMMARY:Dinner: Camping food\r\n"))
        try home.put("trip.ics", text)
        let result = try home.run(home.a, ["sync", "--vdir", home.vdir])
        #expect(result.status == 0)
        #expect(result.stderr == "mealplan: warning: \(home.vdir)/trip.ics: an all-day event of 3 days; taken as one meal on its first day, 2026-12-04\n")
        #expect(try home.succeed(home.a, ["list", "--from", "2026-11-30", "--days", "28"]) == "Fri 2026-12-04\n  1  dinner  Camping food\n")
        #expect(try home.run(home.a, ["sync", "--vdir", home.vdir]).stderr == "", "said once")
        try home.succeed(home.a, ["edit", "1", "--note", "the gas stove"])
        #expect(try home.sync(home.a) == SyncCommandTests.summary(sent: 1))
        let lines = try home.file("trip.ics").components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART;VALUE=DATE:20261204") && lines.contains("DTEND;VALUE=DATE:20261207"), "\(lines)")
    }
}
