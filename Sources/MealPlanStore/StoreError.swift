#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import MealPlanCore
import TextHelpers

/// Why the store refused or failed a request, worded for a one-line message to the user.
///
/// `kind` separates what the user can fix by typing something else (an unknown meal id, a slot
/// still in use) from trouble with the database file itself, because the command line reports
/// them with different exit statuses.
public struct StoreError: UserFacingError, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The request names something that does not exist or breaks a rule of the plan.
        case input
        /// The database file cannot be opened, read or written.
        case database
        /// There is no database file to read.
        case missing
        /// What was given to be stored contradicts itself: two meals of a whole plan's file
        /// with one id, UID or place.
        case badData
        /// Another program changed (or removed, or put back) what the request was worked out
        /// from, or held the plan locked for longer than a writer waits: running it again
        /// works from what is there now.
        case changedMeanwhile
    }

    public let kind: Kind
    public let message: String
    /// The reason alone, without the database's path: for narrow places such as the planner's
    /// status line, where a long path would push the reason off the screen. The same as
    /// `message` when that names no file.
    public let reason: String
    public var description: String { message }
    public var userMessage: String { message }
    /// A request the user can fix is a usage error (64), a file that contradicts itself bad
    /// data (65), a missing database a missing input (66), trouble with the file an I/O error
    /// (74), another program's change meanwhile, or its lock held past the wait, a temporary
    /// failure (75).
    public var exitStatus: ExitStatus {
        switch kind {
        case .input: .usage
        case .badData: .badData
        case .missing: .noInput
        case .database: .ioError
        case .changedMeanwhile: .changedMeanwhile
        }
    }

    public init(_ kind: Kind, _ message: String, reason: String? = nil) {
        self.kind = kind
        self.message = message
        self.reason = reason ?? message
    }

    static func input(_ message: String) -> StoreError { StoreError(.input, message) }
    static func database(_ message: String) -> StoreError { StoreError(.database, message) }
    static func changedMeanwhile(_ message: String) -> StoreError { StoreError(.changedMeanwhile, message) }

    /// `error` as a store error: SQLite's result codes become sentences naming the file (the
    /// reason: the same sentence about "the database").
    static func wrapping(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return StoreError(.database, "database '\(path)': \(error)", reason: "database error: \(error)")
        }
        if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED { return heldLocked(path) }
        func detail(_ subject: String) -> String {
            switch error.resultCode {
            case .SQLITE_READONLY:
                "\(subject) is read-only"
            case .SQLITE_CORRUPT:
                "the file is damaged (SQLite reports corruption)"
            case .SQLITE_NOTADB:
                "the file is not a SQLite database"
            case .SQLITE_FULL:
                diskFull
            case .SQLITE_CANTOPEN:
                "\(subject) cannot be opened (check the file and its folder's permissions)"
            case .SQLITE_PERM, .SQLITE_AUTH:
                "permission denied"
            case .SQLITE_IOERR:
                // SQLite reports a write the disk had no room for as SQLITE_FULL only where it
                // writes pages; the log's index and a sync say "I/O error" for the same cause.
                isNearlyFull(path) ? diskFull : "input/output error"
            case .SQLITE_CONSTRAINT:
                "the change breaks a rule of the schema (\(error.message ?? "constraint failed"))"
            default:
                error.message ?? "SQLite error \(error.resultCode.rawValue)"
            }
        }
        return StoreError(.database, "database '\(path)': \(detail("it"))", reason: detail("the database"))
    }

    /// Another program held `path` locked for longer than the store waits (`busyTimeout`):
    /// nothing was done, and the same command run again usually goes through, so it is the
    /// temporary failure of a change meanwhile, not trouble with the file.
    static func heldLocked(_ path: String) -> StoreError {
        let wait = MealStore.busyTimeout.components.seconds
        return StoreError(.changedMeanwhile, "database '\(path)': another program held it locked for \(wait) s; nothing was changed, run it again",
                          reason: "another program held the database locked for \(wait) s; nothing was changed, run it again")
    }

    /// The one message of a write that found no room, from SQLite or the system (`ENOSPC`).
    static let diskFull = systemErrorText(ENOSPC)

    /// Whether the file system of `path` has less room left than SQLite needs for one more
    /// write of its log: the reason an I/O error there is a full disk.
    static func isNearlyFull(_ path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? "."
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return false }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize) < nearlyFullBytes
    }

    /// Room under which a disk counts as full: a few of SQLite's log pages.
    static let nearlyFullBytes: UInt64 = 256 * 1024
}
