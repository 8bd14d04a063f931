import GRDB
import MealPlanCore

/// The database layout and how to get there from an empty file.
///
/// Every migration also stamps `PRAGMA user_version` with its number, so opening a database
/// whose schema is current costs one pragma instead of a migrator run; `application_id` marks
/// the file as ours, so mealplan never migrates (and thereby changes) a stranger's database.
enum Schema {
    /// "Meal" in ASCII; stored in the SQLite header at offset 68.
    static let applicationID: Int32 = 0x4D65_616C

    private static let migrations: [(name: String, apply: @Sendable (Database) throws -> Void)] = [
        ("create slots and meals", createTables),
        ("seed the default slots", seedDefaultSlots),
        ("never reuse a meal id", neverReuseMealIDs),
        ("index meal text for search", indexMealText),
    ]

    /// The `user_version` of a database whose schema is up to date.
    static let version = migrations.count

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (index, migration) in migrations.enumerated() {
            migrator.registerMigration(migration.name) { db in
                try migration.apply(db)
                try db.execute(sql: "PRAGMA user_version = \(index + 1)")
            }
        }
        return migrator
    }

    private static func createTables(_ db: Database) throws {
        try db.execute(sql: """
            PRAGMA application_id = \(applicationID);

            CREATE TABLE slot (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE
                    CHECK (length(name) BETWEEN 1 AND \(MealSlot.maximumNameLength) AND name = trim(name)),
                position INTEGER NOT NULL UNIQUE
            ) STRICT;

            CREATE TABLE meal (
                id INTEGER PRIMARY KEY,
                day INTEGER NOT NULL
                    CHECK (day BETWEEN \(Day.first.number) AND \(Day.last.number)),
                slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
                position INTEGER NOT NULL CHECK (position >= 0),
                title TEXT NOT NULL
                    CHECK (length(title) BETWEEN 1 AND \(Meal.maximumTitleCodePoints) AND title = trim(title)),
                note TEXT CHECK (note <> '')
            ) STRICT;
            \(mealByDayIndex)
            """)
    }

    /// The meal table again, with `AUTOINCREMENT`: SQLite then never hands out an id that was
    /// used before, even after the highest one is deleted, so an id names one meal forever and
    /// an undo that acts on an id cannot reach a meal added later by someone else. Ids must be
    /// positive; a row another program stored with an id of 0 or below gets a new one.
    private static func neverReuseMealIDs(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE newMeal (
                id INTEGER PRIMARY KEY AUTOINCREMENT CHECK (id > 0),
                day INTEGER NOT NULL
                    CHECK (day BETWEEN \(Day.first.number) AND \(Day.last.number)),
                slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
                position INTEGER NOT NULL CHECK (position >= 0),
                title TEXT NOT NULL
                    CHECK (length(title) BETWEEN 1 AND \(Meal.maximumTitleCodePoints) AND title = trim(title)),
                note TEXT CHECK (note <> '')
            ) STRICT;

            INSERT INTO newMeal(id, day, slotId, position, title, note)
                SELECT id, day, slotId, position, title, note FROM meal WHERE id > 0 ORDER BY id;
            INSERT INTO newMeal(day, slotId, position, title, note)
                SELECT day, slotId, position, title, note FROM meal WHERE id <= 0 ORDER BY id;
            DROP TABLE meal;
            ALTER TABLE newMeal RENAME TO meal;
            \(mealByDayIndex)
            """)
    }

    /// "The meals of days a…b" is a range search on this index, already in display order within
    /// a slot; it also keeps two meals from sharing a place. There is deliberately no index on
    /// slotId alone: only removing a slot would use it, which is rare, while every imported meal
    /// would pay for its upkeep.
    private static let mealByDayIndex = "CREATE UNIQUE INDEX meal_by_day ON meal(day, slotId, position);"

    private static func seedDefaultSlots(_ db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO slot(name, position) VALUES (?, ?)")
        for slot in MealSlot.defaults {
            try insert.execute(arguments: [slot.name, slot.position])
        }
    }

    /// The search index of `MealSearch` (which explains it), its bookkeeping and the triggers,
    /// plain SQL, that keep it in step with any writer; then every meal already stored is
    /// indexed. The index's in-memory buffer (`hashsize`, 1 MiB by default) holds 16 MiB before
    /// it is written out: an import of a million meals then indexes them in two thirds of the
    /// time. `columnsize = 0` drops the word counts that only ranking by relevance needs.
    private static func indexMealText(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE meal_search USING fts5(
                title, note, tokenize = 'trigram case_sensitive 1', detail = none, columnsize = 0);
            INSERT INTO meal_search(meal_search, rank) VALUES ('hashsize', 16777216);
            CREATE TABLE meal_search_pending (id INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE meal_search_state (indexedThrough INTEGER NOT NULL) STRICT;
            INSERT INTO meal_search_state VALUES (0);

            CREATE TRIGGER meal_search_after_insert AFTER INSERT ON meal
            WHEN new.id <= (SELECT indexedThrough FROM meal_search_state)
            BEGIN
                INSERT OR IGNORE INTO meal_search_pending VALUES (new.id);
            END;
            CREATE TRIGGER meal_search_after_update AFTER UPDATE OF id, title, note ON meal
            WHEN new.id IS NOT old.id OR new.title IS NOT old.title OR new.note IS NOT old.note
            BEGIN
                DELETE FROM meal_search WHERE rowid = old.id;
                INSERT OR IGNORE INTO meal_search_pending VALUES (new.id);
            END;
            CREATE TRIGGER meal_search_after_delete AFTER DELETE ON meal
            BEGIN
                DELETE FROM meal_search WHERE rowid = old.id;
            END;
            """)
        try MealSearch.catchUp(db)
    }
}
