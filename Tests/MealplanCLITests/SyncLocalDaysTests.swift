import Foundation
import Testing
import TestSupport

/// The days of a folder's events are the user's days (`TZ`), as khal shows them: a UTC time
/// near midnight, a time in another zone, a repeat's start in one zone and its `EXDATE` in UTC,
/// each under two time zones a day apart around midnight; khal reads the same folder in the
/// same zone and is the judge.
@Suite(.requires(.khal)) struct SyncLocalDaysTests {
    typealias Household = SyncCommandTests.Household

    static func event(_ uid: String, _ lines: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//a phone//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261120T100000Z\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// Events a phone or a server may write, each named by its title.
    static let files: [(name: String, text: String)] = [
        ("utc-late.ics", event("utc-late", "DTSTART:20261201T233000Z\r\nDTEND:20261202T003000Z\r\nSUMMARY:Dinner: Late UTC\r\n")),
        ("utc-early.ics", event("utc-early", "DTSTART:20261203T033000Z\r\nDTEND:20261203T043000Z\r\nSUMMARY:Dinner: Early UTC\r\n")),
        ("tokyo.ics", event("tokyo", "DTSTART;TZID=Asia/Tokyo:20261205T080000\r\nDTEND;TZID=Asia/Tokyo:20261205T090000\r\nSUMMARY:Breakfast: Tokyo time\r\n")),
        ("floating.ics", event("floating", "DTSTART:20261207T233000\r\nDTEND:20261207T235900\r\nSUMMARY:Snack: Floating\r\n")),
        ("weekly.ics", event("weekly", """
            DTSTART;TZID=Europe/Berlin:20261208T003000\r
            DTEND;TZID=Europe/Berlin:20261208T013000\r
            RRULE:FREQ=WEEKLY;UNTIL=20261229T000000Z\r
            EXDATE:20261214T233000Z\r
            SUMMARY:Snack: Midnight soup\r

            """)),
    ]

    /// Under each zone, the plan lists each event on the day khal lists it.
    @Test(arguments: ["Europe/Berlin", "America/New_York"])
    func aTimeIsTheDayItIsInTheUsersZone(zone: String) throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        for file in Self.files { try home.put(file.name, file.text) }
        let result = try home.run(home.a, ["sync", "--vdir", home.vdir] + [], zone: zone)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let khal = try Self.khalDays(home, zone: zone)
        #expect(khal.count >= 6, "khal lists the events: \(khal)")
        #expect(try Self.listedDays(home, zone: zone) == khal)
    }

    /// The zones make a difference: the days each zone gives are not the other's, and are
    /// the ones a person there expects.
    @Test func theTwoZonesGiveTheirOwnDays() throws {
        var days: [String: [[String]]] = [:]
        for zone in ["Europe/Berlin", "America/New_York"] {
            let home = Household()
            home.cli.today = "2026-11-30"
            for file in Self.files { try home.put(file.name, file.text) }
            _ = try home.run(home.a, ["sync", "--vdir", home.vdir], zone: zone)
            days[zone] = try Self.listedDays(home, zone: zone)
        }
        // 23:30 UTC on 1 December is 00:30 on the 2nd in Berlin, 18:30 on the 1st in New York.
        #expect(days["Europe/Berlin"]?.first == ["2026-12-02", "Dinner: Late UTC"])
        #expect(days["America/New_York"]?.first == ["2026-12-01", "Dinner: Late UTC"])
        // The weekly soup at 00:30 in Berlin is on Tuesdays there and Mondays in New York, and
        // the day its EXDATE skips (given in UTC) is skipped in both.
        let berlinSoup = days["Europe/Berlin"]?.filter { $0.contains("Snack: Midnight soup") }.map { $0[0] }
        let newYorkSoup = days["America/New_York"]?.filter { $0.contains("Snack: Midnight soup") }.map { $0[0] }
        #expect(berlinSoup == ["2026-12-08", "2026-12-22", "2026-12-29"])
        #expect(newYorkSoup == ["2026-12-07", "2026-12-21", "2026-12-28"])
    }

    /// khal's days of the folder, in `zone`: each day's line then its events' titles, sorted.
    static func khalDays(_ home: Household, zone: String) throws -> [[String]] {
        let config = home.cli.folder + "/khal"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try """
            [calendars]
            [[meals]]
            path = \(home.vdir)
            type = calendar
            [locale]
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            timeformat = %H:%M

            """.write(toFile: config + "/config", atomically: true, encoding: .utf8)
        let run = try BoundedRun(
            ["khal", "-c", config + "/config", "list", "--day-format", "{date}", "--format", "{title}", "2026-11-30", "35d"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.cli.folder,
                          "LANG": "C.UTF-8", "TZ": zone],
            in: home.cli.folder, within: 60)
        return CalendarExportTests.sortedWithinDays(try run.succeeded().components(separatedBy: "\n"))
    }

    /// The same of the plan, each meal titled as its event is ("Dinner: Late UTC").
    static func listedDays(_ home: Household, zone: String) throws -> [[String]] {
        let json = try home.run(home.a, ["list", "--format", "json", "--from", "2026-11-30", "--days", "35"], zone: zone).stdout
        var byDay: [String: [String]] = [:]
        for meal in try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? [] {
            let slot = meal["slot"] as? String ?? "", title = meal["title"] as? String ?? ""
            byDay[meal["date"] as? String ?? "", default: []].append("\(slot.prefix(1).uppercased() + slot.dropFirst()): \(title)")
        }
        return byDay.keys.sorted().map { [$0] + byDay[$0]!.sorted() }
    }
}

extension SyncCommandTests.Household {
    /// `mealplan arguments…` on `database` with `TZ` set to `zone`.
    func run(_ database: String, _ arguments: [String], zone: String) throws -> RunResult {
        try cli.run(arguments, environment: ["MEALPLAN_DB": database, "TZ": zone])
    }
}
