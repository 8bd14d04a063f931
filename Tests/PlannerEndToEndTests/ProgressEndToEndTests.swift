import Foundation
import TestSupport
import Testing

/// A big import in a real terminal (tmux) shows its progress on standard error and still ends
/// with the usual summary.
@Suite(.requires(.tmux))
struct ProgressEndToEndTests {
    @Test func a200000RowImportShowsAProgressLineThenTheSummary() throws {
        let folder = TemporaryFolder()
        let file = folder.file("big.csv")
        try Data(manyMealsCSV(rows: 200_000).utf8).write(to: URL(fileURLWithPath: file))

        let terminal = try TmuxPlanner(arguments: ["import", file])
        let screen = try terminal.waitFor("planner exited with 0")
        // The last drawn line stays, complete: the file read to its end, then the summary below it.
        let progress = try #require(screen.firstIndex { $0.hasPrefix("importing  200,000 meals  100%  [") })
        #expect(screen[progress].contains("██████████]"))
        #expect(screen[progress].contains("/s  in "))
        #expect(screen[progress + 1].hasPrefix("imported 200000 meals (2030-01-01 … "))
    }
}
