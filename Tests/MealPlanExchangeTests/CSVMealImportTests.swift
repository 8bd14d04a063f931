import MealPlanCore
import MealPlanExchange
import Testing

/// The import pipeline: rows become meals checked by MealPlanCore's rules, and the first bad
/// row is reported with its line.
@Suite struct CSVMealImportTests {
    static let slots = MealSlot.defaults

    /// Every meal of `text`, or the error the import stops with.
    static func importMeals(_ text: String, onFirstRow: (([String]) -> Void)? = nil) -> Result<[Meal], CSVImportError> {
        var meals = CSVMealImport(CSVMealReader(bytes: Array(text.utf8)), slots: slots, onFirstRow: onFirstRow)
        var result: [Meal] = []
        do throws(CSVImportError) {
            while let meal = try meals.next() { result.append(meal) }
        } catch {
            return .failure(error)
        }
        return .success(result)
    }

    @Test func rowsBecomeMealsWithStoredSlotNamesAndCleanText() throws {
        let text = "date,slot,title,note\r\n2026-03-02,Lunch,  Soup ,\r\n2026-03-02,din,Pasta, rye \r\n"
        let meals = try Self.importMeals(text).get()
        let march2 = try Day(iso: "2026-03-02")
        #expect(meals == [
            Meal(day: march2, slot: "lunch", title: "Soup", note: nil),
            Meal(day: march2, slot: "dinner", title: "Pasta", note: "rye"),
        ])
    }

    @Test func recipeAndServingsColumnsAreReadInAnyOrderAndMayBeEmpty() throws {
        let text = "Servings,title,date,recipe,slot\r\n6,Lasagne,2026-03-06,mains/Lasagne,dinner\r\n,Bread,2026-03-06, Bread ,lunch\r\n"
            + ",Soup,2026-03-07,,lunch\r\n.5,Crumbs,2026-03-07,Bread,snack\r\n"
        let march6 = try Day(iso: "2026-03-06"), march7 = try Day(iso: "2026-03-07")
        #expect(try Self.importMeals(text).get() == [
            Meal(day: march6, slot: "dinner", title: "Lasagne", recipe: "mains/Lasagne", servings: 6),
            Meal(day: march6, slot: "lunch", title: "Bread", recipe: "Bread"),
            Meal(day: march7, slot: "lunch", title: "Soup"),
            Meal(day: march7, slot: "snack", title: "Crumbs", recipe: "Bread", servings: 0.5),
        ])
    }

    @Test(arguments: [
        ("2026-03-02,lunch,Soup,,4", "line 3: servings need a recipe, and this row names none"),
        ("2026-03-02,lunch,Soup,Soup,0", "line 3: servings must be a number above 0, not 0"),
        ("2026-03-02,lunch,Soup,Soup,-2", "line 3: servings must be a number like 4 or 2.5, not '-2'"),
        ("2026-03-02,lunch,Soup,Soup,four", "line 3: servings must be a number like 4 or 2.5, not 'four'"),
        ("2026-03-02,lunch,Soup,Soup,1e3", "line 3: servings must be a number like 4 or 2.5, not '1e3'"),
        ("2026-03-02,lunch,Soup,Soup,nan", "line 3: servings must be a number like 4 or 2.5, not 'nan'"),
        ("2026-03-02,lunch,Soup,Soup,1.2.3", "line 3: servings must be a number like 4 or 2.5, not '1.2.3'"),
        ("2026-03-02,lunch,Soup,Soup,20000", "line 3: servings must be at most 10000, not 20000"),
        ("2026-03-02,lunch,Soup,\"a\nb\",4", "line 3: the recipe name must be one line without control characters"),
    ])
    func aBadRecipeOrServingsFieldIsReportedWithItsLine(row: String, message: String) {
        let result = Self.importMeals("date,slot,title,recipe,servings\n2026-03-01,lunch,Soup,,\n\(row)\n")
        guard case .failure(let error) = result else {
            Issue.record("imported \(result)")
            return
        }
        #expect(error.description == message)
    }

    @Test(arguments: [
        ("2026-13-02,lunch,Soup", "line 3: bad date '2026-13-02': there is no month 13; months run from 01 to 12"),
        ("2026-03-02,tea,Cake", "line 3: unknown slot 'tea'; slots are breakfast, lunch, dinner, snack"),
        ("2026-03-02,lunch,  ", "line 3: the title is empty"),
    ])
    func theFirstBadRowIsReportedWithItsLine(row: String, message: String) {
        let result = Self.importMeals("date,slot,title\n2026-03-01,lunch,Soup\n\(row)\n2026-03-03,lunch,Soup\n")
        guard case .failure(let error) = result else {
            Issue.record("imported \(result)")
            return
        }
        #expect(error.description == message)
    }

    /// The header's warning comes before any complaint about the first row.
    @Test func ignoredColumnsAreHandedOverOnceBeforeTheFirstRowIsChecked() {
        var calls: [[String]] = []
        let result = Self.importMeals("date,slot,title,cost\n2026-03-02,tea,Cake,3\n") { calls.append($0) }
        #expect(calls == [["cost"]])
        guard case .failure(let error) = result else {
            Issue.record("imported \(result)")
            return
        }
        #expect(error.line == 2)
    }

    /// Bad data is status 65; input that cannot be read at all is an I/O error, 74.
    @Test func aBadFileIsBadDataAndAnUnreadableOneAnIOError() {
        let bad = CSVImportError(line: 3, message: "the title is empty")
        #expect(bad.exitStatus == .badData && bad.userMessage == "line 3: the title is empty")
        #expect(CSVImportError(line: 1, message: "cannot read the input: Is a directory", isReadFailure: true).exitStatus == .ioError)
        #expect(OutputWriteError(format: "JSON", reason: "Broken pipe").userMessage == "cannot write the JSON output: Broken pipe")
    }
}
