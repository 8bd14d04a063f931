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
        #expect(try found("CREME BRU") == ["2026-03-02,lunch,Crème brûlée,,,,,,"])
        #expect(try found("straß") == ["2026-03-04,dinner,Köttbullar,STRASSE,,,,,"])
        #expect(try found("soup").isEmpty)
        #expect(try found("bread").isEmpty)
        // mealplan's next change folds the shell's text that is not ASCII.
        try cli.succeed(["add", "2026-03-05", "lunch", "Stew"])
        #expect(try found("kottb") == ["2026-03-04,dinner,Köttbullar,STRASSE,,,,,"])
        let check = try ExternalTool.run("sqlite3", ["-bail", cli.database, """
            SELECT title || ' ' || folded FROM mealTitle ORDER BY title;
            SELECT note || ' ' || folded FROM mealNote ORDER BY note;
            PRAGMA integrity_check;
            """], in: cli.folder)
        #expect(check.stdout == "Crème brûlée creme brulee\nKöttbullar kottbullar\nStew stew\nSTRASSE strasse\nok\n"
            && check.stderr == "", "\(check.stdout) \(check.stderr)")
    }

    /// Notes are indexed by their key (their first 64 characters and their length in bytes),
    /// in built-in SQL alone: the shell's changes to notes that share a key keep each its own
    /// row among the distinct notes, and a search tells them apart.
    @Test func notesSharingTheirKeyChangedWithTheSqlite3ShellAreToldApart() throws {
        let cli = CLISandbox()
        let start = String(repeating: "Slow-cooked, covered, at a low heat; ", count: 2)
        try cli.succeed(["add", "2026-03-02", "dinner", "Stew", "--note", start + "bread."])
        let result = try ExternalTool.run("sqlite3", ["-bail", cli.database, """
            INSERT INTO meal(day, slotId, position, title, note)
                SELECT 20515, id, 0, 'Ragù', '\(start)pasta.' FROM slot WHERE name = 'dinner';
            INSERT INTO meal(day, slotId, position, title, note)
                SELECT 20516, id, 0, 'Beef stew', '\(start)bread.' FROM slot WHERE name = 'dinner';
            UPDATE meal SET note = '\(start)crème' WHERE title = 'Stew';
            """], in: cli.folder)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        func found(_ text: String) throws -> [String] {
            try cli.succeed(["list", "--search", text, "--format", "csv"]).split(separator: "\r\n").dropFirst()
                .map { String($0.split(separator: ",")[2]) }
        }
        #expect(try found("bread.") == ["Beef stew"])
        #expect(try found("pasta.") == ["Ragù"])
        #expect(try found("heat; creme") == ["Stew"])
        let notes = try ExternalTool.run("sqlite3", ["-bail", cli.database, """
            DELETE FROM meal WHERE title = 'Ragù';
            SELECT substr(note, length(note) - 5) FROM mealNote ORDER BY note;
            PRAGMA integrity_check;
            """], in: cli.folder)
        #expect(notes.stdout == "bread.\n crème\nok\n" && notes.stderr == "", "\(notes.stdout) \(notes.stderr)")
        #expect(try found("pasta").isEmpty)
    }

    /// Searches of 1, 2, 3 and more characters, Chinese and Japanese ones too, find what a plain
    /// scan of every meal by the `sqlite3` shell finds. The shell lowers ASCII alone, which is
    /// the whole folding of these titles and notes: capitals, and text without case.
    @Test func searchesOfAnyLengthFindWhatAScanFinds() throws {
        let cli = CLISandbox()
        let titles = ["Lentil soup", "拉麺", "Congee 粥", "PAD THAI", "Pizza night", "お好み焼き", "Soup", "Tacos"]
        let notes = ["", "", "double the recipe", "少し甘め", "Extra SPICY"]
        var csv = "date,slot,title,note,recipe,servings\r\n"
        for index in 0..<200 {
            let day = "2026-\(String(format: "%02d", 1 + index / 28))-\(String(format: "%02d", 1 + index % 28))"
            let slot = ["breakfast", "lunch", "dinner", "snack"][index % 4]
            csv += "\(day),\(slot),\(titles[index * 7 % titles.count]),\(notes[index * 3 % notes.count]),,\r\n"
        }
        try csv.write(toFile: cli.folder + "/plan.csv", atomically: true, encoding: .utf8)
        try cli.succeed(["import", cli.folder + "/plan.csv"])
        for text in ["a", "Z", "粥", "so", "zq", "拉麺", "甘め", "sou", "SPI", "焼き", "ZZQQXX", "double the"] {
            let listed = try cli.succeed(["list", "--search", text, "--format", "json"])
            let ids = try (JSONSerialization.jsonObject(with: Data(listed.utf8)) as! [[String: Any]]).map { "\($0["id"]!)" }
            let scan = try ExternalTool.run("sqlite3", ["-bail", cli.database, """
                SELECT id FROM meal WHERE instr(lower(title), lower('\(text)')) OR instr(lower(note), lower('\(text)'))
                ORDER BY day, (SELECT position FROM slot WHERE id = slotId), position
                """], in: cli.folder)
            #expect(scan.status == 0 && ids == scan.stdoutLines, "\(text)")
            #expect(ids.isEmpty == ["zq", "ZZQQXX"].contains(text), "\(text)")
        }
    }
}
