import Foundation
import TestSupport
import Testing

/// A big import in a real terminal (tmux) shows its progress on standard error and still ends
/// with the usual summary.
@Suite(.requires(.tmux))
struct ProgressEndToEndTests {
    /// Just above the 50,000 meals from which progress is shown.
    static let rows = 60_000

    @Test func anImportAboveTheThresholdShowsAProgressLineThenTheSummary() throws {
        let folder = TemporaryFolder()
        let file = folder.file("big.csv")
        try Data(manyMealsCSV(rows: Self.rows).utf8).write(to: URL(fileURLWithPath: file))

        let terminal = try TmuxPlanner(arguments: ["import", file])
        // An import's time grows with the machine's load (9,000 meals a second were seen beside
        // a full test run); the bound is against a hang, the speed is the import benchmark's.
        let screen = try terminal.waitFor("planner exited with 0", within: .seconds(180))
        // The last drawn line stays, complete: the file read to its end, then the summary below it.
        let progress = try #require(screen.firstIndex { $0.hasPrefix("importing  60,000 meals  100%  [") })
        #expect(screen[progress].contains("██████████]"))
        #expect(screen[progress].contains("/s  in "))
        #expect(screen[progress + 1].hasPrefix("imported 60000 meals (2030-01-01 … "))
    }
}
