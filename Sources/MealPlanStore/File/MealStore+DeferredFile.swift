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

    /// When the file is not made yet: tries `trial` (the write about to be made; none for an
    /// import, which checks its rows as it writes them) on the empty plan and rolls it back,
    /// then makes the file and moves the store over to it. Does nothing once the file is made.
    func makeDeferredFile(trying trial: (Database) throws -> Void = { _ in }) throws(StoreError) {
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
