import Foundation
import Testing
import TestSupport

/// The `sqlite3` shell has none of mealplan's SQL functions: its changes to meals must go
/// through (the search index's triggers are plain SQL), and `list --search` must find them.
@Suite(.requires(.sqlite3))
struct SearchIndexCommandTests {
    @Test func changesMadeWithTheSqlite3ShellAreFound() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "2026-03-02", "lunch", "Soup"])
        try cli.succeed(["add", "2026-03-03", "lunch", "Bread"])
        let result = try ExternalTool.run("sqlite3", ["-bail", cli.database, """
            UPDATE meal SET title = 'Crème brûlée' WHERE title = 'Soup';
            INSERT INTO meal(day, slotId, position, title, note)
                SELECT 20516, id, 0, 'Köttbullar', 'STRASSE' FROM slot WHERE name = 'dinner';
            DELETE FROM meal WHERE title = 'Bread';
            """], in: cli.folder)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        func found(_ text: String) throws -> [String] {
            try cli.succeed(["list", "--search", text, "--format", "csv"]).split(separator: "\r\n").dropFirst().map(String.init)
        }
        #expect(try found("CREME BRU") == ["2026-03-02,lunch,Crème brûlée,,,"])
        #expect(try found("straß") == ["2026-03-04,dinner,Köttbullar,STRASSE,,"])
        #expect(try found("soup").isEmpty)
        #expect(try found("bread").isEmpty)
        // mealplan's next change folds the shell's changes into the index.
        try cli.succeed(["add", "2026-03-05", "lunch", "Stew"])
        #expect(try found("kottb") == ["2026-03-04,dinner,Köttbullar,STRASSE,,"])
        let check = try ExternalTool.run("sqlite3", ["-bail", cli.database, """
            SELECT count(*) FROM meal_search_pending;
            INSERT INTO meal_search(meal_search) VALUES ('integrity-check');
            PRAGMA integrity_check;
            """], in: cli.folder)
        #expect(check.stdout == "0\nok\n" && check.stderr == "", "\(check.stderr)")
    }
}
