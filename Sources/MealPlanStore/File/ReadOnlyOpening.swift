#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// How a database this process may not write is opened without leaving files beside it that
/// its owner cannot use.
///
/// SQLite reads a WAL database through its `-wal` and `-shm` files and creates them when they
/// are missing. Made by a reader without write permission, they belong to that reader and keep
/// its permissions: the owner then gets "read-only", and in a sticky folder such as /tmp
/// cannot even remove them. So:
///
/// - When the `-wal` exists (the owner has the plan open, or left changes in it), SQLite reads
///   through the files that are there, read-only (SQLite ≥ 3.22 keeps a read-only `-shm` in
///   its own memory), creating nothing.
/// - When it does not, the database file holds the whole plan, and SQLite opens it
///   `immutable`: it creates no file and takes no lock. This reader takes the read lock that
///   SQLite's readers take instead, for as long as it is open, so that a writer that closes
///   meanwhile does not fold its changes into the file under it (they wait in the writer's
///   `-wal`): the reader sees the plan as it was when it opened it. Only an automatic
///   checkpoint of a writer's very large change (over 1,000 pages) can still reach the file
///   during the read, which may then fail as damaged; run the command again.
final class ReadOnlyOpening: Sendable {
    /// The name to give SQLite.
    let sqlitePath: String
    /// The descriptor holding the read lock, when opened immutable.
    private let lockDescriptor: Int32?

    /// SQLite's shared lock range on Unix: 510 bytes from `PENDING_BYTE + 2` (0x40000002).
    private static let sharedLockStart: off_t = 0x4000_0002
    private static let sharedLockLength: off_t = 510

    init(path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .database("cannot open database '\(path)': \(systemErrorText(errno))") }
        // Locked before looking for the -wal: a writer that comes after cannot fold it in.
        guard Self.lockShared(descriptor) else {
            close(descriptor)
            throw .heldLocked(path)
        }
        if access(path + "-wal", F_OK) == 0 {
            close(descriptor)
            lockDescriptor = nil
            sqlitePath = DatabaseFile.sqlitePath(path)
        } else {
            lockDescriptor = descriptor
            sqlitePath = Self.immutableURI(path)
        }
    }

    deinit {
        if let lockDescriptor { close(lockDescriptor) }
    }

    /// Takes a read lock on SQLite's shared range, waiting up to the store's busy timeout for
    /// a writer that holds it exclusively (while it folds its changes in on closing).
    private static func lockShared(_ descriptor: Int32) -> Bool {
        var lock = flock()
        lock.l_type = Int16(F_RDLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = sharedLockStart
        lock.l_len = sharedLockLength
        let deadline = ContinuousClock.now + MealStore.busyTimeout
        while fcntl(descriptor, F_SETLK, &lock) != 0 {
            guard errno == EAGAIN || errno == EACCES || errno == EINTR, ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// `file:` URI naming exactly `path`, opened immutable: every byte outside the unreserved
    /// characters and `/` is percent-encoded, so `?`, `#` and `%` in a name stay part of it.
    private static func immutableURI(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let encoded = DatabaseFile.sqlitePath(path).utf8.map { byte in
            unreserved.contains(byte) ? String(UnicodeScalar(byte)) : (byte < 16 ? "%0" : "%") + String(byte, radix: 16)
        }.joined()
        // An absolute path after an empty authority ("file://"), so "//x" is no host name.
        return (path.hasPrefix("/") ? "file://" : "file:") + encoded + "?immutable=1"
    }
}
