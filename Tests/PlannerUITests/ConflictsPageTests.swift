import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
@testable import PlannerUI
import TerminalKit
import Testing
import TestSupport
import TwoWaySync

/// The conflicts page after `C`: each conflict's lines, one selected; `h`, `t` and `b` keep a
/// side of the selected one, `H`, `T` and `B` of all, each through one round that is one
/// step of the history; Esc and `q` go back to the days and `!` comes back.
@Suite struct ConflictsPageTests {
    let monday = day("2026-03-02")

    /// A sync whose rounds keep what they are asked: a conflict kept leaves the list, and a
    /// side kept renames the meal "Soup" after it (as a received version would), so that
    /// undo has a change to take back. It records what each round was asked.
    final class Rounds: @unchecked Sendable {
        private let lock = NSLock()
        private var left: [ListedConflict]
        private var asked: [ConflictResolution?] = []

        init(_ conflicts: [ListedConflict]) { left = conflicts }

        var resolutions: [ConflictResolution?] { lock.withLock { asked } }

        func run(_ store: MealStore, _ resolution: ConflictResolution?) throws -> PlannerSync.Outcome {
            try lock.withLock {
                asked.append(resolution)
                var stored: [MealChange] = []
                if let resolution {
                    left.removeAll { resolution.only == nil || $0.name == resolution.only }
                    if let soup = try store.meals(in: .all).first(where: { $0.title.hasPrefix("Soup") }) {
                        var kept = soup
                        kept.title = "Soup (kept \(resolution.keep))"
                        stored = try store.make([.update(from: soup, to: kept, restoresPosition: false)])
                    }
                }
                let count = left.count
                return PlannerSync.Outcome(summary: "0 sent, \(stored.count) received, 0 removed, \(count) conflict\(count == 1 ? "" : "s")",
                                           stored: stored, conflicts: left)
            }
        }
    }

    static let curry = ListedConflict(lines: ["Tue 3 Mar lunch, meal 1: 'Curry' here, 'Stew' there", "  note: 'hot' here, none there"],
                                      name: .meal(1))
    static let pizza = ListedConflict(lines: ["Fri 6 Mar dinner, repeat 2: 'Pizza' on both sides", "  Fri 13 Mar: 'Pizza' here, skipped there"],
                                      name: .repeat(2))

    /// A planner of `size` whose `C` left `conflicts`, the page open.
    func synced(_ conflicts: [ListedConflict] = [curry, pizza], size: Size = Size(width: 80, height: 24)) -> (Harness, Rounds) {
        var harness = Harness(today: monday, size: size, meals: [Meal(day: monday, slot: "lunch", title: "Soup")])
        let rounds = Rounds(conflicts)
        harness.sync = PlannerSync { store, _, resolution in try rounds.run(store, resolution) }
        harness.press(.character("C"))
        return (harness, rounds)
    }

    /// The screen rows drawn selected: without colours, those in reverse video.
    static func selectedRows(_ harness: Harness) -> [Int] {
        let buffer = harness.render(colors: false).buffer
        return (1..<buffer.height - 1).filter { buffer[0, $0].style.reverse }
    }

    @Test func aSyncThatLeavesConflictsListsThemWithTheFirstSelected() throws {
        let (harness, rounds) = synced()
        #expect(rounds.resolutions == [nil])
        let lines = harness.lines
        // Heading, what the round did, then each conflict after an empty line; a column of margin.
        let expected = ["Sync conflicts · 1 of 2", " Synced: 0 sent, 0 received, 0 removed, 2 conflicts", ""]
            + Self.curry.lines.map { " " + $0 } + [""] + Self.pizza.lines.map { " " + $0 }
        #expect(Array(lines.prefix(expected.count)) == expected.map { $0.padded(toWidth: 80) })
        #expect(lines.last == "h keeps here · t there · b both · H T B every one · j k select · Esc back".padded(toWidth: 80))
        // The first conflict is selected, the status above it with it (the top of the page).
        #expect(Self.selectedRows(harness) == [3, 4])
        // The status line, once back on the days, points at the page's key, never at the command line.
        #expect(harness.state.message?.text == "Synced: 0 sent, 0 received, 0 removed, 2 conflicts; ! lists the conflicts")
        #expect(!(harness.state.message?.text.contains("--") ?? true))
    }

    @Test func jAndKSelectTheNextAndThePreviousConflict() {
        var (harness, _) = synced()
        harness.press(.character("j"))
        #expect(harness.lines[0].hasPrefix("Sync conflicts · 2 of 2 "))
        #expect(Self.selectedRows(harness) == [6, 7])
        harness.press(.character("j"))
        #expect(Self.selectedRows(harness) == [6, 7])
        harness.press(.up, .character("k"))
        #expect(Self.selectedRows(harness) == [3, 4])
        // A key the page does not use leaves it as it is.
        harness.press(.character("x"))
        #expect(Self.selectedRows(harness) == [3, 4])
    }

    /// Each small letter keeps its side of the selected conflict alone, by the name its
    /// report gives it; the page then lists what is left, with what the round did.
    @Test(arguments: zip(Array("htb"), [SyncSide.here, .there, .both]))
    func aLetterKeepsItsSideOfTheSelectedConflict(key: Character, side: SyncSide) {
        var (harness, rounds) = synced()
        harness.press(.character("j"), .character(key))
        #expect(rounds.resolutions == [nil, ConflictResolution(keep: side, only: .repeat(2))])
        #expect(harness.effects.last { if case .resolveConflicts = $0 { true } else { false } }
            == .resolveConflicts(ConflictResolution(keep: side, only: .repeat(2))))
        let lines = harness.lines
        #expect(lines[0].hasPrefix("Sync conflicts · 1 of 1 "))
        #expect(lines[1].hasPrefix(" Synced: 0 sent, 1 received, 0 removed, 1 conflict "))
        #expect(lines[3] == (" " + Self.curry.lines[0]).padded(toWidth: 80))
        #expect(Self.selectedRows(harness) == [3, 4])
        #expect(harness.state.syncConflicts == [Self.curry])
    }

    /// A capital keeps that side of every conflict; none left, the days come back with the summary.
    @Test(arguments: zip(Array("HTB"), [SyncSide.here, .there, .both]))
    func aCapitalKeepsItsSideOfEveryConflict(key: Character, side: SyncSide) {
        var (harness, rounds) = synced()
        harness.press(.character(key))
        #expect(rounds.resolutions == [nil, ConflictResolution(keep: side, only: nil)])
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("Synced: 0 sent, 1 received, 0 removed, 0 conflicts", showsWhole: true))
        #expect(harness.state.syncConflicts.isEmpty)
    }

    /// The last conflict resolved by its letter: back to the days; `u` takes the round back as
    /// one step, as it takes back a `C`.
    @Test func theLastConflictResolvedGivesTheDaysBackAndUUndoesIt() {
        var (harness, _) = synced([Self.curry])
        harness.press(.character("t"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("Synced: 0 sent, 1 received, 0 removed, 0 conflicts", showsWhole: true))
        #expect(harness.ordered.map(\.title) == ["Soup (kept there)"])
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: sync"))
        #expect(harness.ordered.map(\.title) == ["Soup"])
    }

    @Test(arguments: [Key.escape, .character("q")])
    func escAndQGoBackAndBangComesBack(key: Key) {
        var (harness, _) = synced()
        harness.press(.character("j"), key)
        #expect(harness.state.mode == .browsing)
        #expect(!harness.state.shouldQuit)
        harness.press(.character("!"))
        guard case .conflicts(let page) = harness.state.mode else {
            Issue.record("no page: \(harness.state.mode)")
            return
        }
        #expect(page.conflicts == [Self.curry, Self.pizza])
        #expect(harness.lines[1].hasPrefix(" 2 conflicts left by the last sync "))
    }

    @Test func bangWithoutConflictsSaysSo() {
        var harness = Harness(today: monday)
        harness.press(.character("!"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("No conflicts: the last sync left none (C syncs)"))
    }

    /// A round that fails while the page is open says why on the page, which stays.
    @Test func aFailedRoundIsSaidOnThePage() {
        var (harness, _) = synced()
        struct Refused: UserFacingError {
            let userMessage = "the [sync] command 'vdirsyncer sync meals' failed before the sync (exit status 1); nothing was synced"
            let exitStatus = ExitStatus.failure
        }
        harness.sync = PlannerSync { _, _, _ in throw Refused() }
        harness.press(.character("h"))
        guard case .conflicts(let page) = harness.state.mode else {
            Issue.record("no page: \(harness.state.mode)")
            return
        }
        #expect(page.status == "Not synced: " + Refused().userMessage)
        #expect(page.conflicts.count == 2)
    }

    /// At 53 columns a long line wraps inside the margin, its pieces indented as it is, every
    /// word kept in order, every piece of the selected conflict drawn selected; a control
    /// character in a title is shown as its picture, never sent to the terminal.
    @Test func longLinesWrapAndUserTextIsShownSafely() {
        let long = ListedConflict(
            lines: ["Tue 3 Mar lunch, meal 1: 'Slow-cooked beef and ale stew with \u{1B}[31mdumplings' here, 'Curry' there",
                    "  note: 'brown the beef in batches, then the onions, then the flour' here, none there"],
            name: .meal(1))
        let (harness, _) = synced([long], size: Size(width: 53, height: 17))
        let lines = harness.lines
        #expect(lines.allSatisfy { $0.count == 53 })
        // The text less the heading, the status and its empty line, and the footer.
        let rows = lines[3..<(lines.count - 1)].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let words = long.lines.joined(separator: " ").terminalVisible.split(separator: " ").joined(separator: " ")
        #expect(rows.joined(separator: " ") == words)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines.joined().contains("\u{241B}[31mdumplings"))
        let noteRow = lines.firstIndex { $0.hasPrefix("   note: ") }
        #expect(noteRow != nil)
        #expect(lines[(noteRow ?? 0) + 1].hasPrefix("   "))
        #expect(Self.selectedRows(harness) == Array(3..<(3 + rows.count)))
    }

    /// Many conflicts on a short screen: the selected one stays in view through a resize.
    @Test func theSelectedConflictStaysInViewThroughAResize() {
        let many = (1...12).map { ListedConflict(lines: ["Wed 4 Mar lunch, meal \($0): 'S\($0)' here, 'T\($0)' there"], name: .meal(Int64($0))) }
        var (harness, _) = synced(many)
        for _ in 1..<10 { harness.press(.character("j")) }
        harness.send(.event(.resize(width: 53, height: 12)))
        let row = harness.lines.firstIndex { $0.hasPrefix(" Wed 4 Mar lunch, meal 10: ") }
        #expect(row != nil)
        #expect(Self.selectedRows(harness) == [row ?? -1])
        #expect(harness.lines[0].hasPrefix("Sync conflicts · 10 of 12 "))
        harness.send(.event(.resize(width: 200, height: 50)))
        #expect(Self.selectedRows(harness) == [harness.lines.firstIndex { $0.hasPrefix(" Wed 4 Mar lunch, meal 10: ") } ?? -1])
    }

    /// The hint line fits 80 columns whole, and every key it names is one of the page's.
    @Test func theHintLineFitsAndNamesThePagesKeys() {
        #expect(ConflictsPage.footer.count <= 80)
        let named = ConflictsPage.footer.split(separator: " ").filter { $0.count == 1 || $0 == "Esc" }
        let keys = Set(ConflictsPage.keys.bindings.flatMap(\.keys).map(\.helpName))
        #expect(named.allSatisfy { keys.contains(String($0)) || $0 == "·" })
    }
}
