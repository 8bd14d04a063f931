import Foundation
import TestSupport
import Testing

/// A change made back reaches the other side, through a real Radicale and vdirsyncer: a meal
/// changed on one plan, received on the other and changed back there is sent and received as
/// any change is. vdirsyncer's hash leaves out `DTSTAMP` and `LAST-MODIFIED`, and after it
/// brings a version into the folder it may keep the hash of the one before
/// (pimutils/vdirsyncer#1155), so a file rewritten as an earlier version was would never be
/// uploaded: every version mealplan writes names the one it replaces (`X-MEALPLAN-REVISION`).
@Suite(.requires(.radicale), .requires(.vdirsyncer), .requires(.khal), .requires(.caldav))
struct HouseholdRevertTests {
    typealias Person = HouseholdSyncEndToEndTests.Person

    let server: RadicaleServer
    let ann: Person, bo: Person

    init() throws {
        server = try RadicaleServer.asTheGuideSetsItUp()
        ann = try Person(server: server)
        bo = try Person(server: server)
        for person in [ann, bo] {
            let recipes = person.home.home + "/.local/share/mealplan/recipes"
            try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: true)
            try "Simmer @leeks{2} and @potatoes{500%g}.\n".write(toFile: recipes + "/soup.cook", atomically: true, encoding: .utf8)
        }
    }

    /// Each field a person changes and changes back: the option of `edit` that sets it, the
    /// first value and the other.
    static let fields: [(option: String, first: String, other: String)] = [
        ("--title", "Soup", "Curry"), ("--note", "leek and potato", "with chilli"), ("--servings", "2", "5"),
    ]

    /// Ann's meal, changed by Bo, changed back by Ann: Bo gets it back, and so does the server.
    @Test(arguments: fields)
    func aChangeBackOnTheCommandLineReachesTheOtherPlan(field: (option: String, first: String, other: String)) throws {
        try ann.mealplan(["add", "2026-12-01", "dinner", "Soup", "--note", "leek and potato", "--recipe", "soup", "--servings", "2"])
        try ann.sync()
        #expect(try bo.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        let boID = try #require(bo.meals().first?.id), annID = try #require(ann.meals().first?.id)
        try bo.mealplan(["edit", "\(boID)", field.option, field.other])
        #expect(try bo.sync().summary == "1 sent, 0 received, 0 removed, 0 conflicts")
        #expect(try ann.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        try ann.mealplan(["edit", "\(annID)", field.option, field.first])
        #expect(try ann.sync().summary == "1 sent, 0 received, 0 removed, 0 conflicts")
        #expect(try bo.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        #expect(try bo.meals() == ann.meals())
        #expect(try bo.meals().map { [$0.title, $0.note ?? "", $0.servings.map { "\($0)" } ?? ""] } == [["Soup", "leek and potato", "2.0"]])
        // And back again the other way: Bo's change reaches Ann once more.
        try bo.mealplan(["edit", "\(boID)", field.option, field.other])
        try bo.sync()
        #expect(try ann.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        #expect(try ann.meals() == bo.meals())
    }

    /// The planner's sync undone: `C` receives Bo's change, `u` undoes that sync, `C` sends the
    /// meal as it was, and Bo receives it.
    @Test(.requires(.tmux)) func aSyncUndoneInThePlannerIsSent() throws {
        let planner = try TmuxPlanner(width: 100, height: 30, today: "2026-11-30", environment: ann.home.environment())
        try planner.mealplan("add", "2026-12-01", "dinner", "Soup")
        try planner.waitFor("Soup")
        try planner.press("C")
        try planner.waitFor("Synced: 1 sent, 0 received", within: .seconds(VdirsyncerHome.timeLimitSeconds * 3))
        #expect(try bo.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        let boID = try #require(bo.meals().first?.id)
        try bo.mealplan(["edit", "\(boID)", "--title", "Curry"])
        try bo.sync()

        try planner.press("C")
        try planner.waitFor("Synced: 0 sent, 1 received", within: .seconds(VdirsyncerHome.timeLimitSeconds * 3))
        try planner.waitFor("Curry")
        try planner.press("u")
        try planner.waitFor("Undid")
        try planner.waitFor("Soup")
        try planner.press("C")
        try planner.waitFor("Synced: 1 sent, 0 received", within: .seconds(VdirsyncerHome.timeLimitSeconds * 3))
        #expect(try bo.sync().summary == "0 sent, 1 received, 0 removed, 0 conflicts")
        #expect(try bo.meals().map(\.title) == ["Soup"])
    }
}
