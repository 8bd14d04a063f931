import GRDB

/// The entries of a synced folder a sync has named and left (a file it cannot take, a link,
/// a FIFO…), each with the mark of the version it named, so that the next sync names only
/// what is new or changed since: a warning said once, not on every sync.
///
/// The rows are for the folder `syncFolder` names, as the sync's records are. They are no
/// part of the plan: `export --everything` leaves them out, and a plan imported from it names
/// each such entry once again on its first sync.
extension MealStore {
    /// The table, empty: nothing named yet.
    static func addSyncNamedEntries(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE syncNamedEntry (
                name TEXT PRIMARY KEY CHECK (name <> ''),
                mark TEXT NOT NULL
            ) STRICT, WITHOUT ROWID;
            """)
    }

    /// The entries named, each name's mark.
    static func syncNamedEntries(_ db: Database) throws -> [String: String] {
        var marks: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, mark FROM syncNamedEntry") { marks[row[0]] = row[1] }
        return marks
    }

    /// Replaces the entries named by `naming.now`, compare-and-set: refused when they are no
    /// longer `naming.seen` (another sync named some meanwhile).
    static func replaceSyncNamedEntries(_ db: Database, _ naming: SyncNaming) throws {
        guard try syncNamedEntries(db) == naming.seen else {
            throw StoreError.changedMeanwhile("another sync named the folder's entries it left meanwhile")
        }
        try db.execute(sql: "DELETE FROM syncNamedEntry")
        for (name, mark) in naming.now {
            try db.execute(sql: "INSERT INTO syncNamedEntry(name, mark) VALUES (?, ?)", arguments: [name, mark])
        }
    }
}

/// What a sync changes in the entries named (`MealStore.commitSync`): those it read in its
/// snapshot, and those it named or met again, each with its mark.
public struct SyncNaming: Sendable, Equatable {
    public var seen: [String: String]
    public var now: [String: String]

    public init(seen: [String: String], now: [String: String]) {
        self.seen = seen
        self.now = now
    }
}
