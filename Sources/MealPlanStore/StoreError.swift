import GRDB

/// Why the store refused or failed a request, worded for a one-line message to the user.
///
/// `kind` separates what the user can fix by typing something else (an unknown meal id, a slot
/// still in use) from trouble with the database file itself, because the command line reports
/// them with different exit statuses.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The request names something that does not exist or breaks a rule of the plan.
        case input
        /// The database file cannot be opened, read or written.
        case database
    }

    public let kind: Kind
    public let message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    static func input(_ message: String) -> StoreError { StoreError(.input, message) }
    static func database(_ message: String) -> StoreError { StoreError(.database, message) }

    /// `error` as a store error: SQLite's result codes become sentences naming the file.
    static func wrapping(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .database("database '\(path)': \(error)")
        }
        let detail: String
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            detail = "it stayed locked by another program for too long; try again"
        case .SQLITE_READONLY:
            detail = "it is read-only"
        case .SQLITE_CORRUPT:
            detail = "the file is damaged (SQLite reports corruption)"
        case .SQLITE_NOTADB:
            detail = "the file is not a SQLite database"
        case .SQLITE_FULL:
            detail = "the disk is full"
        case .SQLITE_CANTOPEN:
            detail = "it cannot be opened (check the file and its folder's permissions)"
        case .SQLITE_PERM, .SQLITE_AUTH:
            detail = "permission denied"
        case .SQLITE_IOERR:
            detail = "input/output error"
        case .SQLITE_CONSTRAINT:
            detail = "the change breaks a rule of the schema (\(error.message ?? "constraint failed"))"
        default:
            detail = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return .database("database '\(path)': \(detail)")
    }
}
