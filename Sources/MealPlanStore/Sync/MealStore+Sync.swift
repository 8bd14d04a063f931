import GRDB
import MealPlanCore
import Recurrence

/// What a two-way sync with a vdir (`mealplan sync`) keeps between runs, and the one
/// transaction that applies what a sync brought: the database's side of `PlanSync`.
///
/// For each item the last sync agreed on, a row of `syncItem`: its UID and kind, the
/// fingerprint of the plan's version then (`SyncItemRecord.fingerprint`), and the file then:
/// its name, its etag and the hash of its bytes. `syncFolder` names the folder the rows are
/// for: synced with another folder, they say nothing, and that first sync starts afresh.
/// `syncLeftovers` keeps, for leftovers a sync brought before their cook, the cook's UID, so
/// that they are linked when it comes in a later run (`LeftoversLink`).
extension MealStore {
    /// The sync state's tables, empty: a plan that never synced has no records.
    static func addSyncState(_ db: Database) throws {
        try db.execute(sql: """
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
            """)
    }

    /// The table of the cooks of leftovers not brought yet: a synced item's UID, the day of
    /// its changed occurrence that is the leftovers (none: the item is the meal itself), and
    /// the cook's UID.
    static func addSyncLeftovers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE syncLeftovers (
                uid BLOB NOT NULL CHECK (length(uid) = 16),
                day INTEGER,
                source BLOB NOT NULL CHECK (length(source) = 16)
            ) STRICT;
            CREATE INDEX syncLeftovers_uid ON syncLeftovers(uid);
            """)
    }

    /// The plan as a sync of `folder` sees it, from one snapshot: the records of the last sync
    /// (none when they are for another folder), the stored meals from `first` on that no
    /// repeat rule links to, and the meals the records name wherever they are now (a meal
    /// moved out of the window is still the same meal).
    public func syncSnapshot(folder: String, from first: Day, through last: Day = .last) throws(StoreError) -> SyncSnapshot {
        try read { db in
            let path = try String.fetchOne(db, sql: "SELECT path FROM syncFolder WHERE id = 1")
            let records = path == folder ? try Self.syncRecords(db) : []
            var meals = try Row.fetchAll(
                db, sql: "\(Self.mealColumns) WHERE meal.day BETWEEN ? AND ? AND meal.ruleId IS NULL \(Self.displayOrder)",
                arguments: [first.number, last.number]
            ).map(Self.meal(from:))
            var seen = Set(meals.compactMap(\.uid))
            for record in records where record.kind == .meal && !seen.contains(record.uid) {
                if let meal = try Row.fetchOne(
                    db, sql: "\(Self.mealColumns) WHERE meal.uid = ? AND meal.ruleId IS NULL", arguments: [record.uid.storedValue]
                ).map(Self.meal(from:)) {
                    meals.append(meal)
                    seen.insert(record.uid)
                }
            }
            var rules = try self.rules(db, in: DayRange(first, max(first, last)), slot: nil, search: nil)
            var ruleUIDs = Set(rules.compactMap(\.uid))
            for record in records where record.kind == .rule && !ruleUIDs.contains(record.uid) {
                rules += try Self.fetchRules(db, where: "rule.uid = X'\(record.uid.text.filter { $0 != "-" })'")
                ruleUIDs.insert(record.uid)
            }
            let synced = try rules.map { rule in
                SyncedRule(
                    rule: rule, snapshot: try Self.snapshot(db, rule),
                    overrides: try Row.fetchAll(db, sql: "\(Self.mealColumns) WHERE meal.ruleId = ? ORDER BY meal.ruleDay", arguments: [rule.id])
                        .map(Self.meal(from:)))
            }
            // The UIDs of the meals these leftovers come from (changed occurrences' included), by
            // id, wherever they are.
            var sources: [Int64: ItemUID] = [:]
            for id in Set(meals.compactMap(\.leftoversOf) + synced.flatMap(\.overrides).compactMap(\.leftoversOf)) {
                if let uid = try Row.fetchOne(db, sql: "SELECT uid FROM meal WHERE id = ?", arguments: [id])
                    .flatMap({ ItemUID.stored(in: $0, at: 0) }) {
                    sources[id] = uid
                }
            }
            let waiting = records.isEmpty ? [] : try Row.fetchAll(db, sql: "SELECT uid, day, source FROM syncLeftovers").compactMap { row in
                ItemUID.stored(in: row, at: 0).flatMap { uid in
                    ItemUID.stored(in: row, at: 2).map { LeftoversLink(item: uid, occurrence: (row[1] as Int?).flatMap(Day.init(number:)), source: $0) }
                }
            }
            return SyncSnapshot(records: records, meals: meals, rules: synced, slots: try Self.storedSlots(db).map(\.slot.name),
                                leftoversSources: sources, waitingLeftovers: waiting,
                                namedEntries: path == folder ? try Self.syncNamedEntries(db) : [:])
        }
    }

    private static func syncRecords(_ db: Database) throws -> [SyncItemRecord] {
        try Row.fetchAll(db, sql: "SELECT uid, kind, fingerprint, fileName, etag, contentHash FROM syncItem").compactMap { row in
            guard let uid = ItemUID.stored(in: row, at: 0), let kind = SyncItemRecord.Kind(rawValue: row[1]) else { return nil }
            return SyncItemRecord(
                uid: uid, kind: kind, fingerprint: UInt64(bitPattern: row[2]), fileName: row[3], etag: row[4],
                contentHash: UInt64(bitPattern: row[5]))
        }
    }

    /// Applies a sync's `steps` to the plan and its records of `folder` in one transaction,
    /// all or none. Each change is compare-and-set as every `MealChange` is: a meal another
    /// program changed since the snapshot refuses the whole sync. Records of another folder
    /// are forgotten first.
    ///
    /// Returns what it changed in the plan as made (`make`'s vocabulary: a rule taken from the
    /// other side is the old one removed and the new one restored), so that the planner can
    /// undo a sync as one step. `naming`: the entries named and left, replaced as well.
    @discardableResult
    public func commitSync(folder: String, _ steps: [SyncStep], naming: SyncNaming? = nil) throws(StoreError) -> [MealChange] {
        let steps = try steps.map { step throws(StoreError) -> SyncStep in
            guard case .apply(let change, let record) = step else { return step }
            return .apply(try change.validated(), record: record)
        }
        return try write { db in
            var stored: [MealChange] = []
            if try String.fetchOne(db, sql: "SELECT path FROM syncFolder WHERE id = 1") != folder {
                try db.execute(sql: "DELETE FROM syncItem; DELETE FROM syncLeftovers; DELETE FROM syncNamedEntry")
                try db.execute(sql: "INSERT OR REPLACE INTO syncFolder(id, path) VALUES (1, ?)", arguments: [folder])
            }
            if let naming { try Self.replaceSyncNamedEntries(db, naming) }
            for step in steps {
                switch step {
                case .apply(var change, var record):
                    // Leftovers whose cook an earlier step removed were unlinked by it.
                    if case .update(var from, let to, let restoresPosition) = change, let source = from.leftoversOf,
                       stored.contains(where: { if case .remove(let meal) = $0 { meal.id == source } else { false } }) {
                        from.leftoversOf = nil
                        change = .update(from: from, to: to, restoresPosition: restoresPosition)
                    }
                    let made = try Self.apply(change, in: db)
                    stored += made.changes
                    if let uid = made.meal?.uid { record?.uid = uid }
                    if let record { try Self.keep(db, record, taken: true) }
                case .keep(let record):
                    try Self.keep(db, record)
                case .forget(let uid):
                    try db.execute(sql: "DELETE FROM syncItem WHERE uid = ?", arguments: [uid.storedValue])
                    try db.execute(sql: "DELETE FROM syncLeftovers WHERE uid = ?", arguments: [uid.storedValue])
                case .replaceRule(let old, let oldOverrides, let new, var record):
                    if let old {
                        try Self.removeRule(db, old)
                        stored.append(.removeRule(old))
                    }
                    // The changed occurrences are single meals now, each kept (its id, its UID,
                    // what links to it) where the new version changes the same occurrence.
                    var left = oldOverrides
                    if let new {
                        let (id, uid, changes) = try Self.insertSyncedRule(db, new, id: old?.id, reusing: &left)
                        if let uid { record?.uid = uid }
                        stored += changes
                        stored.append(.restoreRule(try Self.snapshot(db, try Self.fetchRule(db, id: id))))
                    }
                    for var meal in left {
                        meal.occurrence = nil
                        stored += try Self.apply(.remove(meal), in: db).changes
                    }
                    if let record { try Self.keep(db, record, taken: true) }
                case .linkLeftovers(let link):
                    try Self.link(db, link)
                }
            }
            return stored
        }
    }

    /// Stores `new`'s rule under `id` (the rule it replaces: its number stays) or a new one,
    /// and its UID (unless another item holds it: then a new one), with its exceptions and its
    /// changed occurrences (meals whose `occurrence` names the day they replace, each skipped
    /// by the rule). A changed occurrence that is one of `old` (the replaced rule's, unlinked
    /// from it now and as seen), by its UID or else by the day it replaces, is that meal
    /// updated, and leaves `old`; another is a new meal with the UID it names where that is
    /// free. Returns the rule's id and UID, and the meals' changes as made.
    private static func insertSyncedRule(
        _ db: Database, _ new: SyncedRuleVersion, id: Int64?, reusing old: inout [Meal]
    ) throws -> (id: Int64, uid: ItemUID?, changes: [MealChange]) {
        let id = try insertRule(db, new.snapshot, id: id)
        if let uid = new.snapshot.uid {
            try db.execute(
                sql: "UPDATE rule SET uid = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM rule WHERE uid = ?)",
                arguments: [uid.storedValue, id, uid.storedValue])
        }
        let exceptions = Set(new.snapshot.exceptions).union(new.overrides.compactMap(\.occurrence?.day))
        for day in exceptions.sorted() {
            try db.execute(sql: "INSERT INTO ruleException(ruleId, day) VALUES (?, ?)", arguments: [id, day.number])
        }
        var changes: [MealChange] = []
        for meal in new.overrides {
            guard let day = meal.occurrence?.day else { continue }
            var plain = meal
            plain.occurrence = nil
            let made: Made
            if let index = old.firstIndex(where: { $0.uid != nil && $0.uid == meal.uid })
                ?? old.firstIndex(where: { $0.occurrence?.day == day }) {
                var seen = old.remove(at: index)
                seen.occurrence = nil
                plain.id = seen.id
                plain.position = seen.position
                made = try apply(.update(from: seen, to: plain, restoresPosition: false), in: db)
            } else {
                plain.id = nil
                made = try apply(.restore(plain), in: db)
            }
            guard let stored = made.meal else { continue }
            changes += made.changes
            _ = try link(db, stored, to: Occurrence(rule: id, day: day))
        }
        return (id, try fetchRule(db, id: id).uid, changes)
    }

    /// Links leftovers to their cook, both by UID; a cook not in the plan is remembered for a
    /// later run (the leftovers still there), one linked forgotten.
    private static func link(_ db: Database, _ link: LeftoversLink) throws {
        // The leftovers: the meal, or the rule's changed occurrence on the day.
        let leftovers = link.occurrence == nil
            ? "meal.uid = :item AND meal.ruleId IS NULL"
            : "meal.ruleId = (SELECT id FROM rule WHERE uid = :item) AND meal.ruleDay = :day"
        let arguments: StatementArguments = ["item": link.item.storedValue, "day": link.occurrence?.number, "source": link.source.storedValue]
        try db.execute(sql: """
            UPDATE meal SET leftoversOf = (SELECT source.id FROM meal AS source WHERE source.uid = :source)
            WHERE \(leftovers) AND EXISTS (SELECT 1 FROM meal AS source WHERE source.uid = :source AND source.id <> meal.id)
            """, arguments: arguments)
        let linked = db.changesCount > 0
        try db.execute(sql: "DELETE FROM syncLeftovers WHERE uid = :item AND day IS :day", arguments: arguments)
        if !linked {
            try db.execute(sql: """
                INSERT INTO syncLeftovers(uid, day, source) SELECT :item, :day, :source
                WHERE EXISTS (SELECT 1 FROM meal WHERE \(leftovers))
                """, arguments: arguments)
        }
    }

    /// Keeps `record`; `taken`: the plan took the other side's version of the item, so the
    /// cooks it waited for are forgotten (the version's own come as links after).
    private static func keep(_ db: Database, _ record: SyncItemRecord, taken: Bool = false) throws {
        if taken { try db.execute(sql: "DELETE FROM syncLeftovers WHERE uid = ?", arguments: [record.uid.storedValue]) }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO syncItem(uid, kind, fingerprint, fileName, etag, contentHash)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.uid.storedValue, record.kind.rawValue, Int64(bitPattern: record.fingerprint), record.fileName, record.etag,
                Int64(bitPattern: record.contentHash),
            ])
    }
}

/// An item as the last sync that agreed on it left both sides.
public struct SyncItemRecord: Hashable, Sendable {
    public enum Kind: String, Sendable { case meal, rule }

    public var uid: ItemUID
    public var kind: Kind
    /// The fingerprint of the plan's version (a hash of the fields mealplan stores).
    public var fingerprint: UInt64
    /// The item's file in the folder, its etag and the hash of its bytes.
    public var fileName: String
    public var etag: String
    public var contentHash: UInt64

    public init(uid: ItemUID, kind: Kind, fingerprint: UInt64, fileName: String, etag: String, contentHash: UInt64) {
        self.uid = uid
        self.kind = kind
        self.fingerprint = fingerprint
        self.fileName = fileName
        self.etag = etag
        self.contentHash = contentHash
    }
}

/// The plan's side of a sync, read at once (`MealStore.syncSnapshot`).
public struct SyncSnapshot: Sendable {
    public var records: [SyncItemRecord]
    /// Stored meals no rule links to.
    public var meals: [Meal]
    /// The rules that can happen from the window's first day on, and those the records name.
    public var rules: [SyncedRule]
    /// The plan's slots, in the day's order.
    public var slots: [String]
    /// The UID of each meal that leftovers among `meals` and the rules' changed occurrences
    /// come from, by its id.
    public var leftoversSources: [Int64: ItemUID] = [:]
    /// Leftovers a sync brought before their cook, still waiting for it.
    public var waitingLeftovers: [LeftoversLink] = []
    /// The entries of the folder the last sync named and left, each name's mark
    /// (`MealStore+SyncNamedEntries`).
    public var namedEntries: [String: String] = [:]

    /// The id of the stored meal with `uid`, among `meals` and the sources of their leftovers:
    /// where leftovers read from another side find their source.
    public func mealID(of uid: ItemUID) -> Int64? {
        meals.first { $0.uid == uid }?.id ?? leftoversSources.first { $0.value == uid }?.key
    }
}

/// A repeat rule as a sync sees it: the rule, its snapshot (compare-and-set) and the meals
/// that stand in for its changed occurrences.
public struct SyncedRule: Sendable {
    public var rule: StoredRule
    public var snapshot: RuleSnapshot
    public var overrides: [Meal]
}

/// A rule as another side holds it, to be stored: its snapshot (its id unused, its UID kept
/// where free) and its changed occurrences, each a meal whose `occurrence` names the day it
/// replaces.
public struct SyncedRuleVersion: Sendable {
    public var snapshot: RuleSnapshot
    public var overrides: [Meal]

    public init(snapshot: RuleSnapshot, overrides: [Meal]) {
        self.snapshot = snapshot
        self.overrides = overrides
    }
}

/// One thing a sync does on the database's side (`MealStore.commitSync`).
public enum SyncStep: Sendable {
    /// A change to the plan, then the record of the item as both sides now hold it (its UID
    /// that of the meal the change stores, when it stores one); no record: the item's is
    /// forgotten by `forget`, which a caller adds.
    case apply(MealChange, record: SyncItemRecord?)
    /// The record of an item the plan keeps as it is: sent, or adopted as identical.
    case keep(SyncItemRecord)
    /// No record of the item any more: gone from both sides.
    case forget(ItemUID)
    /// A rule taken from the other side: `old` (as seen) removed, `new` stored, and the record
    /// kept (its UID the stored rule's). `oldOverrides`, `old`'s changed occurrences as seen,
    /// are kept as the new version's changed occurrences of the same UID or day (their ids and
    /// UIDs, and the leftovers linked to them, stay), and the others removed.
    case replaceRule(old: RuleSnapshot?, oldOverrides: [Meal] = [], new: SyncedRuleVersion?, record: SyncItemRecord?)
    /// Leftovers linked to their cook once the steps before stored them; a cook that is not
    /// there leaves them plain, and is remembered (`SyncSnapshot.waitingLeftovers`) until it is.
    case linkLeftovers(LeftoversLink)
}

/// Leftovers that a synced item is or holds, and the cook they come from, both by UID: what a
/// sync links, and remembers while the cook is not in the plan yet.
public struct LeftoversLink: Hashable, Sendable {
    /// The synced item: the leftovers, or the rule whose changed occurrence they are.
    public var item: ItemUID
    /// The day of that changed occurrence; nil for a meal.
    public var occurrence: Day?
    public var source: ItemUID

    public init(item: ItemUID, occurrence: Day? = nil, source: ItemUID) {
        self.item = item
        self.occurrence = occurrence
        self.source = source
    }
}
