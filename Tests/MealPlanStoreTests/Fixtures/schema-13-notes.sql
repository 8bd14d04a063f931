-- A plan of schema 13, the last whose distinct notes (`mealNote`) and `meal_by_note` were keyed
-- by the whole text of a note, made by the build of mealplan at commit 29a070c and dumped by
-- the sqlite3 shell (3.40.1), with NOTE standing for "Slow-cooked for eight hours in the oven,
-- covered, at a low heat; then rest it." (78 characters, so the notes of Stew and Ragù share
-- their first 64 characters and their length):
--
--   mealplan add 2026-03-02 lunch Soup --note "hot<line break>with bread"
--   mealplan add 2026-03-02 dinner Lasagne --note "hot<line break>with bread"
--   mealplan add 2026-03-03 dinner Fish --note "Grandma's Straße recipe"
--   mealplan add 2026-03-03 lunch "拉麺" --note "少し甘め"
--   mealplan add 2026-03-04 dinner Stew --note "NOTE Serve with bread."
--   mealplan add 2026-03-05 dinner Ragù --note "NOTE Serve with pasta."
--   mealplan add 2026-03-06 dinner "Beef stew" --note "NOTE Serve with bread."
--   mealplan add 2026-03-07 breakfast "Eggs, toast; jam"
--   mealplan repeat add 2026-03-02 breakfast Porridge --every week --on mon,wed --count 10 --note oats
--   mealplan template save Week --from 2026-03-02 --days 7
--   sqlite3 plan.sqlite .dump
--
-- `.dump` leaves out the two fields of the file's header that mark it as a mealplan plan of
-- that schema; the last two lines put them back.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('create slots and meals');
INSERT INTO grdb_migrations VALUES('seed the default slots');
INSERT INTO grdb_migrations VALUES('never reuse a meal id');
INSERT INTO grdb_migrations VALUES('link meals to recipes');
INSERT INTO grdb_migrations VALUES('repeat rules');
INSERT INTO grdb_migrations VALUES('keep templates of days');
INSERT INTO grdb_migrations VALUES('index meal text for search');
INSERT INTO grdb_migrations VALUES('remember when each rule ends');
INSERT INTO grdb_migrations VALUES('index meal titles for history');
INSERT INTO grdb_migrations VALUES('note meals to index whatever conflict clause');
INSERT INTO grdb_migrations VALUES('give every item a UID');
INSERT INTO grdb_migrations VALUES('search through distinct titles and notes');
INSERT INTO grdb_migrations VALUES('remember what each sync agreed on');
CREATE TABLE slot (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
        CHECK (length(name) BETWEEN 1 AND 32 AND name = trim(name)),
    position INTEGER NOT NULL UNIQUE
) STRICT;
INSERT INTO slot VALUES(1,'breakfast',0);
INSERT INTO slot VALUES(2,'lunch',1);
INSERT INTO slot VALUES(3,'dinner',2);
INSERT INTO slot VALUES(4,'snack',3);
CREATE TABLE IF NOT EXISTS "meal" (
    id INTEGER PRIMARY KEY AUTOINCREMENT CHECK (id > 0),
    day INTEGER NOT NULL
        CHECK (day BETWEEN -719162 AND 2932896),
    slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
    position INTEGER NOT NULL CHECK (position >= 0),
    title TEXT NOT NULL
        CHECK (length(title) BETWEEN 1 AND 4000 AND title = trim(title)),
    note TEXT CHECK (note <> '')
, recipe TEXT
    CHECK (length(recipe) BETWEEN 1 AND 1000 AND recipe = trim(recipe)), servings REAL
    CHECK (servings IS NULL
        OR (servings >= 0.01 AND servings <= 10000.0 AND recipe IS NOT NULL)), ruleId INTEGER REFERENCES rule(id), ruleDay INTEGER CHECK ((ruleId IS NULL) = (ruleDay IS NULL) AND (ruleDay IS NULL OR ruleDay BETWEEN -719162 AND 2932896)), uid BLOB CHECK (length(uid) = 16)) STRICT;
INSERT INTO meal VALUES(1,20514,2,0,'Soup',replace('hot\nwith bread','\n',char(10)),NULL,NULL,NULL,NULL,X'e5ccfa0f39a34d7fb3492d2cc98ce696');
INSERT INTO meal VALUES(2,20514,3,0,'Lasagne',replace('hot\nwith bread','\n',char(10)),NULL,NULL,NULL,NULL,X'bf8ead7b84f54721b36412548fa16903');
INSERT INTO meal VALUES(3,20515,3,0,'Fish','Grandma''s Straße recipe',NULL,NULL,NULL,NULL,X'f5a0b73ac21143bca7bb687c03fbfdf1');
INSERT INTO meal VALUES(4,20515,2,0,'拉麺','少し甘め',NULL,NULL,NULL,NULL,X'aad437cb966f47f093a5b10275ca5f30');
INSERT INTO meal VALUES(5,20516,3,0,'Stew','Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with bread.',NULL,NULL,NULL,NULL,X'0f939be9661d49b5b7177b85ffdf5809');
INSERT INTO meal VALUES(6,20517,3,0,'Ragù','Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with pasta.',NULL,NULL,NULL,NULL,X'0ac3a14535d1430f855748834a30598c');
INSERT INTO meal VALUES(7,20518,3,0,'Beef stew','Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with bread.',NULL,NULL,NULL,NULL,X'ff897b0fd0c34a44a0927f71ca1772fe');
INSERT INTO meal VALUES(8,20519,1,0,'Eggs, toast; jam',NULL,NULL,NULL,NULL,NULL,X'2632a8509b9f4268880d2f3bdf29cda3');
CREATE TABLE rule (
    id INTEGER PRIMARY KEY AUTOINCREMENT CHECK (id > 0),
    slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
    title TEXT NOT NULL
        CHECK (length(title) BETWEEN 1 AND 4000 AND title = trim(title)),
    note TEXT CHECK (note <> ''),
    recipe TEXT
        CHECK (length(recipe) BETWEEN 1 AND 1000 AND recipe = trim(recipe)),
    servings REAL CHECK (servings IS NULL
        OR (servings >= 0.01 AND servings <= 10000.0 AND recipe IS NOT NULL)),
    firstDay INTEGER NOT NULL CHECK (firstDay BETWEEN -719162 AND 2932896),
    frequency TEXT NOT NULL CHECK (frequency IN ('day', 'week', 'month', 'year')),
    interval INTEGER NOT NULL CHECK (interval BETWEEN 1 AND 9999),
    weekdays INTEGER CHECK (weekdays BETWEEN 1 AND 127),
    monthDay INTEGER CHECK (monthDay BETWEEN 1 AND 31),
    ordinal INTEGER CHECK (ordinal BETWEEN -5 AND 5 AND ordinal <> 0),
    weekday INTEGER CHECK (weekday BETWEEN 1 AND 7),
    untilDay INTEGER CHECK (untilDay BETWEEN -719162 AND 2932896 AND untilDay >= firstDay),
    count INTEGER CHECK (count >= 1), lastDay INTEGER
    CHECK (lastDay BETWEEN -719162 AND 2932896), uid BLOB CHECK (length(uid) = 16),
    CHECK (untilDay IS NULL OR count IS NULL),
    CHECK ((frequency = 'week') = (weekdays IS NOT NULL)),
    CHECK (frequency = 'month' OR (monthDay IS NULL AND ordinal IS NULL)),
    CHECK ((ordinal IS NULL) = (weekday IS NULL))
) STRICT;
INSERT INTO rule VALUES(1,1,'Porridge','oats',NULL,NULL,20514,'week',1,5,NULL,NULL,NULL,NULL,10,20544,X'ae9dbc060b8842a285712479d1ddf15d');
CREATE TABLE ruleException (
    ruleId INTEGER NOT NULL REFERENCES rule(id) ON DELETE CASCADE,
    day INTEGER NOT NULL CHECK (day BETWEEN -719162 AND 2932896),
    PRIMARY KEY (ruleId, day)
) STRICT, WITHOUT ROWID;
CREATE TABLE ruleVersion (number INTEGER NOT NULL) STRICT;
INSERT INTO ruleVersion VALUES(2);
CREATE TABLE template (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
        CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name)),
    days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 3652059)
, uid BLOB CHECK (length(uid) = 16)) STRICT;
INSERT INTO template VALUES(1,'Week',7,X'5a62a5c2974e46d3b1bbc2f24f0caa5e');
CREATE TABLE templateMeal (
    id INTEGER PRIMARY KEY,
    templateId INTEGER NOT NULL REFERENCES template(id) ON DELETE CASCADE,
    dayOffset INTEGER NOT NULL CHECK (dayOffset >= 0),
    slotId INTEGER NOT NULL REFERENCES slot(id) ON DELETE RESTRICT,
    position INTEGER NOT NULL CHECK (position >= 0),
    title TEXT NOT NULL
        CHECK (length(title) BETWEEN 1 AND 4000 AND title = trim(title)),
    note TEXT CHECK (note <> ''),
    recipe TEXT
        CHECK (length(recipe) BETWEEN 1 AND 1000 AND recipe = trim(recipe)),
    servings REAL
        CHECK (servings IS NULL
            OR (servings >= 0.01 AND servings <= 10000.0 AND recipe IS NOT NULL))
) STRICT;
INSERT INTO templateMeal VALUES(1,1,0,2,0,'Soup',replace('hot\nwith bread','\n',char(10)),NULL,NULL);
INSERT INTO templateMeal VALUES(2,1,0,3,0,'Lasagne',replace('hot\nwith bread','\n',char(10)),NULL,NULL);
INSERT INTO templateMeal VALUES(3,1,1,2,0,'拉麺','少し甘め',NULL,NULL);
INSERT INTO templateMeal VALUES(4,1,1,3,0,'Fish','Grandma''s Straße recipe',NULL,NULL);
INSERT INTO templateMeal VALUES(5,1,2,3,0,'Stew','Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with bread.',NULL,NULL);
INSERT INTO templateMeal VALUES(6,1,3,3,0,'Ragù','Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with pasta.',NULL,NULL);
INSERT INTO templateMeal VALUES(7,1,4,3,0,'Beef stew','Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with bread.',NULL,NULL);
INSERT INTO templateMeal VALUES(8,1,5,1,0,'Eggs, toast; jam',NULL,NULL,NULL);
CREATE TABLE mealTitle (title TEXT PRIMARY KEY, folded TEXT) STRICT, WITHOUT ROWID;
INSERT INTO mealTitle VALUES('Beef stew','beef stew');
INSERT INTO mealTitle VALUES('Eggs, toast; jam','eggs, toast; jam');
INSERT INTO mealTitle VALUES('Fish','fish');
INSERT INTO mealTitle VALUES('Lasagne','lasagne');
INSERT INTO mealTitle VALUES('Ragù','ragu');
INSERT INTO mealTitle VALUES('Soup','soup');
INSERT INTO mealTitle VALUES('Stew','stew');
INSERT INTO mealTitle VALUES('拉麺','拉麺');
CREATE TABLE mealNote (note TEXT PRIMARY KEY, folded TEXT) STRICT, WITHOUT ROWID;
INSERT INTO mealNote VALUES('Grandma''s Straße recipe','grandma''s strasse recipe');
INSERT INTO mealNote VALUES('Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with bread.','slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. serve with bread.');
INSERT INTO mealNote VALUES('Slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. Serve with pasta.','slow-cooked for eight hours in the oven, covered, at a low heat; then rest it. serve with pasta.');
INSERT INTO mealNote VALUES(replace('hot\nwith bread','\n',char(10)),replace('hot\nwith bread','\n',char(10)));
INSERT INTO mealNote VALUES('少し甘め','少し甘め');
CREATE TABLE syncFolder (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    path TEXT NOT NULL CHECK (path <> '')
) STRICT;
CREATE TABLE syncItem (
    uid BLOB PRIMARY KEY CHECK (length(uid) = 16),
    kind TEXT NOT NULL CHECK (kind IN ('meal', 'rule')),
    fingerprint INTEGER NOT NULL,
    fileName TEXT NOT NULL UNIQUE CHECK (fileName <> ''),
    etag TEXT NOT NULL,
    contentHash INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('meal',8);
INSERT INTO sqlite_sequence VALUES('rule',1);
CREATE UNIQUE INDEX meal_by_day ON meal(day, slotId, position);
CREATE INDEX meal_by_rule ON meal(ruleId, ruleDay) WHERE ruleId IS NOT NULL;
CREATE TRIGGER rule_insert_counts AFTER INSERT ON rule BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER rule_update_counts AFTER UPDATE ON rule BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER rule_delete_counts AFTER DELETE ON rule BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER ruleException_insert_counts AFTER INSERT ON ruleException BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER ruleException_update_counts AFTER UPDATE ON ruleException BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER ruleException_delete_counts AFTER DELETE ON ruleException BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE UNIQUE INDEX templateMeal_by_place ON templateMeal(templateId, dayOffset, slotId, position);
CREATE TRIGGER rule_end_forgotten AFTER UPDATE OF firstDay, frequency, interval, weekdays, monthDay, ordinal, weekday, untilDay, count ON rule
WHEN new.lastDay IS old.lastDay AND (new.firstDay, new.frequency, new.interval, new.weekdays, new.monthDay, new.ordinal, new.weekday, new.untilDay, new.count) IS NOT (old.firstDay, old.frequency, old.interval, old.weekdays, old.monthDay, old.ordinal, old.weekday, old.untilDay, old.count)
BEGIN
    UPDATE rule SET lastDay = NULL WHERE id = new.id;
END;
CREATE INDEX meal_by_title ON meal(title, day);
CREATE UNIQUE INDEX meal_by_uid ON meal(uid);
CREATE TRIGGER meal_uid_after_insert AFTER INSERT ON meal WHEN new.uid IS NULL
BEGIN
    UPDATE meal SET uid = CAST(randomblob(6) || substr(X'404142434445464748494A4B4C4D4E4F', 1 + (random() & 15), 1) || randomblob(1) || substr(X'808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF', 1 + (random() & 63), 1) || randomblob(7) AS BLOB) WHERE rowid = new.rowid;
END;
CREATE TRIGGER meal_uid_after_update AFTER UPDATE OF uid ON meal WHEN new.uid IS NULL
BEGIN
    UPDATE meal SET uid = CAST(randomblob(6) || substr(X'404142434445464748494A4B4C4D4E4F', 1 + (random() & 15), 1) || randomblob(1) || substr(X'808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF', 1 + (random() & 63), 1) || randomblob(7) AS BLOB) WHERE rowid = new.rowid;
END;
CREATE UNIQUE INDEX rule_by_uid ON rule(uid);
CREATE TRIGGER rule_uid_after_insert AFTER INSERT ON rule WHEN new.uid IS NULL
BEGIN
    UPDATE rule SET uid = CAST(randomblob(6) || substr(X'404142434445464748494A4B4C4D4E4F', 1 + (random() & 15), 1) || randomblob(1) || substr(X'808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF', 1 + (random() & 63), 1) || randomblob(7) AS BLOB) WHERE rowid = new.rowid;
END;
CREATE TRIGGER rule_uid_after_update AFTER UPDATE OF uid ON rule WHEN new.uid IS NULL
BEGIN
    UPDATE rule SET uid = CAST(randomblob(6) || substr(X'404142434445464748494A4B4C4D4E4F', 1 + (random() & 15), 1) || randomblob(1) || substr(X'808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF', 1 + (random() & 63), 1) || randomblob(7) AS BLOB) WHERE rowid = new.rowid;
END;
CREATE UNIQUE INDEX template_by_uid ON template(uid);
CREATE TRIGGER template_uid_after_insert AFTER INSERT ON template WHEN new.uid IS NULL
BEGIN
    UPDATE template SET uid = CAST(randomblob(6) || substr(X'404142434445464748494A4B4C4D4E4F', 1 + (random() & 15), 1) || randomblob(1) || substr(X'808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF', 1 + (random() & 63), 1) || randomblob(7) AS BLOB) WHERE rowid = new.rowid;
END;
CREATE TRIGGER template_uid_after_update AFTER UPDATE OF uid ON template WHEN new.uid IS NULL
BEGIN
    UPDATE template SET uid = CAST(randomblob(6) || substr(X'404142434445464748494A4B4C4D4E4F', 1 + (random() & 15), 1) || randomblob(1) || substr(X'808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF', 1 + (random() & 63), 1) || randomblob(7) AS BLOB) WHERE rowid = new.rowid;
END;
CREATE INDEX mealTitle_unfolded ON mealTitle(title) WHERE folded IS NULL;
CREATE INDEX mealNote_unfolded ON mealNote(note) WHERE folded IS NULL;
CREATE TRIGGER meal_note_after_insert AFTER INSERT ON meal
WHEN new.note IS NOT NULL AND NOT EXISTS (SELECT 1 FROM mealNote WHERE note = new.note)
BEGIN
    INSERT INTO mealNote VALUES (new.note, CASE WHEN length(CAST(new.note AS BLOB)) = length(new.note) THEN lower(new.note) END);
END;
CREATE TRIGGER meal_note_after_update AFTER UPDATE OF note ON meal
WHEN new.note IS NOT old.note
BEGIN
    INSERT INTO mealNote SELECT new.note, CASE WHEN length(CAST(new.note AS BLOB)) = length(new.note) THEN lower(new.note) END
        WHERE new.note IS NOT NULL AND NOT EXISTS (SELECT 1 FROM mealNote WHERE note = new.note);
    DELETE FROM mealNote WHERE note = old.note AND NOT EXISTS (SELECT 1 FROM meal WHERE note = old.note);
END;
CREATE TRIGGER meal_note_after_delete AFTER DELETE ON meal
WHEN old.note IS NOT NULL AND NOT EXISTS (SELECT 1 FROM meal WHERE note = old.note)
BEGIN
    DELETE FROM mealNote WHERE note = old.note;
END;
CREATE INDEX meal_by_note ON meal(note, day) WHERE note IS NOT NULL;
CREATE TRIGGER meal_title_after_insert AFTER INSERT ON meal
WHEN new.title IS NOT NULL AND NOT EXISTS (SELECT 1 FROM mealTitle WHERE title = new.title)
BEGIN
    INSERT INTO mealTitle VALUES (new.title, CASE WHEN length(CAST(new.title AS BLOB)) = length(new.title) THEN lower(new.title) END);
END;
CREATE TRIGGER meal_title_after_update AFTER UPDATE OF title ON meal
WHEN new.title IS NOT old.title
BEGIN
    INSERT INTO mealTitle SELECT new.title, CASE WHEN length(CAST(new.title AS BLOB)) = length(new.title) THEN lower(new.title) END
        WHERE new.title IS NOT NULL AND NOT EXISTS (SELECT 1 FROM mealTitle WHERE title = new.title);
    DELETE FROM mealTitle WHERE title = old.title AND NOT EXISTS (SELECT 1 FROM meal WHERE title = old.title);
END;
CREATE TRIGGER meal_title_after_delete AFTER DELETE ON meal
WHEN old.title IS NOT NULL AND NOT EXISTS (SELECT 1 FROM meal WHERE title = old.title)
BEGIN
    DELETE FROM mealTitle WHERE title = old.title;
END;
COMMIT;
PRAGMA user_version = 13;
PRAGMA application_id = 1298489708;
