import Foundation
import TestSupport
import Testing

/// Rule changes from several processes at once: each is worked out from the rule as its
/// process read it, so the store refuses it when another process changed the rule meanwhile.
/// Every change that said "updated" is in the database, and every refused one said why; none
/// is silently written over.
@Suite struct RepeatConcurrencyTests {
    static let refusal = "was changed by another program meanwhile"

    /// Runs the commands at the same time, each in its own process.
    func together(_ cli: CLISandbox, _ commands: [[String]]) -> [RunResult] {
        let lock = NSLock()
        nonisolated(unsafe) var results: [Int: RunResult] = [:]
        // Each run only reads the sandbox's settings; the results are written under the lock.
        nonisolated(unsafe) let sandbox = cli
        DispatchQueue.concurrentPerform(iterations: commands.count) { index in
            let result = try! sandbox.run(commands[index])
            lock.withLock { results[index] = result }
        }
        return commands.indices.map { results[$0]! }
    }

    /// A refused change printed why, on one line, and exited with 75, "run it again".
    func expectRefusedWithReason(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 75, sourceLocation: sourceLocation)
        #expect(result.stderr.contains(Self.refusal) && result.stderr.filter { $0 == "\n" }.count == 1,
                "\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// The dinners `list` shows on `date`, as "title|note".
    func dinners(_ cli: CLISandbox, on date: String) throws -> [String] {
        let json = try cli.succeed(["list", "--from", date, "--days", "1", "--format", "json"])
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return meals.map { "\($0["title"] as? String ?? "")|\($0["note"] as? String ?? "")" }
    }

    @Test func twoEditsOfOneRuleNeverLoseEachOther() throws {
        for round in 1...6 {
            let cli = CLISandbox()
            try cli.succeed(["repeat", "add", "2026-03-02", "dinner", "Soup", "--every", "day", "--until", "2026-03-31"])
            let id = "1"
            let results = together(cli, [
                ["repeat", "edit", id, "--title", "Title \(round)"],
                ["repeat", "edit", id, "--note", "Note \(round)"],
            ])
            #expect(results.contains { $0.status == 0 }, "one of two edits always goes through")
            let shown = try dinners(cli, on: "2026-03-02")
            #expect(shown.count == 1)
            let parts = (shown.first ?? "|").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            if results[0].status == 0 { #expect(parts[0] == "Title \(round)") } else { expectRefusedWithReason(results[0]) }
            if results[1].status == 0 { #expect(parts[1] == "Note \(round)") } else { expectRefusedWithReason(results[1]) }
        }
    }

    /// "This one and the following" beside an edit: never two dinners a day from a rule left
    /// without its end.
    @Test func aSplitAndAnEditAtOnceNeverDoubleTheMeals() throws {
        for round in 1...6 {
            let cli = CLISandbox()
            try cli.succeed(["repeat", "add", "2026-03-02", "dinner", "Soup", "--every", "day"])
            let id = "1"
            let results = together(cli, [
                ["repeat", "split", id, "2026-03-10", "--title", "Split \(round)"],
                ["repeat", "edit", id, "--note", "Note \(round)"],
            ])
            #expect(results.contains { $0.status == 0 })
            let later = try dinners(cli, on: "2026-03-10")
            #expect(later.count == 1, "one dinner on the day of the split: \(later)")
            if results[0].status == 0 { #expect(later.first?.hasPrefix("Split \(round)|") == true) } else { expectRefusedWithReason(results[0]) }
            if results[1].status == 0 { #expect(try dinners(cli, on: "2026-03-02") == ["Soup|Note \(round)"]) } else { expectRefusedWithReason(results[1]) }
        }
    }
}
