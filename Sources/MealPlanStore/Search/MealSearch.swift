import GRDB
import MealPlanCore

/// Finding the meals whose title or note contains a text, by `MealQuery`'s rules (case and
/// accents ignored), texts of any length, without reading every meal.
///
/// Titles repeat: a plan of a million meals holds a few thousand distinct titles at most, and
/// fewer distinct notes. `mealTitle` and `mealNote` hold each distinct title and note once with
/// its text folded by `MealQuery.folded` (`Schema.searchDistinctTexts`); a search reads those
/// small tables, keeps the texts whose folded form contains the folded search (SQLite's
/// `instr`, in C, so a text of one character or of Chinese ones costs what any other does), and
/// reaches their meals through `meal_by_title` and `meal_by_note`, indexes on (text, day).
/// Matches are exactly `mealplan_matches(title, note, text)` (`MealQuery` as an SQLite
/// function), which the planner applies in memory: both find the same meals.
///
/// Keeping the tables in step: their triggers are plain SQL, so that the `sqlite3` shell's
/// changes keep them right too; they fold ASCII text themselves (`lower`), and leave the rest
/// with `folded` NULL, which a search matches through `mealplan_matches` and this store folds
/// in (`catchUp`) at the end of each of its own write transactions. A read-only store never
/// writes them and still finds everything.
enum MealSearch {
    static let matchesFunction = DatabaseFunction("mealplan_matches", argumentCount: 3, pure: true) { values in
        guard let title = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[2]) else {
            return false
        }
        return MealQuery(text).matches(title: title, note: String.fromDatabaseValue(values[1]))
    }

    /// `MealQuery.folded` as SQL: SQLite's own `lower` for ASCII text, the same fold without a
    /// call into Swift, else `mealplan_fold`, which only this store's connections have.
    static func folded(_ column: String) -> String {
        "CASE WHEN \(column) GLOB '*[^' || char(1) || '-' || char(127) || ']*' THEN mealplan_fold(\(column)) ELSE lower(\(column)) END"
    }

    static let foldFunction = DatabaseFunction("mealplan_fold", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(MealQuery.folded)
    }

    static let functions = [matchesFunction, foldFunction]

    /// The tables of distinct texts, with the meal column each holds.
    static let distinctTexts = [(table: "mealTitle", column: "title"), (table: "mealNote", column: "note")]

    /// A note's key in the indexes that find it (`meal_by_note`, `mealNote_by_key`), as SQL of
    /// `note`: its first 64 characters and its length in bytes, which tell apart any two notes
    /// but those that share both, at a few dozen bytes however long the note. Keyed by its
    /// whole text, a note of a megabyte was compared and copied again by every index and
    /// look-up that saved it (see Benchmarks/note-editing.sh). Built-in functions only, so that any
    /// program that writes the file keeps the indexes.
    static func noteKey(_ note: String) -> String {
        "substr(\(note), 1, 64), length(CAST(\(note) AS BLOB))"
    }

    /// Whether the note `column` (of `meal` or `mealNote`) is `value`, found through the key's
    /// index: the key compared, then the text of the few rows that share it. The `+` keeps
    /// SQLite from putting `value` in place of `column` in the key (it does for `column =
    /// value`), which would leave nothing for the index to find.
    static func sameNote(_ column: String, _ value: String) -> String {
        "substr(\(column), 1, 64) = substr(\(value), 1, 64)"
            + " AND length(CAST(\(column) AS BLOB)) = length(CAST(\(value) AS BLOB)) AND +\(column) = \(value)"
    }

    /// Whether a meal's `column` is the distinct text `value` of its table: through the note's
    /// key for a note, the title itself for a title.
    static func sameText(_ column: String, _ value: String) -> String {
        column == "note" ? "meal.note IS NOT NULL AND \(sameNote("meal.note", value))" : "meal.\(column) = \(value)"
    }

    /// Folds the distinct texts that another program's changes, or text that is not ASCII, left
    /// unfolded (see the type's comment). Costs a lookup in an empty index when nothing is.
    static func catchUp(_ db: Database) throws {
        for (table, column) in distinctTexts {
            try db.execute(sql: "UPDATE \(table) SET folded = mealplan_fold(\(column)) WHERE folded IS NULL")
        }
    }

    /// Gives the distinct notes `note`, with its fold, before meal `id` takes it in place of
    /// `old`: the meal's trigger then finds it there and `catchUp` has nothing to fold. When no
    /// other meal has `old` and the notes lack `note`, `old`'s row becomes `note`'s: a note
    /// edited in place (a megabyte, one letter changed) rewrites only the pages that changed,
    /// where adding the new row and dropping the old one wrote both whole, and a row added
    /// without its fold was written again with it (see Benchmarks/note-editing.sh).
    static func addNote(_ db: Database, _ note: String, replacing old: String?, of id: Int64) throws {
        let missing = "NOT EXISTS (SELECT 1 FROM mealNote WHERE \(sameNote("note", ":note")))"
        let arguments: StatementArguments = ["note": note, "folded": MealQuery.folded(note), "old": old, "id": id]
        if old != nil {
            try db.execute(
                sql: """
                    UPDATE mealNote SET note = :note, folded = :folded
                    WHERE \(sameNote("note", ":old")) AND \(missing)
                        AND NOT EXISTS (SELECT 1 FROM meal WHERE note IS NOT NULL AND \(sameNote("note", ":old")) AND id <> :id)
                    """,
                arguments: arguments)
            if db.changesCount > 0 { return }
        }
        try db.execute(sql: "INSERT INTO mealNote(note, folded) SELECT :note, :folded WHERE \(missing)", arguments: arguments)
    }

    /// The arguments every condition below reads: the text as typed and folded.
    static func arguments(for text: String) -> [String: (any DatabaseValueConvertible)?] {
        ["search": text, "folded": MealQuery(text).foldedText]
    }

    /// The rows of a table of distinct texts that contain the text searched for.
    static func containsText(_ column: String) -> String {
        "(instr(folded, :folded) > 0 OR (folded IS NULL AND mealplan_matches(\(column), NULL, :search)))"
    }

    /// The distinct texts of `table` that contain the text searched for.
    private static func matching(_ table: String, _ column: String) -> String {
        "SELECT \(column) FROM \(table) WHERE \(containsText(column))"
    }

    /// A meal whose title or note contains the text searched for. The `+` keeps SQLite from
    /// taking the meals of the matching texts from their indexes: this condition is for meals
    /// read in order of days, which those indexes do not give.
    static let condition = "(" + distinctTexts.map { "+meal.\($0.column) IN (\(matching($0.table, $0.column)))" }
        .joined(separator: " OR ") + ")"

    /// How one search reads the meals: the SQL condition that keeps a meal of the ones it
    /// reads, and the day column to use in the caller's day condition.
    struct Plan {
        let condition: String
        let arguments: [String: (any DatabaseValueConvertible)?]
        /// `meal.day`, or `+meal.day` when the meals are looked up by id, so that SQLite does
        /// not walk the day index over the whole range instead.
        let dayColumn: String
    }

    /// The plan for the meals of days `first…last` containing `text`: the matching texts' meals
    /// of those days from the (text, day) indexes, when there are at most `candidateLimit`,
    /// else reading the days' meals in display order. Many matches are a list shown anyway,
    /// which a walk in order gives without sorting them.
    static func plan(_ db: Database, for text: String, first: Int, last: Int, candidateLimit: Int) throws -> Plan {
        var arguments = arguments(for: text)
        let scan = Plan(condition: condition, arguments: arguments, dayColumn: "meal.day")
        let candidates = distinctTexts.map { table, column in
            """
            SELECT meal.id FROM (\(matching(table, column))) AS matched CROSS JOIN meal
            WHERE \(sameText(column, "matched.\(column)")) AND meal.day BETWEEN :first AND :last
            """
        }.joined(separator: " UNION ALL ")
        arguments["first"] = first
        arguments["last"] = last
        let count = try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM (\(candidates) LIMIT :limit)",
            arguments: StatementArguments(arguments.merging(["limit": candidateLimit + 1]) { $1 })) ?? 0
        guard count <= candidateLimit else { return scan }
        return Plan(condition: "meal.id IN (\(candidates))", arguments: arguments, dayColumn: "+meal.day")
    }

    /// The nearest day after (`comparison` ">") or before ("<") `day` that has a meal whose
    /// title or note contains `text`: one step into the (text, day) index for each matching
    /// distinct title and note, however many meals they have.
    static func nearestDay(_ db: Database, for text: String, beyond day: Int, comparison: String) throws -> Int? {
        let nearest = comparison == ">" ? "MIN" : "MAX"
        let days = distinctTexts.map { table, column in
            """
            SELECT (SELECT \(nearest)(day) FROM meal WHERE \(sameText(column, "\(table).\(column)")) AND meal.day \(comparison) :day) AS day
            FROM \(table) WHERE \(containsText(column))
            """
        }.joined(separator: " UNION ALL ")
        return try Int.fetchOne(
            db, sql: "SELECT \(nearest)(day) FROM (\(days))",
            arguments: StatementArguments(arguments(for: text).merging(["day": day]) { $1 }))
    }
}
