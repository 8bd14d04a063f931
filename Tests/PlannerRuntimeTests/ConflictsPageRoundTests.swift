import Foundation
import MealPlanCore
import MealPlanStore
import PlanSync
import PlannerRuntime
import PlannerUI
import Settings
import TerminalKit
import Testing
import TestSupport

/// The conflicts page on a real round: two plans and a folder between them, a conflict made
/// on each meal; the page lists each conflict in the lines `SyncConflictReport` makes for the
/// same versions (what `mealplan sync` prints), and its keys resolve them through the round.
@Suite struct ConflictsPageRoundTests {
    let home = SyncRoundAgreementTests()
    var a: String { home.folder.file("a.sqlite") }
    var b: String { home.folder.file("b.sqlite") }
    var environment: Environment { Environment(variables: home.variables.merging(["MEALPLAN_DB": b]) { $1 }) }

    /// The id plan `database` gives its meal titled `title`.
    func id(of title: String, in database: String) throws -> String {
        let json = try home.mealplan(database, ["list", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "json"])
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return String(try #require(meals.first { $0["title"] as? String == title }?["id"] as? Int))
    }

    /// The meals of March without ids and UIDs: what two synced plans show alike.
    func meals(_ database: String) throws -> String {
        try home.mealplan(database, ["list", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "json"])
            .replacingOccurrences(of: #""(id|uid)":("[^"]*"|[0-9]+),"#, with: "", options: .regularExpression)
    }

    /// A and B synced with a soup and a pie, both changed apart on each; A synced since. B's
    /// conflicts are the soup's (title and note) and the pie's (a line too long for 53 columns).
    func conflicting() throws {
        try home.folder.write("[sync]\nvdir = \"\(home.vdir)\"\n", to: "home/.config/mealplan/config.toml")
        try home.mealplan(a, ["add", "2026-03-03", "lunch", "Soup", "--note", "leek"])
        try home.mealplan(a, ["add", "2026-03-04", "dinner", "Pie"])
        try home.mealplan(a, ["sync"])
        try home.mealplan(b, ["sync"])
        try home.mealplan(a, ["edit", try id(of: "Soup", in: a), "--title", "Stew", "--note", "beef"])
        try home.mealplan(a, ["edit", try id(of: "Pie", in: a), "--title", "Apple and blackberry crumble"])
        try home.mealplan(b, ["edit", try id(of: "Soup", in: b), "--title", "Curry"])
        try home.mealplan(b, ["edit", try id(of: "Pie", in: b), "--title", "Tart"])
        try home.mealplan(a, ["sync"])
    }

    /// The conflicts a round of B's plan reports now, changing nothing: what the command prints.
    func reported(_ store: MealStore) throws -> [SyncConflictReport] {
        let round = try SyncRound(config: try ConfigFile.load(in: environment), request: SyncRound.Request(dryRun: true),
                                  today: day(home.today), weekStart: .monday)
        return try round.run(waiting: { _ in }) { store }.report.conflicts
    }

    /// Feeds `input` to the planner, and the answer of every round it asks for, as the loop does.
    func send(_ input: Input, to state: inout PlannerState, store: MealStore) {
        let key = PlannerSync(environment: environment, weekStart: .monday)
        var queue = Planner.update(&state, input)
        while !queue.isEmpty {
            switch queue.removeFirst() {
            case .sync: queue += Planner.update(&state, key.answer(store, today: day(home.today)))
            case .resolveConflicts(let resolution):
                queue += Planner.update(&state, key.answer(store, today: day(home.today), resolving: resolution))
            default: break
            }
        }
    }

    /// The page's text rows at 80 columns: the conflicts' lines as reported, each after an
    /// empty line, under the round's summary, a column of margin; at 53, the same words.
    @Test(.requires(.sqlite3)) func thePageShowsTheReportsLinesAndItsKeysResolveThem() throws {
        try conflicting()
        let store = try MealStore.open(path: b, access: .read)
        let reports = try reported(store)
        #expect(reports.count == 2)
        var state = PlannerState(today: day(home.today), weekStart: .monday, slots: try store.slots(), size: Size(width: 80, height: 24))
        _ = Planner.start(&state)
        send(.event(.key(.character("C"))), to: &state, store: store)

        var lines = Planner.render(state, colors: false).buffer.lines
        let text = ["Synced: 0 sent, 0 received, 0 removed, 2 conflicts"] + reports.flatMap { [""] + $0.lines }
        #expect(Array(lines[1...text.count]) == text.map { (" " + $0).padded(toWidth: 80) })
        #expect(state.syncConflicts.map(\.lines) == reports.map(\.lines))
        #expect(state.syncConflicts.map(\.name) == reports.map(\.name))

        // At 53 columns the pie's title wraps: the rows hold the same words in the same order.
        send(.event(.resize(width: 53, height: 17)), to: &state, store: store)
        lines = Planner.render(state, colors: false).buffer.lines
        let words = text.joined(separator: " ").split(separator: " ").joined(separator: " ")
        let rows = lines[1..<(lines.count - 1)].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(rows.joined(separator: " ") == words)
        #expect(lines.allSatisfy { $0.count == 53 })

        // `t` keeps the other side's soup; the page then lists the pie alone, as a round reports it.
        send(.event(.key(.character("t"))), to: &state, store: store)
        let left = try reported(store)
        #expect(left.map(\.lines) == [reports[1].lines])
        #expect(state.syncConflicts.map(\.lines) == left.map(\.lines))
        // `b` keeps both pies: none left, the days again with the round's summary.
        send(.event(.key(.character("b"))), to: &state, store: store)
        #expect(state.mode == .browsing)
        #expect(state.message?.text.hasSuffix(", 0 conflicts") == true)
        #expect(!(state.message?.text.contains("--") ?? true))

        // The next sync of A brings the plans together: the other side's soup, both pies.
        try home.mealplan(a, ["sync"])
        try home.mealplan(b, ["sync"])
        #expect(try meals(a) == meals(b))
        let march = try meals(b)
        #expect(march.contains(#""title":"Stew""#) && !march.contains(#""title":"Curry""#))
        #expect(march.contains(#""title":"Tart""#) && march.contains(#""title":"Apple and blackberry crumble""#))
    }
}
