import Foundation
import TestSupport
import Testing

/// The planner's conflicts page in a real terminal: two plans and a shared folder, three
/// meals changed apart on each; `C` lists the conflicts, `h`, `t` and `b` each resolve one,
/// and the next sync of the other plan brings both plans to the same meals.
@Suite(.requires(.tmux))
struct ConflictsEndToEndTests {
    /// The config file's folder and the shared folder, for the planner and the commands alike.
    let home = TemporaryFolder()
    var config: String { home.file("config") }

    init() throws {
        try home.write("[sync]\nvdir = \"\(home.file("vdir"))\"\n", to: "config/mealplan/config.toml")
    }

    /// Runs `mealplan ARGUMENTS` on `database` with the planner's config file.
    @discardableResult
    func mealplan(_ planner: TmuxPlanner, _ database: String, _ arguments: String...) throws -> String {
        try planner.run(["env", "XDG_CONFIG_HOME=\(config)", "MEALPLAN_TODAY=\(planner.today)",
                         "LANG=C.UTF-8", TmuxPlanner.binary, "--db", database] + arguments)
    }

    static func other(_ planner: TmuxPlanner) -> String { planner.folder + "/other.sqlite" }

    /// The planner's plan (A) and the other (B) synced with a soup, a salad and a pie, each
    /// renamed apart on both; B synced since, so that A's sync finds three conflicts.
    func conflicting(_ planner: TmuxPlanner) throws {
        let a = planner.database, b = Self.other(planner)
        try mealplan(planner, a, "add", "2026-03-04", "lunch", "Soup")
        try mealplan(planner, a, "add", "2026-03-05", "lunch", "Salad")
        try mealplan(planner, a, "add", "2026-03-06", "dinner", "Pie")
        try mealplan(planner, a, "sync")
        try mealplan(planner, b, "sync")
        for (id, title) in [("1", "Stew"), ("2", "Slaw"), ("3", "Tart")] { try mealplan(planner, a, "edit", id, "--title", title) }
        let ids = try idsByTitle(planner, b)
        for (old, title) in [("Soup", "Curry"), ("Salad", "Caesar"), ("Pie", "Quiche")] {
            try mealplan(planner, b, "edit", try #require(ids[old]), "--title", title)
        }
        try mealplan(planner, b, "sync")
    }

    func idsByTitle(_ planner: TmuxPlanner, _ database: String) throws -> [String: String] {
        let json = try mealplan(planner, database, "list", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "json")
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: meals.compactMap { meal in
            (meal["title"] as? String).flatMap { title in (meal["id"] as? Int).map { (title, String($0)) } }
        })
    }

    /// The titles of plan `database`, sorted: what two synced plans show alike.
    func titles(_ planner: TmuxPlanner, _ database: String) throws -> [String] {
        let json = try mealplan(planner, database, "list", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "json")
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return meals.compactMap { meal in
            guard let title = meal["title"] as? String, let date = meal["date"] as? String, let slot = meal["slot"] as? String else { return nil }
            return "\(date) \(slot) \(title)"
        }.sorted()
    }

    /// The selected conflict's first line on the page ("Wed 4 Mar lunch, meal 1: 'Stew' here,
    /// 'Curry' there", the row under the status and its empty line): this side's title and the other's.
    static func selectedTitles(_ screen: [String]) -> (here: String, there: String)? {
        guard screen.count > 3, let match = screen[3].firstMatch(of: /: '([^']*)' here, '([^']*)' there/) else { return nil }
        return (String(match.1), String(match.2))
    }

    @Test func eachKeyResolvesOneConflictAndThePlansConverge() throws {
        let planner = try TmuxPlanner(environment: ["XDG_CONFIG_HOME": config], before: { try conflicting($0) })
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("C")
        var screen = try planner.waitForScreen("the page of three conflicts") {
            $0.first?.hasPrefix("Sync conflicts · 1 of 3") == true && $0.shows("Synced: 0 sent, 0 received, 0 removed, 3 conflicts")
                && $0.last?.hasPrefix("h keeps here · t there · b both · H T B every one · j k select · Esc back") == true
        }
        #expect(!screen.joined().contains("--keep"))
        let first = try #require(Self.selectedTitles(screen), "\(screen)")

        // A resize while it is selected: still the page, the selected conflict whole.
        for (width, height) in [(53, 17), (200, 50), (80, 24)] {
            try planner.resize(width: width, height: height)
            try planner.waitForScreen("the page at \(width)×\(height)") { lines in
                // The hint on the last row: drawn at this size, not tmux's reflow of the last frame.
                lines.count == height && lines.first?.hasPrefix("Sync conflicts · 1 of 3") == true
                    && lines[height - 1].hasPrefix("h keeps here")
                    && Self.selectedTitles(lines).map { $0 == first } == true && lines.allSatisfy { $0.count <= width }
            }
        }
        // A paste is no key: the page stays as it was.
        try planner.paste("hello")
        screen = try planner.waitForScreen("the page after a paste") { $0.first?.hasPrefix("Sync conflicts · 1 of 3") == true }
        #expect(!screen.joined().contains("hello"))

        try planner.press("h")
        screen = try planner.waitForScreen("two conflicts left") {
            $0.first?.hasPrefix("Sync conflicts · 1 of 2") == true && $0.shows("0 removed, 2 conflicts")
        }
        let second = try #require(Self.selectedTitles(screen), "\(screen)")
        try planner.press("t")
        screen = try planner.waitForScreen("one conflict left") {
            $0.first?.hasPrefix("Sync conflicts · 1 of 1") == true && $0.shows("0 removed, 1 conflict")
        }
        let third = try #require(Self.selectedTitles(screen), "\(screen)")
        try planner.press("b")
        try planner.waitForScreen("the days again, with the summary") {
            $0.shows("Wed 4 Mar 2026") && $0.shows("0 removed, 0 conflicts") && !$0.shows("Sync conflicts")
        }

        // The next sync of B takes what A kept; both hold the same meals.
        try mealplan(planner, Self.other(planner), "sync")
        let a = try titles(planner, planner.database), b = try titles(planner, Self.other(planner))
        #expect(a == b)
        let kept = a.map { String($0.split(separator: " ", maxSplits: 2)[2]) }
        #expect(kept.contains(first.here) && !kept.contains(first.there))
        #expect(kept.contains(second.there) && !kept.contains(second.here))
        #expect(kept.contains(third.here) && kept.contains(third.there))
        #expect(a.count == 4)
    }
}
