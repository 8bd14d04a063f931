#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import GRDB
import MealPlanCore
import Synchronization

/// The meal plan's database: every read and write of meals and slots goes through here.
///
/// It wraps any GRDB writer so the same code serves a `DatabasePool` on a file (the planner,
/// which reads while it writes), a single connection on a file (one command-line command), and
/// an in-memory `DatabaseQueue` in tests. Files are always in WAL mode, so processes read while
/// another writes. Each method
/// that changes something runs one IMMEDIATE transaction, so a failure leaves nothing half done
/// and concurrent processes queue up for the lock (see `busyPause`) instead of failing.
public final class MealStore: Sendable {
    /// What a command needs from the database file.
    public enum Access: Sendable {
        /// Reading, and writing when the file allows it (the planner): a missing database is
        /// created, one without write permission can still be read.
        case read
        /// Reading a database that must exist (commands that only read): a missing file is
        /// refused, so a mistyped path is not taken for an empty plan.
        case readExisting
        /// Reading and writing; a read-only file is refused up front.
        case readWrite
    }

    /// How long a connection keeps trying for a lock another process holds before giving up.
    ///
    /// Long, because a busy machine must make writers slower, never make them fail: only a
    /// lock held this long (another program's forgotten transaction) ends the wait.
    public static let busyTimeout: Duration = .seconds(60)

    /// The pause before the next try for a lock after `tries` failed ones, or `nil` to give
    /// up: 1 ms for the first ten, then 3 ms, until the pauses add up to `busyTimeout`.
    ///
    /// SQLite's own busy timeout sleeps up to 100 ms between tries. Other `mealplan` processes
    /// hold the lock for about a millisecond at a time, so a waiter that sleeps that long
    /// mostly wakes while the next one holds it, and fresh processes, which start with short
    /// sleeps, win again and again: eight loops of adds on a loaded 2-core machine left one
    /// process without the lock for its whole 5 s. Short, even pauses give every waiter the
    /// same chance at each free moment.
    static func busyPause(afterTries tries: Int) -> Duration? {
        let quick = 10
        if tries < quick { return .milliseconds(1) }
        let slowPause = Duration.milliseconds(3)
        return slowPause * (tries - quick + 1) <= busyTimeout - .milliseconds(quick) ? slowPause : nil
    }

    /// The connection, and the file it opened (for noticing another file moved over its path;
    /// nil in memory). Both change once in a store whose file is made by its first write
    /// (`makeDeferredFile`).
    private let connection: Mutex<(writer: any DatabaseWriter, file: DatabaseFile.Identity?)>
    var writer: any DatabaseWriter { connection.withLock { $0.writer } }
    var openedFile: DatabaseFile.Identity? { connection.withLock { $0.file } }
    /// How to open the file once it is made, while it is not (see `makeDeferredFile`).
    let deferredFile = Mutex<DeferredFile?>(nil)
    /// The file, or ":memory:", for messages.
    let path: String
    /// Whether the replacement of the opened file was seen (and this connection's WAL emptied).
    private let sawReplacement = Mutex(false)
    /// Whether this process may not write the file (so the store only reads).
    public let isReadOnly: Bool
    /// Keeps the read lock of a database opened immutable (see `ReadOnlyOpening`).
    private let readOnlyOpening: ReadOnlyOpening?
    private let lastDataVersion = Mutex<Int?>(nil)
    /// The repeat rules that can happen in `window`, as last read, and the `ruleVersion` number
    /// they were read at (`rules(_:near:)`).
    let ruleCache = Mutex<(version: Int, window: DayRange, rules: [StoredRule])?>(nil)

    /// A store over an existing writer, migrated to the current schema (used by tests).
    public init(writer: any DatabaseWriter, path: String = ":memory:") throws(StoreError) {
        connection = Mutex((writer, nil))
        self.path = path
        isReadOnly = false
        readOnlyOpening = nil
        do {
            // A writer made without `configuration` lacks the functions that searches and
            // writes (through `MealSearch.catchUp`) call.
            writer.writeWithoutTransaction { db in
                for function in MealSearch.functions { db.add(function: function) }
            }
            try Schema.migrator.migrate(writer)
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    private init(openedWriter: any DatabaseWriter, path: String, file: DatabaseFile.Identity?, readOnlyOpening: ReadOnlyOpening?,
                 isReadOnly: Bool) {
        connection = Mutex((openedWriter, file))
        self.path = path
        self.readOnlyOpening = readOnlyOpening
        self.isReadOnly = isReadOnly
    }

    /// An empty store in memory, for tests and dry runs.
    public static func inMemory() throws(StoreError) -> MealStore {
        do {
            return try MealStore(writer: DatabaseQueue(configuration: configuration(readOnly: false)))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.wrapping(error, path: ":memory:")
        }
    }

    /// Opens (creating it with its folders if missing) the mealplan database at `path`. For
    /// `readWrite` a missing file is made by the first write that succeeds, not before
    /// (`makeDeferredFile`): a command that is refused leaves no empty database behind.
    ///
    /// Files that are not mealplan databases are refused before SQLite opens them, so they are
    /// never modified; the schema is migrated only when it is older than this program's.
    /// `concurrentReads` asks for a `DatabasePool`, for a long-lived process that reads while it
    /// writes; otherwise one connection is opened, the cheapest start for a single command.
    /// `pageCacheKiB` caps SQLite's page cache of each connection (SQLite's default is 2,000 KiB).
    public static func open(
        path: String, access: Access, concurrentReads: Bool = false, pageCacheKiB: Int? = nil
    ) throws(StoreError) -> MealStore {
        var state = try DatabaseFile.inspect(path)
        if state == .missing {
            guard access != .readExisting else {
                throw StoreError(.missing, "there is no database '\(path)'; commands that add meals create it")
            }
            if access == .readWrite {
                return try deferredStore(path: path, concurrentReads: concurrentReads, pageCacheKiB: pageCacheKiB)
            }
            try DatabaseFile.makeParentFolders(of: path)
            try DatabaseFile.create(path, configuration: configuration(readOnly: false))
            state = try DatabaseFile.inspect(path)
        }
        guard case .mealPlan(let writable) = state else {
            throw .database("cannot open database '\(path)'")
        }
        if access == .readWrite && !writable {
            throw .database("database '\(path)' is read-only; cannot change it")
        }
        let readOnlyOpening = writable ? nil : try ReadOnlyOpening(path: path)
        do {
            let configuration = configuration(readOnly: !writable, pageCacheKiB: pageCacheKiB)
            let sqlitePath = readOnlyOpening?.sqlitePath ?? DatabaseFile.sqlitePath(path)
            let writer: any DatabaseWriter = try concurrentReads
                ? DatabasePool(path: sqlitePath, configuration: configuration)
                : DatabaseQueue(path: sqlitePath, configuration: configuration)
            let version = try writer.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
            if version > Schema.version {
                throw StoreError.database(
                    "database '\(path)' was written by a newer mealplan (schema \(version), this one knows \(Schema.version))")
            }
            if version < Schema.version {
                guard writable else {
                    throw StoreError.database("database '\(path)' needs an upgrade but is read-only")
                }
                try Schema.migrator.migrate(writer)
            }
            return MealStore(openedWriter: writer, path: path, file: DatabaseFile.identity(of: path),
                             readOnlyOpening: readOnlyOpening, isReadOnly: !writable)
        } catch let error as DatabaseError
            where [.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode) && !DatabaseFile.isFolderWritable(of: path) {
            throw .database(
                "cannot open database '\(path)': its folder is not writable, and SQLite must create the -wal and -shm files there")
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// A copy of the whole plan in memory, which can be changed: for a dry run on a database
    /// this process may only read.
    public func inMemoryCopy() throws(StoreError) -> MealStore {
        do {
            let copy = try DatabaseQueue(configuration: Self.configuration(readOnly: false))
            try writer.backup(to: copy)
            return try MealStore(writer: copy, path: path)
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// The page cache of a write that changes the meal table's indexes on many pages: an import
    /// into a plan with meals (the title index's page anywhere in it for each row), a batch of
    /// `bigBatch` changes or more (a template laid down many times, its undo). With SQLite's
    /// default 2,000 KiB, or the planner's smaller cache, the pages written were spilled and
    /// read back again and again (see Benchmarks/template-apply.sh).
    static let bigWritePageCacheKiB = 32_768

    /// Raises `db`'s page cache to `bigWritePageCacheKiB` for a big write, and returns what
    /// sets it back as it was, for the write's `defer`, whether it is made, refused or cancelled.
    static func raisePageCache(_ db: Database) throws -> () -> Void {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = \(-bigWritePageCacheKiB)")
        return { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    }

    static func configuration(readOnly: Bool, pageCacheKiB: Int? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.busyMode = .callback { tries in
            guard let pause = busyPause(afterTries: tries) else { return false }
            usleep(useconds_t(pause / .microseconds(1)))
            return true
        }
        configuration.label = "mealplan"
        configuration.prepareDatabase { db in
            for function in MealSearch.functions { db.add(function: function) }
            if let pageCacheKiB {
                // A negative cache_size counts KiB rather than pages.
                try db.execute(sql: "PRAGMA cache_size = \(-pageCacheKiB)")
            }
        }
        return configuration
    }

    /// Refuses to go on when the file at the path is no longer the one opened (another
    /// database moved over it, or it was moved away): writing would change a file nobody sees
    /// any more. The first time, this connection's write-ahead log, which keeps its name next
    /// to the path, is checkpointed into the opened file and emptied, so that whoever opens
    /// the new file does not read the old file's pages from it.
    func checkStillOpenFile() throws(StoreError) {
        guard let openedFile, DatabaseFile.identity(of: path) != openedFile else { return }
        let firstTime = sawReplacement.withLock { saw in
            defer { saw = true }
            return !saw
        }
        if firstTime {
            _ = try? writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
        throw StoreError(.database, "database '\(path)' was replaced by another file since it was opened; nothing was written",
                         reason: "the file was replaced; restart")
    }

    /// Runs `body` in one IMMEDIATE transaction, then brings the search tables up to date with
    /// it; any error rolls everything back.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try makeDeferredFile { db in _ = try body(db) }
        try checkStillOpenFile()
        do {
            return try writer.write { db in
                let result = try body(db)
                try MealSearch.catchUp(db)
                return result
            }
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// Goes over to `other`'s connection and file, forgetting what was read through the old one.
    func useConnection(of other: MealStore) {
        let opened = other.connection.withLock { $0 }
        connection.withLock { $0 = opened }
        ruleCache.withLock { $0 = nil }
        lastDataVersion.withLock { $0 = nil }
    }

    /// Runs `body` on a consistent snapshot of the database.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try useDeferredFileIfMade()
        do {
            return try writer.read(body)
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// Whether anyone else (another process, another connection) committed a change since the
    /// previous call; the first call answers `false`. Throws when another file has replaced the
    /// database at its path.
    ///
    /// It costs one `PRAGMA data_version`, so the planner can ask several times a second. The
    /// pragma's value is only comparable on one connection, so it always runs on the writer
    /// connection; this store's own commits do not count as changes.
    public func hasChanges() throws(StoreError) -> Bool {
        // A file another process made since this store was opened holds its changes.
        let madeMeanwhile = try useDeferredFileIfMade()
        try checkStillOpenFile()
        let version: Int
        do {
            version = try writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            }
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        return lastDataVersion.withLock { last in
            defer { last = version }
            return madeMeanwhile || last.map { $0 != version } ?? false
        }
    }
}
