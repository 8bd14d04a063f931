import GRDB
import MealPlanCore

/// Finding the meals whose title or note contains a text, by `MealQuery`'s rules (case and
/// accents ignored), without reading every meal.
///
/// `MealQuery` as the SQLite function `mealplan_matches(title, note, text)` decides, always:
/// the planner applies the same rules in memory, so both find exactly the same meals. Reading a
/// million meals through it takes about half a second, so a search of 3 or more characters first
/// asks the FTS5 table `meal_search` (trigram tokenizer), which holds every meal's title and note
/// folded by `MealQuery.folded`, keyed by meal id, for the meals holding every trigram (3
/// characters in a row) of the folded text. The index records which trigrams a meal holds, not
/// where (`detail = none`: a third of the size, and a faster import), so a candidate may hold
/// them apart; `mealplan_matches` then sorts it out. SQLite 3.40's trigram tokenizer cannot
/// drop accents itself (`remove_diacritics` came in 3.45), hence the folded copy. Shorter texts
/// have no trigram, and are searched by reading every meal.
///
/// Keeping the index in step: the folding is Swift code, which SQL triggers could only call
/// through a function every connection registers, and the `sqlite3` shell (or any other
/// program) has none, so its changes to meals would fail. Instead the triggers on `meal` are
/// plain SQL, and only note what the index lacks; this store folds it in (`catchUp`) at the end
/// of each of its own write transactions:
///
/// - a meal whose id is above `meal_search_state.indexedThrough` is not indexed yet: ids only
///   grow, so new meals, and an import of a million, cost no bookkeeping row each;
/// - a meal put back under an older id, or whose id, title or note changed, has its index row
///   deleted and its id noted in `meal_search_pending`;
/// - a removed meal has its index row deleted.
///
/// A search treats the meals not indexed yet as candidates too, so a change another program
/// made is found before this store's next write folds it in; a read-only store never writes
/// the index and still finds everything.
enum MealSearch {
    static let matchesFunction = DatabaseFunction("mealplan_matches", argumentCount: 3, pure: true) { values in
        guard let title = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[2]) else {
            return false
        }
        return MealQuery(text).matches(title: title, note: String.fromDatabaseValue(values[1]))
    }

    /// `MealQuery.folded` as `mealplan_fold(text)`, for `catchUp` alone (never in a trigger).
    /// ASCII text, most of it, is lowered by SQLite's own `lower`, the same fold without a call
    /// into Swift for each title and note.
    static func folded(_ column: String) -> String {
        "CASE WHEN \(column) GLOB '*[^' || char(1) || '-' || char(127) || ']*' THEN mealplan_fold(\(column)) ELSE lower(\(column)) END"
    }

    static let foldFunction = DatabaseFunction("mealplan_fold", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(MealQuery.folded)
    }

    static let functions = [matchesFunction, foldFunction]

    /// The ids of meals the index does not hold yet.
    private static let unindexedIDs = """
        SELECT id FROM meal_search_pending
        UNION ALL SELECT id FROM meal WHERE id > (SELECT indexedThrough FROM meal_search_state)
        """

    /// Folds the meals the index lacks into it (see the type's comment). Costs two lookups when
    /// nothing is missing.
    static func catchUp(_ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (\(unindexedIDs))") == true else { return }
        // The new meals as a range of ids, not a list: a million meals imported are read in
        // order instead of gathered into a temporary table.
        let insert = "INSERT INTO meal_search(rowid, title, note) SELECT id, \(folded("title")), \(folded("note")) FROM meal"
        let through = "(SELECT indexedThrough FROM meal_search_state)"
        try db.execute(sql: """
            DELETE FROM meal_search WHERE rowid IN (SELECT id FROM meal_search_pending);
            \(insert) WHERE id IN (SELECT id FROM meal_search_pending) AND id <= \(through);
            \(insert) WHERE id > \(through);
            DELETE FROM meal_search_pending;
            UPDATE meal_search_state SET indexedThrough = (SELECT IFNULL(MAX(id), 0) FROM meal);
            """)
    }

    /// How one search reads the meals: the SQL condition that keeps a meal of the ones it
    /// reads, and the day column to use in the caller's day condition.
    struct Plan {
        let condition: String
        let arguments: [String: (any DatabaseValueConvertible)?]
        /// `meal.day`, or `+meal.day` when candidates come from the index, so that SQLite looks
        /// them up by id instead of walking the day index over the whole plan.
        let dayColumn: String
    }

    /// The plan for meals containing `text`: through the index when the text has 3 or more
    /// characters once folded and at most `candidateLimit` meals are candidates, else reading
    /// the meals in display order. Many candidates mean many matches, which a walk in order
    /// meets soon (the next match) or has to show anyway (a list); looking each up by id would
    /// then cost more than the walk.
    static func plan(_ db: Database, for text: String, candidateLimit: Int) throws -> Plan {
        let folded = Array(MealQuery(text).foldedText.unicodeScalars)
        let matches = "mealplan_matches(meal.title, meal.note, :search)"
        let scan = Plan(condition: matches, arguments: ["search": text], dayColumn: "meal.day")
        guard folded.count >= 3 else { return scan }
        // Each trigram a string of its own: FTS5 reads nothing inside double quotes but doubled quotes.
        let trigrams = Set((0...folded.count - 3).map { String(String.UnicodeScalarView(folded[$0..<$0 + 3])) })
        let ftsQuery = trigrams.sorted().map { "\"" + $0.replacing("\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
        let candidates = "SELECT rowid FROM meal_search WHERE meal_search MATCH :ftsQuery UNION ALL \(unindexedIDs)"
        let count = try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM (\(candidates) LIMIT :limit)",
            arguments: ["ftsQuery": ftsQuery, "limit": candidateLimit + 1]) ?? 0
        guard count <= candidateLimit else { return scan }
        return Plan(condition: "meal.id IN (\(candidates)) AND \(matches)",
                    arguments: ["search": text, "ftsQuery": ftsQuery], dayColumn: "+meal.day")
    }
}
