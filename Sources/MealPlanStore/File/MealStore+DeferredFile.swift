#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import MealPlanCore

/// A database file made by the first write that succeeds, not when a command opens it.
///
/// `mealplan add today nosuchslot x --db new.sqlite` used to leave an empty database behind:
/// the file was made on opening, and the slot refused after. Removing the file after a refusal
/// could lose the write of another process that opened it meanwhile, so instead nothing is made
/// until a write is known to succeed. Until then the store reads an empty plan in memory,
/// which is what a new file holds (the schema's default slots, no meals), unless another
/// process has made the file meanwhile: then it goes over to that file at once. The first write
/// is tried on the empty plan and rolled back, so whatever it refuses (an unknown slot, a meal
/// or a template that is not there) throws before any file or folder is made. Then the file is
/// made as `DatabaseFile.create` makes it, under a temporary name linked into place, which
/// leaves a file another process linked meanwhile as it is; the store goes over to the file,
/// and the write runs on it in its own transaction, so both processes' writes are kept and
/// every check of the change is made again against what the file holds.
extension MealStore {
    /// How to open a file that is not made yet, once it is.
    struct DeferredFile {
        let concurrentReads: Bool
        let pageCacheKiB: Int?
    }

    /// A store over an empty plan in memory that makes its file at `path` on its first write.
    static func deferredStore(path: String, concurrentReads: Bool, pageCacheKiB: Int?) throws(StoreError) -> MealStore {
        let store: MealStore
        do {
            store = try MealStore(writer: DatabaseQueue(configuration: configuration(readOnly: false)), path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        store.deferredFile.withLock { $0 = DeferredFile(concurrentReads: concurrentReads, pageCacheKiB: pageCacheKiB) }
        return store
    }

    /// When the file is not made yet: tries `trial` (the write about to be made) on the empty
    /// plan and rolls it back, then makes the file and moves the store over to it. Does nothing
    /// once the file is made. (An import cannot be tried so: `importIntoDeferredFile`.)
    func makeDeferredFile(trying trial: (Database) throws -> Void) throws(StoreError) {
        try useDeferredFile(making: true, trying: trial)
    }

    /// When the file is not made yet but another process has made it meanwhile, goes over to
    /// it; returns whether it did.
    @discardableResult
    func useDeferredFileIfMade() throws(StoreError) -> Bool {
        try useDeferredFile(making: false) { _ in }
    }

    /// Goes over to the file, making it first when `making`; returns whether it went over.
    @discardableResult
    private func useDeferredFile(making: Bool, trying trial: (Database) throws -> Void) throws(StoreError) -> Bool {
        try deferredFile.withLock { deferred throws(StoreError) -> Bool in
            guard let settings = deferred else { return false }
            if DatabaseFile.identity(of: path) == nil {
                guard making else { return false }
                do {
                    try writer.writeWithoutTransaction { db in
                        try db.inTransaction(.immediate) {
                            try trial(db)
                            return .rollback
                        }
                    }
                } catch {
                    throw StoreError.wrapping(error, path: path)
                }
                try DatabaseFile.makeParentFolders(of: path)
                try DatabaseFile.create(path, configuration: Self.configuration(readOnly: false))
            }
            let opened = try Self.open(path: path, access: .readWrite, concurrentReads: settings.concurrentReads,
                                       pageCacheKiB: settings.pageCacheKiB)
            useConnection(of: opened)
            deferred = nil
            return true
        }
    }
}

extension MealStore {
    /// An import into a file not made yet. It cannot be tried first as other writes are (its
    /// rows are checked as they are written, and its input is read once), so it runs on a new
    /// file under a temporary name (`inNewFile`). When another process made the file meanwhile,
    /// the meals written are imported into that one, as any import into a plan. Returns nil,
    /// running nothing, when the file is there.
    func importIntoDeferredFile(
        refusingDuplicates: Bool, _ write: (MealStore) throws -> ImportSummary
    ) throws -> ImportSummary? {
        try inNewFile({ store in try store.withoutLog { try write(store) } }) { written in
            try importMeals(refusingDuplicates: refusingDuplicates) { importer in
                try written.forEachMeal(in: DayRange(.first, .last), occurrencesThrough: nil) { try importer.add($0) }
            }
        }
    }

    /// Runs `write` on a new file under a temporary name (`DatabaseFile.NewFile`), which is
    /// linked into place only once `write` succeeded: a refused write leaves no database, and no
    /// folder made for it, behind. The store then goes over to the file. When another process
    /// made the file meanwhile, `madeMeanwhile` gets a store over what `write` wrote, to take
    /// it over into that file or refuse, and the temporary file is removed. Returns nil, running
    /// nothing, when the file is there.
    func inNewFile<Result>(
        _ write: (MealStore) throws -> Result, madeMeanwhile: (MealStore) throws -> Void
    ) throws -> Result? {
        guard try !useDeferredFileIfMade(), deferredFile.withLock({ $0 != nil }) else { return nil }
        let madeFolders = try DatabaseFile.makeParentFolders(of: path)
        var keepsFolders = false
        defer {
            if !keepsFolders { for folder in madeFolders.reversed() { rmdir(folder) } }
        }
        let file = try DatabaseFile.NewFile(at: path, configuration: Self.configuration(readOnly: false))
        defer { file.discard() }
        let result = try onNewFile(file, write)
        let linked = try file.linkIntoPlace()
        keepsFolders = true
        try useDeferredFileIfMade()
        if !linked { try onNewFile(file, madeMeanwhile) }
        return result
    }

    /// Runs `body` on this store's file without its write-ahead log (`journal_mode = OFF`),
    /// then puts the log back. Only for a new file under its temporary name, which no other
    /// connection knows and which is thrown away if `body` fails, so that nothing needs undoing
    /// after a crash or an error: every page is written once, into the file, where the log
    /// has it written twice, into the log and at the checkpoint into the file, and read back
    /// between (a third of an import's work after its last row, see Benchmarks/cli-vs-sqlite3.sh). The
    /// commit still syncs the file before it is linked into place.
    func withoutLog<Result>(_ body: () throws -> Result) throws -> Result {
        func journalMode(_ mode: String) throws {
            do {
                _ = try writer.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = \(mode)") }
            } catch {
                throw StoreError.wrapping(error, path: path)
            }
        }
        try journalMode("OFF")
        let result = try body()
        try journalMode("WAL")
        return result
    }

    /// Runs `body` with a store over `file` under its temporary name (messages name the path
    /// it is made for), and closes it, so that its WAL is in the file.
    private func onNewFile<Result>(_ file: DatabaseFile.NewFile, _ body: (MealStore) throws -> Result) throws -> Result {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: file.sqlitePath, configuration: Self.configuration(readOnly: false))
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        let result = try body(try MealStore(writer: queue, path: path))
        do {
            try queue.close()
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        return result
    }
}
