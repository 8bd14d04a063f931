import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange
import TestSupport

/// Fields a spreadsheet would run as formulas get an apostrophe before them (OWASP's advice
/// against CSV injection), and mealplan's reader removes exactly the apostrophes its writer
/// added, because a protected file says so in its header.
@Suite("CSV formula protection")
struct FormulaProtectionTests {
    private func protected(_ meals: [Meal]) throws -> [UInt8] {
        try written(meals) { CSVMealWriter(fileDescriptor: $0, protectsFormulas: true) }
    }

    private func read(_ bytes: [UInt8]) throws -> [CSVMealRow] {
        var reader = CSVMealReader(bytes: bytes)
        var rows: [CSVMealRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// Each field as written: protected when it starts with = + - @, a tab, CR or an
    /// apostrophe; quoted as it would be anyway, the apostrophe inside the quotes.
    @Test("fields that start like a formula or with an apostrophe get one before them", arguments: [
        ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
        ("+1 555", "'+1 555"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTabbed", "\"'\tTabbed\""), ("\rReturn", "\"'\rReturn\""),
        ("'Nduja pasta", "''Nduja pasta"), ("''", "'''"),
        ("Pasta", "Pasta"), ("a=b", "a=b"), (" =spaced", "\" =spaced\""),
    ])
    func protectedFields(title: String, written: String) throws {
        let meal = Meal(day: day("2026-03-02"), slot: "dinner", title: title, note: title, recipe: title, servings: 2)
        let text = String(decoding: try protected([meal]), as: UTF8.self)
        #expect(text == "\"date\",slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,\(written),\(written),\(written),2,,,\r\n")
    }

    @Test("a slot name is protected the same way")
    func protectedSlot() throws {
        let text = String(decoding: try protected([Meal(day: day("2026-03-02"), slot: "-late", title: "Soup")]), as: UTF8.self)
        #expect(text == "\"date\",slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,'-late,Soup,,,,,,\r\n")
    }

    @Test("writer then reader gives back every field, apostrophes included")
    func roundTrip() throws {
        let titles = ["=1+1", "+x", "-y", "@z", "\tt", "'Nduja", "''", "'", "'=not a formula", "plain", "it's"]
        let meals = titles.map { Meal(day: day("2026-03-02"), slot: "=slot", title: $0, note: $0, recipe: $0) }
        let rows = try read(try protected(meals))
        #expect(rows.map(\.title) == titles)
        #expect(rows.map(\.note) == titles)
        #expect(rows.map(\.recipe) == titles)
        #expect(rows.allSatisfy { $0.slot == "=slot" })
    }

    @Test("a file without the protected header keeps its apostrophes")
    func unprotectedFileKeepsApostrophes() throws {
        let rows = try read(Array("date,slot,title,note\r\n2026-03-02,lunch,'Nduja,'=x\r\n".utf8))
        #expect(rows.map(\.title) == ["'Nduja"])
        #expect(rows.map(\.note) == ["'=x"])
        // The unprotected writer leaves every field as it is.
        let text = String(decoding: try written([Meal(day: day("2026-03-02"), slot: "lunch", title: "=1+1")]), as: UTF8.self)
        #expect(text == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,=1+1,,,,,,\r\n")
    }

    @Test("the protected header is read after a byte order mark, and in tiny chunks", arguments: [1, 2, 5, 4096])
    func protectedHeaderInChunks(chunkSize: Int) throws {
        let bytes = CSVFormat.byteOrderMark + Array("\"date\",slot,title\r\n2026-03-02,lunch,'=1\r\n".utf8)
        let rows = try withTemporaryFile(containing: bytes) { path in try rowsFromFile(at: path, chunkSize: chunkSize) }
        #expect(rows.map(\.title) == ["=1"])
    }
}
