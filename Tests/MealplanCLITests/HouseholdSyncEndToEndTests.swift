import Foundation
import TestSupport
import Testing

/// Two people's plans synced through one CalDAV server, end to end: each a computer set up as
/// the guide's "Sharing" chapter says (`VdirsyncerHome`, and the guide's `[sync]` settings in
/// their config file, so that `mealplan sync` runs vdirsyncer before and after), one Radicale
/// set up by the guide's files, a phone (`CalDAVPhone`), and khal.
@Suite(.requires(.radicale), .requires(.vdirsyncer), .requires(.khal), .requires(.caldav))
struct HouseholdSyncEndToEndTests {
    let server: RadicaleServer
    let ann: Person, bo: Person

    init() throws {
        server = try RadicaleServer.asTheGuideSetsItUp()
        ann = try Person(server: server)
        bo = try Person(server: server)
    }

    @Test func aMealAddedOnOnePlanAppearsOnTheOther() throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Paella", "--note", "saffron, from the market"])
        #expect(try ann.sync().summary == "1 sent, 0 received, 0 removed, 0 conflicts")
        #expect(try bo.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        #expect(try bo.meals() == ann.meals())
        #expect(try bo.meals().map(\.title) == ["Paella"])
        #expect(try bo.meals().map(\.uid) == ann.meals().map(\.uid), "the same meal in both plans, by its UID")
    }

    @Test func aMealMovedOnOnePlanMovesOnTheOther() throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Paella"])
        try ann.sync()
        try bo.sync()
        let id = try #require(bo.meals().first?.id)
        try bo.mealplan(["move", "\(id)", "2026-12-03", "--slot", "lunch"])
        try bo.sync()
        try ann.sync()
        #expect(try ann.meals().map { [$0.date, $0.slot, $0.title] } == [["2026-12-03", "lunch", "Paella"]])
        #expect(try ann.meals() == bo.meals())
    }

    @Test func aMealRemovedOnOnePlanIsGoneFromTheOther() throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Paella"])
        try ann.mealplan(["add", "2026-12-02", "dinner", "Curry"])
        try ann.sync()
        try bo.sync()
        let paella = try #require(ann.meals().first { $0.title == "Paella" }?.id)
        try ann.mealplan(["remove", "\(paella)"])
        #expect(try ann.sync().summary == "0 sent, 0 received, 1 removed, 0 conflicts")
        try bo.sync()
        #expect(try bo.meals().map(\.title) == ["Curry"])
        #expect(try ann.meals() == bo.meals())
    }

    /// A weekly rule with a skipped day and a changed day travels as one repeating event and
    /// comes out the same on the other plan for a whole year.
    @Test func aRepeatWithASkippedAndAChangedDayListsTheSameForAYear() throws {
        try bo.mealplan(["add", "2026-12-02", "lunch", "Soup"])
        try ann.mealplan(["repeat", "add", "2026-11-30", "dinner", "Pizza night", "--every", "week", "--on", "fri"])
        try ann.mealplan(["repeat", "skip", "1", "2026-12-25"])
        try ann.mealplan(["repeat", "change", "1", "2027-01-01", "--title", "New year's pizza", "--to", "2026-12-31"])
        try bo.sync()
        try ann.sync()
        try bo.sync()
        let year = ["--from", "2026-11-30", "--to", "2027-11-29"]
        // 52 Fridays, less the one skipped; the one changed stays, a day earlier; and Bo's soup.
        #expect(try ann.meals(year).count == 52)
        #expect(try bo.meals(year) == ann.meals(year))
        #expect(try bo.mealplan(["repeat", "list"]).contains("Pizza night"))
        // One file for the repeat, its changed day in it, and one for the soup; khal, which
        // reads them its own way, lists the year as mealplan does.
        #expect(try HouseholdSharingTests.files(in: bo.home.vdir).count == 2)
        #expect(try HouseholdSharingTests.khalDays(bo.home, days: 365)
            == HouseholdSharingTests.listedDays([bo.cli.database], cli: bo.cli, days: 365))
    }

    /// With the server off, vdirsyncer fails before the sync: `mealplan sync` syncs nothing,
    /// says why and exits 1.
    @Test func aSyncWithTheServerOffChangesNothing() throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Paella"])
        server.stop()
        let failed = try ann.sync(expecting: 1)
        #expect(failed.summary == "", "no summary: nothing synced")
        #expect(failed.errors.contains("the [sync] command 'vdirsyncer sync meals' failed before the sync"), "\(failed.errors)")
        #expect(try HouseholdSharingTests.files(in: ann.home.vdir) == [], "nothing written into the folder")
        #expect(try ann.meals().map(\.title) == ["Paella"])
    }

    /// The same meal changed on both plans before either synced: the second sync changes
    /// neither, prints both versions as the guide shows them and exits 1, again until told;
    /// `--keep` then keeps what it says, on both plans and the server, as the guide says.
    @Test(arguments: [("mine", ["Curry"]), ("theirs", ["Soup"]), ("both", ["Curry", "Soup"])])
    func aMealChangedOnBothIsAConflictUntilKept(keep: String, kept: [String]) throws {
        try ann.mealplan(["add", "2026-12-01", "lunch", "Leftovers"])
        try ann.sync()
        try bo.sync()
        let annID = try #require(ann.meals().first?.id), boID = try #require(bo.meals().first?.id)
        try ann.mealplan(["edit", "\(annID)", "--title", "Soup"])
        try bo.mealplan(["edit", "\(boID)", "--title", "Curry"])
        try ann.sync()
        let shown = try GuideSharing.block("text", startingWith: "Tue 1 Dec lunch, meal 1:")
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        for _ in 1...2 {
            #expect(try bo.sync(expecting: 1).standardOutput == shown)
            #expect(try bo.meals().map(\.title) == ["Curry"], "nothing changed on the plan")
            #expect(try phone.items().map { $0[3] } == ["Lunch: Soup"], "nothing changed on the server")
        }
        try bo.sync(["--keep", keep])
        try ann.sync()
        #expect(try bo.meals().map(\.title).sorted() == kept)
        #expect(try ann.meals().map(\.title).sorted() == kept)
        #expect(try phone.items().compactMap { $0[3] }.sorted() == kept.map { "Lunch: \($0)" })
    }

    /// `--dry-run` says what would travel and changes nothing: no file, nothing on the server,
    /// and the next sync sends the meal.
    @Test func aDryRunChangesNothing() throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Paella"])
        let dry = try ann.sync(["--dry-run"])
        #expect(dry.summary.hasPrefix("1 sent"), "\(dry.standardOutput)")
        #expect(try HouseholdSharingTests.files(in: ann.home.vdir) == [])
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        #expect(try phone.items() == [])
        #expect(try ann.sync().summary == "1 sent, 0 received, 0 removed, 0 conflicts")
    }

    /// "Dinner: Tacos" typed on a phone is a dinner of tacos on its day.
    @Test func anEventAddedOnAPhoneIsADinner() throws {
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        try phone.addEvent(on: "2026-12-02", "Dinner: Tacos")
        try ann.sync()
        #expect(try ann.meals().map { [$0.date, $0.slot, $0.title] } == [["2026-12-02", "dinner", "Tacos"]])
    }

    /// After syncs both ways, khal, reading each person's vdir, and a phone, reading the server,
    /// show the days `mealplan list` lists.
    @Test func khalAndAPhoneShowTheDaysMealplanLists() throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Paella", "--note", "saffron"])
        try ann.mealplan(["add", "2026-12-01", "breakfast", "Porridge"])
        try bo.mealplan(["add", "2026-12-02", "lunch", "Soup"])
        try bo.mealplan(["add", "2026-12-14", "dinner", "Crème brûlée"])
        try ann.sync()
        try bo.sync()
        try ann.sync()
        let listed = try HouseholdSharingTests.listedDays([ann.cli.database], cli: ann.cli)
        #expect(try HouseholdSharingTests.listedDays([bo.cli.database], cli: bo.cli) == listed)
        for person in [ann, bo] {
            #expect(try HouseholdSharingTests.khalDays(person.home) == listed)
        }
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        var onThePhone: [String: [String]] = [:]
        for item in try phone.items() {
            let start = try #require(item[2])
            onThePhone["\(start.prefix(4))-\(start.dropFirst(4).prefix(2))-\(start.dropFirst(6).prefix(2))", default: []]
                .append(item[3] ?? "")
        }
        #expect(onThePhone.keys.sorted().map { [$0] + onThePhone[$0]!.sorted() } == listed)
    }

    /// A repeat's changed day travels through the server and back keeping its id and UID on
    /// both plans, and the leftovers that eat from it stay linked to it on both.
    @Test func aRepeatsChangedDayKeepsItsIdentityThroughTheServer() throws {
        try ann.mealplan(["repeat", "add", "2026-12-04", "dinner", "Pizza", "--every", "week", "--on", "fri"])
        try ann.mealplan(["repeat", "change", "1", "2026-12-11", "--title", "Pizza bianca"])
        let bianca = try #require(ann.meals().first { $0.title == "Pizza bianca" })
        try ann.mealplan(["add", "2026-12-12", "lunch", "Cold pizza", "--leftovers-of", "\(try #require(bianca.id))"])
        try ann.sync()
        try bo.sync()
        let onBo = try #require(bo.meals().first { $0.title == "Pizza bianca" })
        #expect(onBo.uid == bianca.uid)
        #expect(try bo.leftoversOf("Cold pizza") == bianca.uid)
        // The repeat changed on Bo's plan comes back to Ann's: her changed day is the same meal.
        try bo.mealplan(["repeat", "skip", "1", "2026-12-18"])
        try bo.sync()
        #expect(try ann.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        let back = try #require(ann.meals().first { $0.title == "Pizza bianca" })
        #expect(back.id == bianca.id && back.uid == bianca.uid)
        #expect(try ann.leftoversOf("Cold pizza") == bianca.uid)
        #expect(try ann.meals() == bo.meals())
    }

    /// A phone's new event and two syncs of one plan at once, twenty times: the plan holds
    /// each event once, and the server each once (nothing sent back doubled).
    @Test func twoSyncsAtOnceTakeAPhoneEventOnce() throws {
        let account = try GuideSharing.account()
        let phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
        for run in 1...20 {
            try phone.addEvent(on: "2026-12-\(String(format: "%02d", run))", "Dinner: Tacos \(run)")
            let results = try SyncConcurrencyTests.twice { _ in try ann.sync() }
            #expect(results.map(\.summary).filter { $0.contains(", 1 received,") }.count == 1, "run \(run): \(results.map(\.summary))")
        }
        let titles = try ann.meals(["--from", "2026-12-01", "--days", "20"]).map(\.title)
        #expect(titles.sorted() == (1...20).map { "Tacos \($0)" }.sorted())
        #expect(try phone.items().count == 20)
    }

    /// One person: their computer as the guide sets it up, with a plan of their own.
    struct Person {
        let home: VdirsyncerHome
        let cli = CLISandbox()

        init(server: RadicaleServer) throws {
            home = try VdirsyncerHome(server: server)
            try FileManager.default.createDirectory(atPath: home.home + "/.config/mealplan", withIntermediateDirectories: true)
            try GuideSharing.settings("[sync]").write(toFile: home.home + "/.config/mealplan/config.toml", atomically: true, encoding: .utf8)
            cli.today = "2026-11-30"
        }

        /// `mealplan arguments…` on this person's plan, bounded in time, which must exit with
        /// `status`: what it printed.
        @discardableResult
        func mealplan(_ arguments: [String], expecting status: Int32 = 0) throws -> String {
            try run(arguments, expecting: status).output
        }

        /// `mealplan sync options…`, which runs vdirsyncer before and after.
        @discardableResult
        func sync(_ options: [String] = [], expecting status: Int32 = 0) throws -> SyncReport {
            let run = try run(["sync"] + options, expecting: status)
            return SyncReport(standardOutput: run.output, errors: run.errors)
        }

        private func run(_ arguments: [String], expecting status: Int32) throws -> BoundedRun {
            let environment = cli.environment(home.environment().merging(["XDG_CONFIG_HOME": ""]) { $1 })
            let run = try BoundedRun([CLISandbox.binary.path] + arguments, environment: environment, in: cli.folder,
                                     within: VdirsyncerHome.timeLimitSeconds * 3)
            guard run.status == status else { throw CommandFailed(run: run) }
            return run
        }

        /// The UID of the meal that the leftovers titled `title` eat from.
        func leftoversOf(_ title: String) throws -> String? {
            let json = try mealplan(["list", "--format", "json", "--from", "2026-11-30", "--days", "28"])
            let meals = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
            return meals.first { $0["title"] as? String == title }?["leftovers_of"] as? String
        }

        /// The plan's meals, as `list --format json` gives them, of the days `range` names.
        func meals(_ range: [String] = ["--from", "2026-11-30", "--days", "28"]) throws -> [ListedMeal] {
            let json = try mealplan(["list", "--format", "json"] + range)
            return try (JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []).map(ListedMeal.init)
        }
    }

    /// What a sync printed on standard output, and on standard error (with vdirsyncer's output).
    struct SyncReport {
        let standardOutput: String
        let errors: String
        /// The last line: "1 sent, 0 received, 0 removed, 0 conflicts".
        var summary: String { standardOutput.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// A meal as both plans must agree on it: everything `list` shows but its id, which each
    /// plan numbers its own way, and its UID, which a changed day of a repeat, an override of
    /// the repeat's event in the calendar, need not keep.
    struct ListedMeal: Equatable {
        let id: Int?
        let date: String, slot: String, title: String
        let note: String?, recipe: String?, servings: Double?
        let position: Int
        let uid: String?

        init(_ json: [String: Any]) {
            id = json["id"] as? Int
            date = json["date"] as? String ?? ""
            slot = json["slot"] as? String ?? ""
            title = json["title"] as? String ?? ""
            note = json["note"] as? String
            recipe = json["recipe"] as? String
            servings = json["servings"] as? Double
            position = json["position"] as? Int ?? -1
            uid = json["uid"] as? String
        }

        static func == (left: ListedMeal, right: ListedMeal) -> Bool {
            left.agreed == right.agreed
        }

        /// What two plans must agree on.
        private var agreed: [String?] {
            [date, slot, title, note, recipe, servings.map { "\($0)" }, "\(position)"]
        }
    }
}
