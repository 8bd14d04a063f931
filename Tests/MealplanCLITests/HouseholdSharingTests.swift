import Foundation
import TestSupport
import Testing

/// A household set up as the guide's "Sharing" chapter says (`VdirsyncerHome`: the guide's
/// Radicale, vdirsyncer and khal files), with what needs no `mealplan sync`: plans exported into
/// one vdir and one calendar on the server, and a phone (`CalDAVPhone`) adding an event and
/// ticking off a task that reach everyone's vdir.
@Suite(.requires(.radicale), .requires(.vdirsyncer), .requires(.khal), .requires(.caldav))
struct HouseholdSharingTests {
    /// The days the tests look at: from Monday 30 November 2026, three weeks.
    static let from = "2026-11-30", days = 21

    /// Two plans, each numbering its meals from 1, each with a weekly repeat: exported, imported
    /// by khal into Ann's vdir, sent to the server by vdirsyncer and fetched into Bo's vdir. No
    /// UID of one plan is the other's, so every meal of both is one file in each vdir and one
    /// event on the server, and khal lists on Bo's computer the days `mealplan list` lists.
    @Test func twoPlansShareOneVdirAndOneCalendar() throws {
        let server = try RadicaleServer.asTheGuideSetsItUp()
        let ann = try VdirsyncerHome(server: server), bo = try VdirsyncerHome(server: server)
        let cli = CLISandbox()
        var uids: [String] = []
        for household in ["Ann", "Bo"] {
            let database = cli.folder + "/\(household).sqlite"
            try cli.succeed(["add", "2026-11-30", "dinner", "\(household)'s lasagna", "--db", database])
            try cli.succeed(["add", "2026-12-02", "lunch", "\(household)'s soup", "--note", "with bread", "--db", database])
            try cli.succeed(["repeat", "add", "2026-11-30", "breakfast", "\(household)'s porridge", "--every", "week", "--on", "mon,thu",
                             "--db", database])
            try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/\(household).ics", "--db", database])
            try ann.khal(["import", "--batch", "--include-calendar", "meals", cli.folder + "/\(household).ics"])
            uids += try Self.exportedUIDs(cli.folder + "/\(household).ics")
        }
        #expect(uids.count == 6 && Set(uids).count == 6, "three items of each plan, no UID shared: \(uids)")
        #expect(try Self.files(in: ann.vdir) == Set(uids.map { $0 + ".ics" }))
        try ann.sync()
        try bo.sync()
        #expect(try Self.files(in: bo.vdir) == Set(uids.map { $0 + ".ics" }))
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        #expect(Set(try phone.items().map { $0[1] }) == Set(uids), "the server holds every item of both plans")
        #expect(try Self.khalDays(bo) == Self.listedDays(["Ann", "Bo"].map { cli.folder + "/\($0).sqlite" }, cli: cli))
    }

    /// "Dinner: Tacos" typed on a phone is a file in each vdir after vdirsyncer's next sync, and
    /// khal shows it on its day.
    @Test func anEventAddedOnAPhoneReachesEveryVdir() throws {
        let server = try RadicaleServer.asTheGuideSetsItUp()
        let ann = try VdirsyncerHome(server: server), bo = try VdirsyncerHome(server: server)
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        let uid = try phone.addEvent(on: "2026-12-02", "Dinner: Tacos")
        try ann.sync()
        try bo.sync()
        for home in [ann, bo] {
            #expect(try Self.files(in: home.vdir) == ["\(uid).ics"])
            #expect(try Self.khalDays(home) == [["2026-12-02", "Dinner: Tacos"]])
        }
    }

    /// A task in Ann's vdir, ticked off on the phone, comes back completed at the next sync: the
    /// round a shopping list sent to a phone takes.
    @Test func aTaskTickedOffOnAPhoneComesBackCompleted() throws {
        let server = try RadicaleServer.asTheGuideSetsItUp()
        let ann = try VdirsyncerHome(server: server)
        let task = ann.vdir + "/tomatoes.ics"
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//mealplan tests//EN\r
            BEGIN:VTODO\r
            UID:tomatoes\r
            DTSTAMP:20261130T090000Z\r
            SUMMARY:Tomatoes\r
            STATUS:NEEDS-ACTION\r
            END:VTODO\r
            END:VCALENDAR\r

            """.write(toFile: task, atomically: true, encoding: .utf8)
        try ann.sync()
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        #expect(try phone.items() == [["VTODO", "tomatoes", nil, "Tomatoes", "NEEDS-ACTION"]])
        try phone.completeTask("Tomatoes")
        try ann.sync()
        // vdirsyncer writes the lines as the server sent them, ended by CRLF or LF.
        let lines = try String(contentsOfFile: task, encoding: .utf8).replacingOccurrences(of: "\r", with: "")
            .components(separatedBy: "\n")
        #expect(lines.contains("STATUS:COMPLETED"))
        #expect(lines.contains { $0.hasPrefix("COMPLETED:") })
        #expect(lines.contains("UID:tomatoes"))
    }

    /// The guide's server wants the guide's password: the tests' server is the guide's, not
    /// one that lets anyone in.
    @Test func theGuidesServerRefusesAWrongPassword() throws {
        let server = try RadicaleServer.asTheGuideSetsItUp()
        let account = try GuideSharing.account()
        let stranger = CalDAVPhone(server: server, user: account.user, password: account.password + "-not", calendar: "meals")
        #expect(throws: CommandFailed.self) { try stranger.items() }
    }

    /// A tool that hangs (a server that never answers, a question waiting for a person) is
    /// stopped at its bound and fails the test, saying so.
    @Test func aToolThatHangsIsStoppedAtItsBound() throws {
        let start = ContinuousClock.now
        let run = try BoundedRun(["sleep", "600"], environment: ["PATH": "/usr/bin:/bin"], in: "/", within: 1)
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(run.timedOut)
        #expect(throws: CommandFailed.self) { try run.succeeded() }
        #expect(CommandFailed(run: run).description.hasPrefix("`sleep 600` ran out of time"))
    }

    // MARK: - What the tests compare

    /// The names of the files in `folder`.
    static func files(in folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    /// The UIDs of an iCalendar file's events.
    static func exportedUIDs(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
            .filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    /// khal's list of the days, each day's line then its events' titles, sorted within the day.
    static func khalDays(_ home: VdirsyncerHome, from: String = from, days: Int = days) throws -> [[String]] {
        let listed = try home.khal(["list", "--day-format", "{date}", "--format", "{title}", from, "\(days)d"])
        return CalendarExportTests.sortedWithinDays(listed.components(separatedBy: "\n"))
    }

    /// The same from `mealplan list` of every plan of `databases` together, each meal titled as
    /// its event is ("Dinner: Tacos").
    static func listedDays(_ databases: [String], cli: CLISandbox, from: String = from, days: Int = days) throws -> [[String]] {
        var byDay: [String: [String]] = [:]
        for database in databases {
            let json = try cli.succeed(["list", "--format", "json", "--from", from, "--days", "\(days)", "--db", database])
            for meal in try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? [] {
                let slot = meal["slot"] as? String ?? "", title = meal["title"] as? String ?? ""
                byDay[meal["date"] as? String ?? "", default: []].append("\(slot.prefix(1).uppercased() + slot.dropFirst()): \(title)")
            }
        }
        return byDay.keys.sorted().map { [$0] + byDay[$0]!.sorted() }
    }
}
