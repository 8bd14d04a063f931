import GRDB
import MealPlanCore

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
    /// data (65), a missing database a missing input (66), trouble with the file an I/O error (74).
    public var exitStatus: ExitStatus {
        switch kind {
        case .input: .usage
        case .badData: .badData
        case .missing: .noInput
        case .database: .ioError
        }
    }

    public init(_ kind: Kind, _ message: String, reason: String? = nil) {
        self.kind = kind
        self.message = message
        self.reason = reason ?? message
    }

    static func input(_ message: String) -> StoreError { StoreError(.input, message) }
    static func database(_ message: String) -> StoreError { StoreError(.database, message) }

    /// `error` as a store error: SQLite's result codes become sentences naming the file (the
    /// reason: the same sentence about "the database").
    static func wrapping(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return StoreError(.database, "database '\(path)': \(error)", reason: "database error: \(error)")
        }
        func detail(_ subject: String) -> String {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                "\(subject) stayed locked by another program for too long; try again"
            case .SQLITE_READONLY:
                "\(subject) is read-only"
            case .SQLITE_CORRUPT:
                "the file is damaged (SQLite reports corruption)"
            case .SQLITE_NOTADB:
                "the file is not a SQLite database"
            case .SQLITE_FULL:
                "the disk is full"
            case .SQLITE_CANTOPEN:
                "\(subject) cannot be opened (check the file and its folder's permissions)"
            case .SQLITE_PERM, .SQLITE_AUTH:
                "permission denied"
            case .SQLITE_IOERR:
                "input/output error"
            case .SQLITE_CONSTRAINT:
                "the change breaks a rule of the schema (\(error.message ?? "constraint failed"))"
            default:
                error.message ?? "SQLite error \(error.resultCode.rawValue)"
            }
        }
        return StoreError(.database, "database '\(path)': \(detail("it"))", reason: detail("the database"))
    }
}
