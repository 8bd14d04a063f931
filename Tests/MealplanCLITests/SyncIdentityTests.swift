import Foundation
import Testing
import TestSupport

/// A repeat's changed, done and skipped days keep their ids and UIDs whenever the repeat
/// travels, either way, and the leftovers that eat from one stay linked to it: the guide's
/// "ids never change", through a folder as vdirsyncer leaves it.
@Suite struct SyncIdentityTests {
    typealias Household = SyncCommandTests.Household

    /// A meal of `list --format json`: its id, UID, title, repeat and leftovers' source.
    struct Listed: Equatable {
        let id: Int, uid: String, title: String, repeatID: Int?, leftoversOf: String?
    }

    static func listed(_ home: Household, _ database: String) throws -> [Listed] {
        let json = try home.succeed(database, ["list", "--from", "2026-03-01", "--to", "2026-04-30", "--format", "json"])
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return meals.compactMap { meal in
            // Occurrences not changed have no id of their own.
            guard let id = meal["id"] as? Int, let uid = meal["uid"] as? String, let title = meal["title"] as? String else { return nil }
            return Listed(id: id, uid: uid, title: title, repeatID: meal["repeat"] as? Int, leftoversOf: meal["leftovers_of"] as? String)
        }
    }

    /// The stored meals of `database` by title, the first of each title.
    static func byTitle(_ home: Household, _ database: String) throws -> [String: Listed] {
        Dictionary(try listed(home, database).map { ($0.title, $0) }) { first, _ in first }
    }

    /// A weekly pizza with a day done, a day skipped and a day changed, and leftovers of the
    /// changed day, all made on A.
    static func pizzaWithLeftovers(_ home: Household) throws {
        try home.succeed(home.a, ["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri"])
        try home.succeed(home.a, ["done", "r1@2026-03-06"])
        try home.succeed(home.a, ["skipped", "r1@2026-03-13"])
        try home.succeed(home.a, ["repeat", "change", "1", "2026-03-20", "--title", "Pizza bianca"])
        try home.succeed(home.a, ["add", "2026-03-21", "lunch", "Cold pizza", "--leftovers-of", home.id(of: "Pizza bianca", in: home.a)])
    }

    @Test func aRepeatsChangedDaysKeepTheirIdsAndUIDsWhicheverWayItTravels() throws {
        let home = Household()
        try Self.pizzaWithLeftovers(home)
        let onA = try Self.byTitle(home, home.a)
        let changed = try #require(onA["Pizza bianca"])
        #expect(onA["Cold pizza"]?.leftoversOf == changed.uid)
        #expect(try Self.listed(home, home.a).filter { $0.repeatID == 1 }.count == 3, "the done, the skipped and the changed day")
        _ = try home.sync(home.a)
        _ = try home.sync(home.b)

        // B holds the same changed days under the same UIDs, and the leftovers eat from one.
        let onB = try Self.byTitle(home, home.b)
        #expect(Set(try Self.listed(home, home.b).map(\.uid)) == Set(try Self.listed(home, home.a).map(\.uid)))
        #expect(onB["Cold pizza"]?.leftoversOf == changed.uid)

        // The repeat changed on B comes back to A: A's changed days are the same meals still.
        let before = try Self.listed(home, home.a)
        try home.succeed(home.b, ["repeat", "skip", "1", "2026-03-27"])
        #expect(try home.sync(home.b) == SyncCommandTests.summary(sent: 1))
        #expect(try home.sync(home.a) == SyncCommandTests.summary(received: 1))
        #expect(try Self.listed(home, home.a) == before, "ids, UIDs and the leftovers' link as they were")

        // The changed day itself edited on B: A's meal of that day changes, under its id.
        try home.succeed(home.b, ["edit", "\(try #require(onB["Pizza bianca"]).id)", "--title", "Pizza rossa"])
        _ = try home.sync(home.b)
        _ = try home.sync(home.a)
        let rossa = try #require(try Self.byTitle(home, home.a)["Pizza rossa"])
        #expect(rossa.id == changed.id && rossa.uid == changed.uid && rossa.repeatID == 1)
        #expect(try Self.byTitle(home, home.a)["Cold pizza"]?.leftoversOf == changed.uid)

        // And the repeat edited on A goes to B, whose ids stay B's own.
        let onBBefore = try Self.listed(home, home.b)
        try home.succeed(home.a, ["repeat", "edit", "1", "--note", "thin crust"])
        _ = try home.sync(home.a)
        #expect(try home.sync(home.b) == SyncCommandTests.summary(received: 1))
        #expect(try Self.listed(home, home.b) == onBBefore)
        #expect(try home.sync(home.a) == SyncCommandTests.summary())
        #expect(try home.sync(home.b) == SyncCommandTests.summary())
    }

    /// A changed day another program wrote (no `X-MEALPLAN-MEAL-UID`) gets the same UID in
    /// every plan that takes it, so that leftovers one plan links to it are linked on the others.
    @Test func aChangedDayAnotherProgramWroteHasOneUIDInEveryPlan() throws {
        let home = Household()
        let c = home.cli.folder + "/c.sqlite"
        try home.put("phone-pizza.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//A phone//EN\r
            BEGIN:VEVENT\r
            UID:7C2B4A9E-0F1D-4E55-9B8A-3D6F1E2A4B5C\r
            DTSTAMP:20260301T100000Z\r
            DTSTART;VALUE=DATE:20260306\r
            RRULE:FREQ=WEEKLY;BYDAY=FR\r
            SUMMARY:Dinner: Pizza\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:7C2B4A9E-0F1D-4E55-9B8A-3D6F1E2A4B5C\r
            DTSTAMP:20260301T100000Z\r
            RECURRENCE-ID;VALUE=DATE:20260320\r
            DTSTART;VALUE=DATE:20260320\r
            SUMMARY:Dinner: Calzone\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        #expect(try home.sync(home.a) == SyncCommandTests.summary(received: 1))
        #expect(try home.sync(c) == SyncCommandTests.summary(received: 1))
        let calzone = try #require(try Self.byTitle(home, home.a)["Calzone"])
        #expect(try Self.byTitle(home, c)["Calzone"]?.uid == calzone.uid)

        // Leftovers of it made on A are leftovers of the same meal on C.
        try home.succeed(home.a, ["add", "2026-03-21", "lunch", "Cold calzone", "--leftovers-of", "\(calzone.id)"])
        _ = try home.sync(home.a)
        _ = try home.sync(c)
        #expect(try Self.byTitle(home, c)["Cold calzone"]?.leftoversOf == calzone.uid)
    }

    /// A meal another program made, under a UID that is no UUID (a phone's `…@phone`), has one
    /// UID in every plan that takes it: leftovers one plan links to it are linked on the others,
    /// and an edit on one is an edit of that meal on the others, never a copy.
    @Test func aPhonesEventHasOneUIDInEveryPlan() throws {
        let home = Household()
        let c = home.cli.folder + "/c.sqlite"
        try home.put("tacos.ics", phoneEvent(uid: "20260306-tacos@a-phone.example", day: "20260306", title: "Dinner: Tacos"))
        #expect(try home.sync(home.a) == SyncCommandTests.summary(received: 1))
        #expect(try home.sync(c) == SyncCommandTests.summary(received: 1))
        let tacos = try #require(try Self.byTitle(home, home.a)["Tacos"])
        #expect(try Self.byTitle(home, c)["Tacos"]?.uid == tacos.uid)

        try home.succeed(home.a, ["add", "2026-03-07", "lunch", "Taco salad", "--leftovers-of", "\(tacos.id)"])
        try home.succeed(home.a, ["edit", "\(tacos.id)", "--title", "Fish tacos"])
        _ = try home.sync(home.a)
        #expect(try home.sync(c) == SyncCommandTests.summary(received: 2))
        let onC = try Self.listed(home, c)
        #expect(onC.map(\.title).sorted() == ["Fish tacos", "Taco salad"], "\(onC)")
        #expect(onC.first { $0.title == "Fish tacos" }?.uid == tacos.uid)
        #expect(onC.first { $0.title == "Taco salad" }?.leftoversOf == tacos.uid)
        #expect(try home.file("tacos.ics").contains("UID:20260306-tacos@a-phone.example\r\n"), "the phone's UID kept")
    }

    /// A changed day removed on the other side goes here too, and the leftovers that ate from
    /// it stay, a meal of their own on both plans.
    @Test func aChangedDayRemovedThereGoesAndItsLeftoversStay() throws {
        let home = Household()
        try Self.pizzaWithLeftovers(home)
        _ = try home.sync(home.a)
        _ = try home.sync(home.b)
        // On B the changed day is made plain again: the rule skips it no more.
        let onB = try Self.byTitle(home, home.b)
        try home.succeed(home.b, ["remove", "\(try #require(onB["Pizza bianca"]).id)"])
        _ = try home.sync(home.b)
        _ = try home.sync(home.a)
        let onA = try Self.byTitle(home, home.a)
        #expect(onA["Pizza bianca"] == nil)
        #expect(onA["Cold pizza"] != nil, "the leftovers stay, a meal of their own")
        #expect(try home.meals(home.a) == home.meals(home.b))
    }
}
