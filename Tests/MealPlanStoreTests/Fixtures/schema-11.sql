-- A plan of schema 11, the last whose search read an FTS5 index of every meal, made by the
-- build of mealplan at commit ed9ae9b and dumped by the sqlite3 shell (3.40.1):
--
--   mealplan add 2026-03-02 lunch Soup --note "hot<line break>with bread"
--   mealplan add 2026-03-02 dinner Lasagne --note "hot<line break>with bread"
--   mealplan add 2026-03-03 dinner Fish --note "Grandma's Straße recipe"
--   mealplan add 2026-03-03 dinner "Crème brûlée 🍮"
--   mealplan add 2026-03-04 breakfast "Eggs, toast; jam"
--   mealplan add 2026-03-04 lunch "拉麺" --note "少し甘め"
--   mealplan add 2026-03-05 lunch "Removed later"
--   mealplan remove 7
--   mealplan add 2026-03-06 lunch Soup
--   mealplan repeat add 2026-03-02 breakfast Porridge --every week --on mon,wed --count 10 --note oats
--   mealplan repeat add 2026-03-06 dinner Pizza --every week --on fri
--   mealplan repeat skip 1 2026-03-04
--   mealplan repeat change 2 2026-03-13 --title "Pizza with friends"
--   mealplan template save Week --from 2026-03-02 --days 7
--   mealplan add 2026-03-04 dinner "Dinner from the book" --recipes Data/recipes \
--       --recipe "breakfast/Banana Smoothie" --servings 3
--   sqlite3 plan.sqlite .dump
--
-- `.dump` leaves out the two fields of the file's header that mark it as a mealplan plan of
-- schema 11; the last two lines put them back.
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
INSERT INTO meal VALUES(1,20514,2,0,'Soup',replace('hot\nwith bread','\n',char(10)),NULL,NULL,NULL,NULL,X'8c185e652f454068bb782904ad992a50');
INSERT INTO meal VALUES(2,20514,3,0,'Lasagne',replace('hot\nwith bread','\n',char(10)),NULL,NULL,NULL,NULL,X'e29d76f81ab944f998a9fcd481b73ad5');
INSERT INTO meal VALUES(3,20515,3,0,'Fish','Grandma''s Straße recipe',NULL,NULL,NULL,NULL,X'42e2e4d0898e4492ab678155b9a6c357');
INSERT INTO meal VALUES(4,20515,3,1,'Crème brûlée 🍮',NULL,NULL,NULL,NULL,NULL,X'6c4c7d67bf5b4cb9b15353727a7f4c43');
INSERT INTO meal VALUES(5,20516,1,0,'Eggs, toast; jam',NULL,NULL,NULL,NULL,NULL,X'35bd37e2c0b24a67be8dc9d247f406b5');
INSERT INTO meal VALUES(6,20516,2,0,'拉麺','少し甘め',NULL,NULL,NULL,NULL,X'f7007214e9cb4beabb281ef7a102a808');
INSERT INTO meal VALUES(8,20518,2,0,'Soup',NULL,NULL,NULL,NULL,NULL,X'67bb542db3384ac18dbafe8ecbff39d1');
INSERT INTO meal VALUES(9,20525,3,0,'Pizza with friends',NULL,NULL,NULL,2,20525,X'18154471bffa49f086fc5c2e9ef7d76a');
INSERT INTO meal VALUES(10,20516,3,0,'Dinner from the book',NULL,'breakfast/Banana Smoothie',3.0,NULL,NULL,X'01e0b1c3e24b42e8968aa019ac97b59e');
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
INSERT INTO rule VALUES(1,1,'Porridge','oats',NULL,NULL,20514,'week',1,5,NULL,NULL,NULL,NULL,10,20544,X'76df3f1b814744588f4b41e1a9fb3e0d');
INSERT INTO rule VALUES(2,3,'Pizza',NULL,NULL,NULL,20518,'week',1,16,NULL,NULL,NULL,NULL,NULL,2932896,X'04608cd875314c9bb7a8031152a1448e');
CREATE TABLE ruleException (
    ruleId INTEGER NOT NULL REFERENCES rule(id) ON DELETE CASCADE,
    day INTEGER NOT NULL CHECK (day BETWEEN -719162 AND 2932896),
    PRIMARY KEY (ruleId, day)
) STRICT, WITHOUT ROWID;
INSERT INTO ruleException VALUES(1,20516);
INSERT INTO ruleException VALUES(2,20525);
CREATE TABLE ruleVersion (number INTEGER NOT NULL) STRICT;
INSERT INTO ruleVersion VALUES(6);
CREATE TABLE template (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
        CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name)),
    days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 3652059)
, uid BLOB CHECK (length(uid) = 16)) STRICT;
INSERT INTO template VALUES(1,'Week',7,X'3de6379994e94a5cb625362a7a924502');
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
INSERT INTO templateMeal VALUES(3,1,1,3,0,'Fish','Grandma''s Straße recipe',NULL,NULL);
INSERT INTO templateMeal VALUES(4,1,1,3,1,'Crème brûlée 🍮',NULL,NULL,NULL);
INSERT INTO templateMeal VALUES(5,1,2,1,0,'Eggs, toast; jam',NULL,NULL,NULL);
INSERT INTO templateMeal VALUES(6,1,2,2,0,'拉麺','少し甘め',NULL,NULL);
INSERT INTO templateMeal VALUES(7,1,4,2,0,'Soup',NULL,NULL,NULL);
PRAGMA writable_schema=ON;
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','meal_search','meal_search',0,'CREATE VIRTUAL TABLE meal_search USING fts5(
    title, note, tokenize = ''trigram case_sensitive 1'', detail = none, columnsize = 0)');
CREATE TABLE IF NOT EXISTS 'meal_search_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO meal_search_data VALUES(1,X'094730');
INSERT INTO meal_search_data VALUES(10,X'00000001010b0b000b0101010201010301010401010501010601010701010801010901010a01010b0101');
INSERT INTO meal_search_data VALUES(137438953473,X'0000005504300a77690101032062720101036272650101036561640101036820620102026f740101036974680101036f740a0102027570010103726561010103736f75010103740a770102026820010103776974010406060606060506060506060605');
INSERT INTO meal_search_data VALUES(274877906945,X'0000006704300a776902010320627202010361676e0202027361020103627265020103656164020103676e650201036820620202026f740201036974680201036c61730201036f740a020103726561020103736167020103740a770202026820020103776974020406060605060606060506060606060605');
INSERT INTO meal_search_data VALUES(412316860417,X'00000089043020726503020273740301032773200301036127730302026e640302027373030103636970030103646d61030103652072030202636903010366697303010367726103010369706503020273680301036d61270301036e646d03010372616e03030173030202656303010373207303020265200302027365030202747203010374726103040605060605050606060506060605060606040506050505');
INSERT INTO meal_search_data VALUES(549755813889,X'0000004a0430206272040103627275040103637265040103652062040304f09f8dae04020265200402026d650401036c65650401036d652004010372656d040202756c040103756c6504040606060607050506060605');
INSERT INTO meal_search_data VALUES(687194767361,X'000000540430206a61050202746f0501032c20740501033b206a050103617374050103656767050103676773050202732c0501036a616d0501036f6173050103732c20050202743b050103743b200502026f61050406050606060606050606060506');
INSERT INTO meal_search_data VALUES(824633720833,X'0000001c0a30e38197e79498e38281060109e5b091e38197e7949806040c');
INSERT INTO meal_search_data VALUES(962072674305,X'000000450430206c6107010361746507010364206c0701036564200702026d6f0701036c61740701036d6f760701036f766507010372656d070103746572070103766564070406060606050606060606');
INSERT INTO meal_search_data VALUES(1099511627777,X'000000500430206c61070001036174650700010364206c07000103656420070002026d6f070001036c6174070001036d6f76070001036f76650700010372656d070001037465720700010376656407000407070707060707070707');
INSERT INTO meal_search_data VALUES(1236950581249,X'0000001004306f7570080103736f75080406');
INSERT INTO meal_search_data VALUES(1374389534721,X'0000006004302066720902027769090103612077090103656e6409010366726909010368206609010369656e09020274680902027a7a0901036e647309010370697a0901037269650901037468200901037769740901037a61200902027a610904060506060606060505060606060606');
INSERT INTO meal_search_data VALUES(1511828488193,X'0000006a043020626f0a020266720a020274680a0103626f6f0a010364696e0a01036520620a020272200a010366726f0a01036865200a0103696e6e0a01036d20740a01036e65720a02026e650a01036f6d200a02026f6b0a01037220660a02026f6d0a01037468650a040605050606060506060606060506050605');
CREATE TABLE IF NOT EXISTS 'meal_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO meal_search_idx VALUES(1,X'',2);
INSERT INTO meal_search_idx VALUES(2,X'',2);
INSERT INTO meal_search_idx VALUES(3,X'',2);
INSERT INTO meal_search_idx VALUES(4,X'',2);
INSERT INTO meal_search_idx VALUES(5,X'',2);
INSERT INTO meal_search_idx VALUES(6,X'',2);
INSERT INTO meal_search_idx VALUES(7,X'',2);
INSERT INTO meal_search_idx VALUES(8,X'',2);
INSERT INTO meal_search_idx VALUES(9,X'',2);
INSERT INTO meal_search_idx VALUES(10,X'',2);
INSERT INTO meal_search_idx VALUES(11,X'',2);
CREATE TABLE IF NOT EXISTS 'meal_search_content'(id INTEGER PRIMARY KEY, c0, c1);
INSERT INTO meal_search_content VALUES(1,'soup',replace('hot\nwith bread','\n',char(10)));
INSERT INTO meal_search_content VALUES(2,'lasagne',replace('hot\nwith bread','\n',char(10)));
INSERT INTO meal_search_content VALUES(3,'fish','grandma''s strasse recipe');
INSERT INTO meal_search_content VALUES(4,'creme brulee 🍮',NULL);
INSERT INTO meal_search_content VALUES(5,'eggs, toast; jam',NULL);
INSERT INTO meal_search_content VALUES(6,'拉麺','少し甘め');
INSERT INTO meal_search_content VALUES(8,'soup',NULL);
INSERT INTO meal_search_content VALUES(9,'pizza with friends',NULL);
INSERT INTO meal_search_content VALUES(10,'dinner from the book',NULL);
CREATE TABLE IF NOT EXISTS 'meal_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO meal_search_config VALUES('hashsize',16777216);
INSERT INTO meal_search_config VALUES('version',4);
CREATE TABLE meal_search_pending (id INTEGER PRIMARY KEY) STRICT;
CREATE TABLE meal_search_state (indexedThrough INTEGER NOT NULL) STRICT;
INSERT INTO meal_search_state VALUES(10);
CREATE TABLE mealTitle (title TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
INSERT INTO mealTitle VALUES('Crème brûlée 🍮');
INSERT INTO mealTitle VALUES('Dinner from the book');
INSERT INTO mealTitle VALUES('Eggs, toast; jam');
INSERT INTO mealTitle VALUES('Fish');
INSERT INTO mealTitle VALUES('Lasagne');
INSERT INTO mealTitle VALUES('Pizza with friends');
INSERT INTO mealTitle VALUES('Soup');
INSERT INTO mealTitle VALUES('拉麺');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('meal',10);
INSERT INTO sqlite_sequence VALUES('rule',2);
CREATE UNIQUE INDEX meal_by_day ON meal(day, slotId, position);
CREATE INDEX meal_by_rule ON meal(ruleId, ruleDay) WHERE ruleId IS NOT NULL;
CREATE TRIGGER rule_insert_counts AFTER INSERT ON rule BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER rule_update_counts AFTER UPDATE ON rule BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER rule_delete_counts AFTER DELETE ON rule BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER ruleException_insert_counts AFTER INSERT ON ruleException BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER ruleException_update_counts AFTER UPDATE ON ruleException BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE TRIGGER ruleException_delete_counts AFTER DELETE ON ruleException BEGIN UPDATE ruleVersion SET number = number + 1; END;
CREATE UNIQUE INDEX templateMeal_by_place ON templateMeal(templateId, dayOffset, slotId, position);
CREATE TRIGGER meal_search_after_delete AFTER DELETE ON meal
BEGIN
    DELETE FROM meal_search WHERE rowid = old.id;
END;
CREATE TRIGGER rule_end_forgotten AFTER UPDATE OF firstDay, frequency, interval, weekdays, monthDay, ordinal, weekday, untilDay, count ON rule
WHEN new.lastDay IS old.lastDay AND (new.firstDay, new.frequency, new.interval, new.weekdays, new.monthDay, new.ordinal, new.weekday, new.untilDay, new.count) IS NOT (old.firstDay, old.frequency, old.interval, old.weekdays, old.monthDay, old.ordinal, old.weekday, old.untilDay, old.count)
BEGIN
    UPDATE rule SET lastDay = NULL WHERE id = new.id;
END;
CREATE INDEX meal_by_title ON meal(title, day);
CREATE TRIGGER meal_title_after_insert AFTER INSERT ON meal
WHEN NOT EXISTS (SELECT 1 FROM mealTitle WHERE title = new.title)
BEGIN
    INSERT INTO mealTitle VALUES (new.title);
END;
CREATE TRIGGER meal_title_after_update AFTER UPDATE OF title ON meal
WHEN new.title IS NOT old.title
BEGIN
    INSERT INTO mealTitle SELECT new.title WHERE NOT EXISTS (SELECT 1 FROM mealTitle WHERE title = new.title);
    DELETE FROM mealTitle WHERE title = old.title AND NOT EXISTS (SELECT 1 FROM meal WHERE title = old.title);
END;
CREATE TRIGGER meal_title_after_delete AFTER DELETE ON meal
WHEN NOT EXISTS (SELECT 1 FROM meal WHERE title = old.title)
BEGIN
    DELETE FROM mealTitle WHERE title = old.title;
END;
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
PRAGMA writable_schema=OFF;
COMMIT;
PRAGMA user_version = 11;
PRAGMA application_id = 1298489708;
