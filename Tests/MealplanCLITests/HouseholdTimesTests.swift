import Foundation
import TestSupport
import Testing

/// What another program wrote of when a meal happens is kept, through a real Radicale and
/// vdirsyncer: a phone's dinner from 20:00 to 22:00 in its own time zone, edited or moved by a
/// plan, is still 20:00 to 22:00 in that zone on the server, as Python's `icalendar` reads it
/// there through `caldav`.
@Suite(.requires(.radicale), .requires(.vdirsyncer), .requires(.khal), .requires(.caldav))
struct HouseholdTimesTests {
    typealias Person = HouseholdSyncEndToEndTests.Person

    let server: RadicaleServer
    let ann: Person
    let phone: CalDAVPhone

    init() throws {
        server = try RadicaleServer.asTheGuideSetsItUp()
        ann = try Person(server: server)
        let account = try GuideSharing.account()
        phone = CalDAVPhone(server: server, user: account.user, password: account.password, calendar: "meals")
    }

    /// The phone's dinner, its note edited in the plan: the server's copy keeps the time, the
    /// end and the zone; moved to another day in the plan, the same times on that day.
    @Test func aPhonesZonedDinnerKeepsItsTimesWhenEditedHere() throws {
        let uid = try phone.addEvent(in: "Europe/Berlin", from: "2026-12-01T20:00", to: "2026-12-01T22:00", "Dinner: Fondue")
        #expect(try ann.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        let written = try phone.times(of: uid)
        #expect(written == ["DTSTART 2026-12-01T20:00:00+01:00 Europe/Berlin", "DTEND 2026-12-01T22:00:00+01:00 Europe/Berlin"])
        let id = try #require(ann.meals().first { $0.title == "Fondue" }?.id)
        try ann.mealplan(["edit", "\(id)", "--note", "the gruyère from the market"])
        #expect(try ann.sync().summary == "1 sent, 0 received, 0 removed, 0 conflicts")
        #expect(try phone.times(of: uid) == written, "the times as the phone wrote them")
        #expect(try phone.items().map { $0[3] } == ["Dinner: Fondue"])

        try ann.mealplan(["move", "\(id)", "2026-12-04"])
        #expect(try ann.sync().summary == "1 sent, 0 received, 0 removed, 0 conflicts")
        #expect(try phone.times(of: uid) == ["DTSTART 2026-12-04T20:00:00+01:00 Europe/Berlin",
                                             "DTEND 2026-12-04T22:00:00+01:00 Europe/Berlin"])
        #expect(try ann.meals().map { [$0.date, $0.slot, $0.title, $0.note ?? ""] }
            == [["2026-12-04", "dinner", "Fondue", "the gruyère from the market"]])
    }
}
