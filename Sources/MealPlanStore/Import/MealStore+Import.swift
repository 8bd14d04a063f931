import Foundation
import GRDB
import MealPlanCore

/// An import refused because meals of it were already planned: the same day, slot and title.
public struct DuplicateMealsError: Error, Equatable {
    /// How many of the imported meals the plan already had.
    public let count: Int
    /// The first of them in the imported order.
    public let first: Meal
}

/// What an import added (or would add, in a dry run).
public struct ImportSummary: Sendable, Equatable {
    public let count: Int
    /// The days from the first to the last meal, if there were any.
    public let days: DayRange?
    /// Leftovers imported plain, their source not found.
    public var unlinkedLeftovers: [UnlinkedLeftovers] = []
}

extension MealStore {
    /// Runs `body` with an importer inside ONE transaction: if `body` or any row throws,
    /// nothing is added. With `dryRun`, everything is checked (the schema's constraints included:
    /// its CHECKs by `MealChecker`'s same rules) and then rolled back. `refusingDuplicates`
    /// throws `DuplicateMealsError`, adding nothing, when the plan already had some of the
    /// meals. Returns the number of meals added (or that would be added).
    @discardableResult
    public func importMeals(
        dryRun: Bool = false, refusingDuplicates: Bool = false, _ body: (MealImporter) throws -> Void
    ) throws -> Int {
        try inImportTransaction(dryRun: dryRun, refusingDuplicates: refusingDuplicates) { importer in
            try body(importer)
            try importer.finish()
        }.count
    }

    /// SQLite's helper threads for the sorts that build an empty plan's indexes after its
    /// rows: one per core beyond this thread's.
    static var sortHelperThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// Runs `body` with a new importer in the one transaction of an import.
    /// `keepsIdentity` and `prepare` are a whole plan's (`importPlan`): its meals keep their ids,
    /// UIDs, positions and links, and `prepare` stores the rest of the plan in the same
    /// transaction before the first meal.
    func inImportTransaction(
        dryRun: Bool, refusingDuplicates: Bool, keepsIdentity: Bool = false, prepare: (Database) throws -> Void = { _ in },
        _ body: (MealImporter) throws -> Void
    ) throws -> ImportSummary {
        if !dryRun, let summary = try importIntoDeferredFile(refusingDuplicates: refusingDuplicates, { store in
            try store.inImportTransaction(dryRun: false, refusingDuplicates: refusingDuplicates, body)
        }) {
            return summary
        }
        var summary = ImportSummary(count: 0, days: nil)
        do {
            try writer.writeWithoutTransaction { db in
                // Every slot id the importer inserts was just read from the slot table inside
                // the same transaction, so the per-row foreign key lookup (a sixth of the time
                // of a big import) proves nothing; it stays on for every other write.
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                // Likewise the meal table's CHECK constraints: every meal was checked by
                // `MealChecker` with the rules they state (day, title, note, recipe, servings;
                // the position and UID are the importer's own), and evaluating them for every row
                // was a third of the cost of inserting it (see Benchmarks/cli-vs-sqlite3.sh). The flag is read
                // when a statement is compiled, so only the importer's statements skip them.
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                defer { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") }
                // An import into an empty plan (a first import, the demo) builds the title and note
                // indexes once at its end, from the sorted keys, instead of row by row: two thirds
                // of the cost, and SQLite sorts in bounded memory, spilling to temporary files. It
                // drops the triggers on new meals too, and does their work once at the end.
                // The UID index is kept row by row: the UIDs the import makes are time-ordered
                // (`ItemUID.Generator`), each one after the last, so each row only appends to the
                // index, which costs less than sorting them all after.
                // Into a plan with meals, rebuilding the index would cost more; there each
                // many-row INSERT saves the index page of every title it changes, to undo that
                // INSERT alone, in a statement journal, which as a temporary file cost a million
                // meals 2 s of system time: in memory, it holds one INSERT's pages at a time.
                // A whole plan's meals keep their UIDs, in no order: its import builds the UID
                // index at the end too, and two meals that share a UID fail it there, where
                // `SharedUIDError` names them.
                let intoEmptyPlan = try Self.isEmpty(db)
                if !intoEmptyPlan { try db.execute(sql: "PRAGMA temp_store = MEMORY") }
                defer { try? db.execute(sql: "PRAGMA temp_store = DEFAULT") }
                let restoreCache = intoEmptyPlan ? {} : try Self.raisePageCache(db)
                defer { restoreCache() }
                // The indexes built at the end sort on helper threads as well as this one: by then
                // the thread that read the file is done and its core idle (see Benchmarks/cli-vs-sqlite3.sh).
                if intoEmptyPlan { try db.execute(sql: "PRAGMA threads = \(Self.sortHelperThreads)") }
                defer { try? db.execute(sql: "PRAGMA threads = 0") }
                try db.inTransaction(.immediate) {
                    // Asked again inside the transaction: another writer may have added meals.
                    let buildsIndexesAfter = try Self.isEmpty(db)
                    let buildsUIDIndexAfter = buildsIndexesAfter && keepsIdentity
                    if buildsIndexesAfter {
                        let triggers = Schema.mealInsertTriggers.map { "DROP TRIGGER \($0.0);" }.joined()
                        let uidIndex = buildsUIDIndexAfter ? "DROP INDEX meal_by_uid;" : ""
                        try db.execute(sql: "DROP INDEX meal_by_title; \(uidIndex) DROP INDEX meal_by_note; \(triggers)")
                    }
                    try prepare(db)
                    let importer = try MealImporter(db, path: path, keepsIdentity: keepsIdentity)
                    try body(importer)
                    if buildsUIDIndexAfter {
                        do {
                            try db.execute(sql: Schema.mealByUIDIndex)
                        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                            throw try SharedUIDError.first(db)
                        }
                    }
                    if buildsIndexesAfter {
                        try db.execute(sql: Schema.mealByTitleIndex + Schema.mealByNoteIndex
                            + Schema.fillDistinctTexts + Schema.mealInsertTriggers.map(\.1).joined())
                    }
                    if refusingDuplicates, let duplicates = try importer.duplicates() { throw duplicates }
                    let unlinked = try importer.linkLeftovers()
                    // A whole plan is moved exactly: a source it names must be in it.
                    if keepsIdentity, let first = unlinked.first {
                        throw StoreError(.badData, "line \(first.line): meals: leftovers_of names \(first.source.text), which is no meal of the file")
                    }
                    summary = ImportSummary(count: importer.count, days: importer.days, unlinkedLeftovers: unlinked)
                    if dryRun { return .rollback }
                    try MealSearch.catchUp(db)
                    return .commit
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
        return summary
    }

    private static func isEmpty(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM meal)") == true
    }
}
