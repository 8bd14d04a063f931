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
        ("link meals to recipes", linkMealsToRecipes),
        ("repeat rules", addRepeatRules),
        ("keep templates of days", createTemplateTables),
        ("index meal text for search", indexMealText),
        ("remember when each rule ends", rememberRuleEnds),
        ("index meal titles for history", indexMealTitles),
        ("note meals to index whatever conflict clause", mendSearchTriggers),
        ("give every item a UID", addItemUIDs),
        ("search through distinct titles and notes", searchDistinctTexts),
        ("remember what each sync agreed on", MealStore.addSyncState),
        ("remember what was eaten and what was cooked once for two meals", addStatusAndLeftovers),
        ("index notes by a short key", indexNotesByKey),
        ("remember the cooks of leftovers a sync has not brought yet", MealStore.addSyncLeftovers),
        ("remember the entries a sync named and left", MealStore.addSyncNamedEntries),
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

    /// A meal may name a recipe (its name in the recipes folder, not checked against the folder:
    /// a recipe file may come and go) and the servings to make of it, which need a recipe.
    /// Adding columns keeps every row where it is, so a million-meal plan upgrades in moments.
    private static func linkMealsToRecipes(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE meal ADD COLUMN recipe TEXT
                CHECK (length(recipe) BETWEEN 1 AND \(Meal.maximumRecipeNameLength) AND recipe = trim(recipe));
            ALTER TABLE meal ADD COLUMN servings REAL
                CHECK (servings IS NULL
                    OR (servings >= \(Meal.minimumServings) AND servings <= \(Meal.maximumServings) AND recipe IS NOT NULL));
            """)
    }

    /// A meal's `status` (NULL while planned), the cooked meal leftovers come from
    /// (`leftoversOf`, unlinked by SQLite when that meal goes, whoever removes it) and how many
    /// eat at a cooked meal (`eaters`). The index makes the unlinking and "what is left of this
    /// meal" a look-up; it holds the few leftovers only. History counts what was eaten:
    /// `meal_by_title` gains the status, so that it still counts a title's meals without
    /// reading them, and `meal_by_status` answers whether the plan marks meals done at all. A template's meals keep the last two,
    /// their links inside the template (a status is what became of a day, not part of a plan).
    private static func addStatusAndLeftovers(_ db: Database) throws {
        let eaters = "eaters REAL CHECK (eaters IS NULL OR (eaters >= \(Meal.minimumServings) AND eaters <= \(Meal.maximumServings)))"
        try db.execute(sql: """
            ALTER TABLE meal ADD COLUMN status TEXT CHECK (status IN ('done', 'skipped'));
            ALTER TABLE meal ADD COLUMN leftoversOf INTEGER REFERENCES meal(id) ON DELETE SET NULL
                CHECK (leftoversOf IS NULL OR leftoversOf <> id);
            ALTER TABLE meal ADD COLUMN \(eaters);
            CREATE INDEX meal_by_leftovers_source ON meal(leftoversOf) WHERE leftoversOf IS NOT NULL;
            CREATE INDEX meal_by_status ON meal(status) WHERE status IS NOT NULL;
            DROP INDEX meal_by_title;
            \(mealByTitleIndex)
            ALTER TABLE templateMeal ADD COLUMN leftoversOf INTEGER REFERENCES templateMeal(id) ON DELETE SET NULL
                CHECK (leftoversOf IS NULL OR leftoversOf <> id);
            ALTER TABLE templateMeal ADD COLUMN \(eaters);
            """)
    }

    /// Repeating meals are rules, never copied rows: what repeats (slot, title, note, recipe,
    /// servings), from which first day, by which pattern (`frequency` and `interval`, with the
    /// weekdays of a weekly rule as bits Monday = 1 … Sunday = 64, the day of the month or the
    /// ordinal weekday of a monthly one) and until when. `ruleException` holds the days a rule
    /// skips; an occurrence the user changed is a meal of its own carrying `ruleId` and
    /// `ruleDay`, the occurrence it replaces.
    private static func addRepeatRules(_ db: Database) throws {
        let day = "BETWEEN \(Day.first.number) AND \(Day.last.number)"
        try db.execute(sql: """
            CREATE TABLE rule (
                id INTEGER PRIMARY KEY AUTOINCREMENT CHECK (id > 0),
                slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
                title TEXT NOT NULL
                    CHECK (length(title) BETWEEN 1 AND \(Meal.maximumTitleCodePoints) AND title = trim(title)),
                note TEXT CHECK (note <> ''),
                recipe TEXT
                    CHECK (length(recipe) BETWEEN 1 AND \(Meal.maximumRecipeNameLength) AND recipe = trim(recipe)),
                servings REAL CHECK (servings IS NULL
                    OR (servings >= \(Meal.minimumServings) AND servings <= \(Meal.maximumServings) AND recipe IS NOT NULL)),
                firstDay INTEGER NOT NULL CHECK (firstDay \(day)),
                frequency TEXT NOT NULL CHECK (frequency IN ('day', 'week', 'month', 'year')),
                interval INTEGER NOT NULL CHECK (interval BETWEEN 1 AND 9999),
                weekdays INTEGER CHECK (weekdays BETWEEN 1 AND 127),
                monthDay INTEGER CHECK (monthDay BETWEEN 1 AND 31),
                ordinal INTEGER CHECK (ordinal BETWEEN -5 AND 5 AND ordinal <> 0),
                weekday INTEGER CHECK (weekday BETWEEN 1 AND 7),
                untilDay INTEGER CHECK (untilDay \(day) AND untilDay >= firstDay),
                count INTEGER CHECK (count >= 1),
                CHECK (untilDay IS NULL OR count IS NULL),
                CHECK ((frequency = 'week') = (weekdays IS NOT NULL)),
                CHECK (frequency = 'month' OR (monthDay IS NULL AND ordinal IS NULL)),
                CHECK ((ordinal IS NULL) = (weekday IS NULL))
            ) STRICT;
            CREATE TABLE ruleException (
                ruleId INTEGER NOT NULL REFERENCES rule(id) ON DELETE CASCADE,
                day INTEGER NOT NULL CHECK (day \(day)),
                PRIMARY KEY (ruleId, day)
            ) STRICT, WITHOUT ROWID;
            ALTER TABLE meal ADD COLUMN ruleId INTEGER REFERENCES rule(id);
            ALTER TABLE meal ADD COLUMN ruleDay INTEGER CHECK ((ruleId IS NULL) = (ruleDay IS NULL) AND (ruleDay IS NULL OR ruleDay \(day)));
            CREATE INDEX meal_by_rule ON meal(ruleId, ruleDay) WHERE ruleId IS NOT NULL;
            CREATE TABLE ruleVersion (number INTEGER NOT NULL) STRICT;
            INSERT INTO ruleVersion VALUES (0);
            \(ruleVersionTriggers)
            """)
    }

    /// Every change to the rules, by any program (these are plain SQL), counts up
    /// `ruleVersion`: a long-lived process keeps the rules it read until the number moves,
    /// instead of reading them again for every range of days.
    private static let ruleVersionTriggers = ["rule", "ruleException"].flatMap { table in
        ["INSERT", "UPDATE", "DELETE"].map { event in
            "CREATE TRIGGER \(table)_\(event.lowercased())_counts AFTER \(event) ON \(table) BEGIN UPDATE ruleVersion SET number = number + 1; END;"
        }
    }.joined(separator: "\n")

    /// Each rule's last possible day (`RepeatRule.lastPossibleDay`), so that reading the rules
    /// of some days leaves out, in SQL, those over before them: a plan kept for years holds
    /// many, and finding where a `count` ends takes arithmetic. The store writes the day with
    /// every rule it stores or changes. NULL stands for "not known": a rule another program
    /// inserted, or whose pattern or end it changed (the trigger forgets the day then). Such a
    /// rule is always read, its day computed, and the store's next rule write stores it.
    private static func rememberRuleEnds(_ db: Database) throws {
        let pattern = ["firstDay", "frequency", "interval", "weekdays", "monthDay", "ordinal", "weekday", "untilDay", "count"]
        let row = { (prefix: String) in "(" + pattern.map { "\(prefix).\($0)" }.joined(separator: ", ") + ")" }
        try db.execute(sql: """
            ALTER TABLE rule ADD COLUMN lastDay INTEGER
                CHECK (lastDay BETWEEN \(Day.first.number) AND \(Day.last.number));
            CREATE TRIGGER rule_end_forgotten AFTER UPDATE OF \(pattern.joined(separator: ", ")) ON rule
            WHEN new.lastDay IS old.lastDay AND \(row("new")) IS NOT \(row("old"))
            BEGIN
                UPDATE rule SET lastDay = NULL WHERE id = new.id;
            END;
            """)
        try MealStore.rememberRuleEnds(db, readsUIDs: false)
    }

    /// Templates: named runs of days whose meals are kept for reuse. A template meal has the
    /// meal's columns and rules, a day offset inside its template instead of a day, and a slot
    /// that cannot be removed while a template uses it; it goes with its template. The unique
    /// index orders a template's meals for reading and serves the cascade.
    private static func createTemplateTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE template (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE
                    CHECK (length(name) BETWEEN 1 AND \(MealTemplate.maximumNameLength) AND name = trim(name)),
                days INTEGER NOT NULL CHECK (days BETWEEN 1 AND \(Day.first.distance(to: .last) + 1))
            ) STRICT;

            CREATE TABLE templateMeal (
                id INTEGER PRIMARY KEY,
                templateId INTEGER NOT NULL REFERENCES template(id) ON DELETE CASCADE,
                dayOffset INTEGER NOT NULL CHECK (dayOffset >= 0),
                slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
                position INTEGER NOT NULL CHECK (position >= 0),
                title TEXT NOT NULL
                    CHECK (length(title) BETWEEN 1 AND \(Meal.maximumTitleCodePoints) AND title = trim(title)),
                note TEXT CHECK (note <> ''),
                recipe TEXT
                    CHECK (length(recipe) BETWEEN 1 AND \(Meal.maximumRecipeNameLength) AND recipe = trim(recipe)),
                servings REAL
                    CHECK (servings IS NULL
                        OR (servings >= \(Meal.minimumServings) AND servings <= \(Meal.maximumServings) AND recipe IS NOT NULL))
            ) STRICT;
            CREATE UNIQUE INDEX templateMeal_by_place ON templateMeal(templateId, dayOffset, slotId, position);
            """)
    }

    /// "The meals of days a…b" is a range search on this index, already in display order within
    /// a slot; it also keeps two meals from sharing a place. There is deliberately no index on
    /// slotId alone: only removing a slot would use it, which is rare, while every imported meal
    /// would pay for its upkeep.
    private static let mealByDayIndex = "CREATE UNIQUE INDEX meal_by_day ON meal(day, slotId, position);"

    /// The index of `indexMealTitles`, which an import into an empty plan builds once at its
    /// end instead of row by row.
    static let mealByTitleIndex = "CREATE INDEX meal_by_title ON meal(title, day, status);"

    private static func seedDefaultSlots(_ db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO slot(name, position) VALUES (?, ?)")
        for slot in MealSlot.defaults {
            try insert.execute(arguments: [slot.name, slot.position])
        }
    }

    /// A search index of every meal's folded title and note (FTS5, trigrams), its bookkeeping
    /// and the triggers, plain SQL, that noted the meals it lacked. `searchDistinctTexts`
    /// replaced it, so the meals stored are no longer folded into it here: a plan upgraded
    /// from before it goes on to drop it at once.
    private static func indexMealText(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE meal_search USING fts5(
                title, note, tokenize = 'trigram case_sensitive 1', detail = none, columnsize = 0);
            INSERT INTO meal_search(meal_search, rank) VALUES ('hashsize', 16777216);
            CREATE TABLE meal_search_pending (id INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE meal_search_state (indexedThrough INTEGER NOT NULL) STRICT;
            INSERT INTO meal_search_state VALUES (0);

            \(searchTriggers)
            CREATE TRIGGER meal_search_after_delete AFTER DELETE ON meal
            BEGIN
                DELETE FROM meal_search WHERE rowid = old.id;
            END;
            """)
    }

    /// The search index's triggers that note a meal to index. An id is noted only when it is
    /// not already, rather than by `INSERT OR IGNORE`: a statement's own conflict clause
    /// (`UPDATE OR ABORT meal …` in the `sqlite3` shell) overrides those of the triggers it
    /// fires, and a meal changed twice before mealplan writes again would then fail.
    private static let searchTriggers = """
        CREATE TRIGGER meal_search_after_insert AFTER INSERT ON meal
        WHEN new.id <= (SELECT indexedThrough FROM meal_search_state)
            AND NOT EXISTS (SELECT 1 FROM meal_search_pending WHERE id = new.id)
        BEGIN
            INSERT INTO meal_search_pending VALUES (new.id);
        END;
        CREATE TRIGGER meal_search_after_update AFTER UPDATE OF id, title, note ON meal
        WHEN new.id IS NOT old.id OR new.title IS NOT old.title OR new.note IS NOT old.note
        BEGIN
            DELETE FROM meal_search WHERE rowid = old.id;
            INSERT INTO meal_search_pending
                SELECT new.id WHERE NOT EXISTS (SELECT 1 FROM meal_search_pending WHERE id = new.id);
        END;
        """

    /// Replaces the search index's triggers of schema 7, which used `INSERT OR IGNORE`, with
    /// `searchTriggers`.
    private static func mendSearchTriggers(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER meal_search_after_insert;
            DROP TRIGGER meal_search_after_update;
            \(searchTriggers)
            """)
    }

    /// What `MealStore.history` and `forgotten` read instead of every meal: `meal_by_title`
    /// gives a title's count, last day and most recent days as a range of the index, and
    /// `mealTitle` holds each distinct title once, so that finding the titles containing a
    /// text reads one row per title instead of one per meal. The triggers, plain SQL like the
    /// search index's, keep `mealTitle` right whoever writes the meals (the `sqlite3` shell
    /// too): a title comes with its first meal and goes with its last, which the index finds.
    /// The conditions are `WHEN` clauses, which a large import runs far faster than the same
    /// test inside the trigger's statement; and a title is only ever added
    /// when missing, because a statement's own conflict clause (`INSERT OR ABORT INTO meal`)
    /// overrides the ones of the triggers it fires. A meal that `OR REPLACE` removes fires no
    /// delete trigger, so its title may stay in the table; without meals, it has no last day,
    /// which is what `history` and `forgotten` look for.
    private static func indexMealTitles(_ db: Database) throws {
        let addNew = "INSERT INTO mealTitle SELECT new.title WHERE NOT EXISTS (SELECT 1 FROM mealTitle WHERE title = new.title);"
        let dropOldIfUnused = "DELETE FROM mealTitle WHERE title = old.title AND NOT EXISTS (SELECT 1 FROM meal WHERE title = old.title);"
        try db.execute(sql: """
            CREATE INDEX meal_by_title ON meal(title, day);
            CREATE TABLE mealTitle (title TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
            INSERT INTO mealTitle SELECT DISTINCT title FROM meal;

            CREATE TRIGGER meal_title_after_insert AFTER INSERT ON meal
            WHEN NOT EXISTS (SELECT 1 FROM mealTitle WHERE title = new.title)
            BEGIN
                INSERT INTO mealTitle VALUES (new.title);
            END;
            CREATE TRIGGER meal_title_after_update AFTER UPDATE OF title ON meal
            WHEN new.title IS NOT old.title
            BEGIN
                \(addNew)
                \(dropOldIfUnused)
            END;
            CREATE TRIGGER meal_title_after_delete AFTER DELETE ON meal
            WHEN NOT EXISTS (SELECT 1 FROM meal WHERE title = old.title)
            BEGIN
                DELETE FROM mealTitle WHERE title = old.title;
            END;
            """)
    }

    /// The tables whose rows are items with an identity of their own (`ItemUID`).
    static let itemTables = ["meal", "rule", "template"]

    /// A new random UID as SQL: 16 random bytes with the version 4 and variant bits of
    /// RFC 9562 set (byte 6 is `4x`, byte 8 is `8x`…`Bx`), picked from literal byte tables
    /// because SQLite has no bit operations on blobs; `||` makes text of its blobs (their bytes
    /// as they are), which the cast makes a blob again.
    static let newUIDSQL: String = {
        let hex = { (bytes: ClosedRange<Int>) in bytes.map { String($0, radix: 16, uppercase: true) }.joined() }
        return "CAST(randomblob(6) || substr(X'\(hex(0x40...0x4F))', 1 + (random() & 15), 1) || randomblob(1)"
            + " || substr(X'\(hex(0x80...0xBF))', 1 + (random() & 63), 1) || randomblob(7) AS BLOB)"
    }()

    /// The index of `addItemUIDs` on meals, which an import into an empty plan builds once at
    /// its end instead of row by row, as it does `mealByTitleIndex`.
    static let mealByUIDIndex = "CREATE UNIQUE INDEX meal_by_uid ON meal(uid);"

    /// Every meal, repeat rule and template gets its `ItemUID`, a 16-byte BLOB: a column added
    /// (which keeps every row where it is), a UID for each row there is, and a UNIQUE index,
    /// which a later lookup by UID needs and which refuses a copied one. mealplan stores each
    /// item with the UID it made for it; a row another program inserts (or whose UID it clears)
    /// without one gets one from the trigger, plain SQL like the others, whose `WHEN` costs
    /// mealplan's own inserts nothing more. SQLite cannot add a column with a default that is
    /// not a constant, so the column itself may be NULL; only between a statement and its
    /// triggers is it ever. A blob is half the size of the text form: a million meals take
    /// 40 MiB less in the table and its index (see Benchmarks/uid-storage.sh).
    private static func addItemUIDs(_ db: Database) throws {
        for table in itemTables {
            try db.execute(sql: """
                ALTER TABLE \(table) ADD COLUMN uid BLOB CHECK (length(uid) = 16);
                UPDATE \(table) SET uid = \(newUIDSQL);
                \(table == "meal" ? mealByUIDIndex : "CREATE UNIQUE INDEX \(table)_by_uid ON \(table)(uid);")
                \(uidInsertTrigger(table))
                CREATE TRIGGER \(table)_uid_after_update AFTER UPDATE OF uid ON \(table) WHEN new.uid IS NULL
                BEGIN
                    UPDATE \(table) SET uid = \(newUIDSQL) WHERE rowid = new.rowid;
                END;
                """)
        }
    }

    /// The trigger that gives a row of `table` that another program inserts without a UID one.
    private static func uidInsertTrigger(_ table: String) -> String {
        """
        CREATE TRIGGER \(table)_uid_after_insert AFTER INSERT ON \(table) WHEN new.uid IS NULL
        BEGIN
            UPDATE \(table) SET uid = \(newUIDSQL) WHERE rowid = new.rowid;
        END;
        """
    }

    /// The triggers on a new meal, each by name: an import into an empty plan drops them and
    /// makes them again at its end (`MealStore.inImportTransaction`), having done their work
    /// once for all its meals (`fillDistinctTexts`; its meals have their UIDs). Each trigger
    /// runs as a program of its own for every row, its `WHEN` included: two fifths of the time
    /// of inserting a million meals (see Benchmarks/cli-vs-sqlite3.sh).
    static let mealInsertTriggers = [
        ("meal_title_after_insert", distinctTextInsertTrigger(column: "title", table: "mealTitle")),
        ("meal_note_after_insert", noteInsertTrigger),
        ("meal_uid_after_insert", uidInsertTrigger("meal")),
    ]

    /// Every distinct `column` of the meals into `table`, keyed by the text, folded, each read
    /// once from its index on the meals.
    private static func fillDistinct(_ table: String, _ column: String) -> String {
        """
        INSERT OR IGNORE INTO \(table)
            SELECT \(column), \(MealSearch.folded(column)) FROM meal WHERE \(column) IS NOT NULL GROUP BY \(column);
        """
    }

    /// Every distinct title and note of the meals into `mealTitle` and `mealNote`, folded: what
    /// the triggers on new meals would have added, for an import that made them afterwards.
    /// A note is added when `mealNote` lacks it, as its trigger adds it, since no constraint
    /// there refuses a second copy. The notes are read in one pass over the meals, `NOT
    /// INDEXED`: `meal_by_note` holds their keys, not their text, and going through it fetched
    /// every noted meal's row out of order, twice the time (see Benchmarks/cli-vs-sqlite3.sh).
    static let fillDistinctTexts = fillDistinct("mealTitle", "title") + """
        INSERT INTO mealNote(note, folded)
            SELECT text, \(MealSearch.folded("text")) FROM (SELECT DISTINCT note AS text FROM meal NOT INDEXED WHERE note IS NOT NULL)
            WHERE NOT EXISTS (SELECT 1 FROM mealNote WHERE \(MealSearch.sameNote("note", "text")));
        """

    /// The index of `indexNotesByKey` on the meals that have a note, by the note's key
    /// (`MealSearch.noteKey`), which an import into an empty plan builds once at its end, as it
    /// does `mealByTitleIndex`.
    static let mealByNoteIndex = "CREATE INDEX meal_by_note ON meal(\(MealSearch.noteKey("note")), day) WHERE note IS NOT NULL;"

    /// Search (`MealSearch`) finds meals through their distinct titles and notes instead of an
    /// index of every meal: the FTS5 index of `indexMealText` goes, `mealTitle` gains each
    /// title's folded text, and `mealNote` holds each distinct note with its own, reached
    /// through `meal_by_note` as titles are through `meal_by_title`. Its triggers replace those
    /// of `indexMealTitles`: the same rules, one definition for both tables (`distinctTexts`).
    private static func searchDistinctTexts(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER meal_search_after_insert;
            DROP TRIGGER meal_search_after_update;
            DROP TRIGGER meal_search_after_delete;
            DROP TABLE meal_search;
            DROP TABLE meal_search_pending;
            DROP TABLE meal_search_state;
            DROP TRIGGER meal_title_after_insert;
            DROP TRIGGER meal_title_after_update;
            DROP TRIGGER meal_title_after_delete;
            ALTER TABLE mealTitle ADD COLUMN folded TEXT;
            UPDATE mealTitle SET folded = \(MealSearch.folded("title"));
            CREATE INDEX mealTitle_unfolded ON mealTitle(title) WHERE folded IS NULL;
            \(distinctTexts(column: "note", table: "mealNote", dataTable: true))
            CREATE INDEX meal_by_note ON meal(note, day) WHERE note IS NOT NULL;
            \(fillDistinct("mealNote", "note"))
            \(fillDistinct("mealTitle", "title"))
            \(distinctTexts(column: "title", table: "mealTitle", dataTable: false))
            """)
    }

    /// The triggers, plain SQL so that any program's changes keep it right (the `sqlite3`
    /// shell's too), that keep `table` holding each distinct non-NULL value of `meal.column`
    /// once, with its text folded for search (`folded`); with `dataTable`, the table and its
    /// index of values not folded yet first. A value comes with its first meal and goes with
    /// its last, which an index on `meal(column)` finds. Only ASCII text (its bytes as many as
    /// its characters) is folded here, by `lower`, which is the whole of `MealQuery.folded` for
    /// it; other text is stored with `folded` NULL and folded by the store
    /// (`MealSearch.catchUp`), since the folding of the rest is Swift code no other program has.
    /// The conditions are `WHEN` clauses, which a large import runs far faster than the same
    /// test inside the trigger's statement; and a value is only ever added when missing,
    /// because a statement's own conflict clause (`INSERT OR ABORT INTO meal`) overrides the
    /// ones of the triggers it fires. A meal that `OR REPLACE` removes fires no delete
    /// trigger, so its value may stay in the table, matching no meal.
    private static func distinctTexts(column: String, table: String, dataTable: Bool) -> String {
        let unused = "NOT EXISTS (SELECT 1 FROM meal WHERE \(column) = old.\(column))"
        let create = """
            CREATE TABLE \(table) (\(column) TEXT PRIMARY KEY, folded TEXT) STRICT, WITHOUT ROWID;
            CREATE INDEX \(table)_unfolded ON \(table)(\(column)) WHERE folded IS NULL;
            """
        return """
            \(dataTable ? create : "")
            \(distinctTextInsertTrigger(column: column, table: table))
            CREATE TRIGGER meal_\(column)_after_update AFTER UPDATE OF \(column) ON meal
            WHEN new.\(column) IS NOT old.\(column)
            BEGIN
                INSERT INTO \(table) SELECT new.\(column), \(asciiFolded("new.\(column)"))
                    WHERE new.\(column) IS NOT NULL AND \(missing(table, column));
                DELETE FROM \(table) WHERE \(column) = old.\(column) AND \(unused);
            END;
            CREATE TRIGGER meal_\(column)_after_delete AFTER DELETE ON meal
            WHEN old.\(column) IS NOT NULL AND \(unused)
            BEGIN
                DELETE FROM \(table) WHERE \(column) = old.\(column);
            END;
            """
    }

    /// The trigger of `distinctTexts` that adds a new meal's text when its table lacks it.
    private static func distinctTextInsertTrigger(column: String, table: String) -> String {
        """
        CREATE TRIGGER meal_\(column)_after_insert AFTER INSERT ON meal
        WHEN new.\(column) IS NOT NULL AND \(missing(table, column))
        BEGIN
            INSERT INTO \(table) VALUES (new.\(column), \(asciiFolded("new.\(column)")));
        END;
        """
    }

    /// Whether `table` lacks the new meal's `column`.
    private static func missing(_ table: String, _ column: String) -> String {
        "NOT EXISTS (SELECT 1 FROM \(table) WHERE \(column) = new.\(column))"
    }

    /// `value` folded when it is ASCII (as many bytes as characters), else NULL: all the
    /// folding plain SQL can do (see `distinctTexts`).
    private static func asciiFolded(_ value: String) -> String {
        "CASE WHEN length(CAST(\(value) AS BLOB)) = length(\(value)) THEN lower(\(value)) END"
    }

    /// Notes by a reference instead of by their text, so that saving a long note does not
    /// compare and copy it again for each index: `mealNote` gets a row id, and it and
    /// `meal_by_note` are indexed by the note's key (`MealSearch.noteKey`: its start and its
    /// length), a few dozen bytes however long the note is. The distinct notes stay as they
    /// were, with their folds; the triggers are `noteTriggers`.
    private static func indexNotesByKey(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER meal_note_after_insert;
            DROP TRIGGER meal_note_after_update;
            DROP TRIGGER meal_note_after_delete;
            DROP INDEX meal_by_note;
            CREATE TABLE keyedNote (id INTEGER PRIMARY KEY, note TEXT NOT NULL, folded TEXT) STRICT;
            INSERT INTO keyedNote(note, folded) SELECT note, folded FROM mealNote ORDER BY note;
            DROP TABLE mealNote;
            ALTER TABLE keyedNote RENAME TO mealNote;
            CREATE INDEX mealNote_by_key ON mealNote(\(MealSearch.noteKey("note")));
            CREATE INDEX mealNote_unfolded ON mealNote(id) WHERE folded IS NULL;
            \(mealByNoteIndex)
            \(noteInsertTrigger)
            \(noteTriggers)
            """)
    }

    /// The trigger of `indexNotesByKey` that adds a new meal's note when `mealNote` lacks it.
    private static let noteInsertTrigger = """
        CREATE TRIGGER meal_note_after_insert AFTER INSERT ON meal
        WHEN new.note IS NOT NULL AND \(noteMissing("new.note"))
        BEGIN
            INSERT INTO mealNote(note, folded) VALUES (new.note, \(asciiFolded("new.note")));
        END;
        """

    /// The other triggers of `indexNotesByKey`: the rules of `distinctTexts`, with every note
    /// found through its key.
    private static let noteTriggers = """
        CREATE TRIGGER meal_note_after_update AFTER UPDATE OF note ON meal
        WHEN new.note IS NOT old.note
        BEGIN
            INSERT INTO mealNote(note, folded) SELECT new.note, \(asciiFolded("new.note"))
                WHERE new.note IS NOT NULL AND \(noteMissing("new.note"));
            DELETE FROM mealNote WHERE \(MealSearch.sameNote("note", "old.note")) AND \(noteUnused("old.note"));
        END;
        CREATE TRIGGER meal_note_after_delete AFTER DELETE ON meal
        WHEN old.note IS NOT NULL AND \(noteUnused("old.note"))
        BEGIN
            DELETE FROM mealNote WHERE \(MealSearch.sameNote("note", "old.note"));
        END;
        """

    /// Whether `mealNote` lacks `note`.
    private static func noteMissing(_ note: String) -> String {
        "NOT EXISTS (SELECT 1 FROM mealNote WHERE \(MealSearch.sameNote("note", note)))"
    }

    /// Whether no meal has `note`.
    private static func noteUnused(_ note: String) -> String {
        "NOT EXISTS (SELECT 1 FROM meal WHERE note IS NOT NULL AND \(MealSearch.sameNote("note", note)))"
    }
}
