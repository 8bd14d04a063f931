#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import MealPlanCore
import TextHelpers

/// The checks and file moves around opening a database file, done with plain system calls
/// before SQLite sees the file, so that a file that is not ours is never changed.
enum DatabaseFile {
    enum State: Equatable {
        case missing
        /// A mealplan database; `writable` is false when its permissions forbid writing, which
        /// mealplan respects even when running as root.
        case mealPlan(writable: Bool)
    }

    /// What is at `path`, refusing anything that is not a mealplan database.
    static func inspect(_ path: String) throws(StoreError) -> State {
        // Non-blocking, so that opening a FIFO answers at once instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT, let target = danglingLinkTarget(path) {
                // A link whose file is gone most often means a moved file or a drive not
                // mounted: a new, empty plan in its place would hide the real one.
                throw .database(
                    "cannot open database '\(path)': it is a symbolic link to '\(target)', which does not exist; mealplan never creates a database through a link")
            }
            if error == ENOENT || error == ENOTDIR { return .missing }
            throw .database("cannot open database '\(path)': \(systemErrorText(error))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .database("cannot open database '\(path)': \(systemErrorText(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .database("cannot open database '\(path)': it is not a regular file")
        }
        guard status.st_size > 0 else {
            throw .database("database '\(path)' is an empty file, not a mealplan database; remove it or choose another path")
        }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        guard count >= 0 else {
            throw .database("cannot read database '\(path)': \(systemErrorText(errno))")
        }
        let magic = Array("SQLite format 3\0".utf8)
        guard count == 100, Array(header[0..<16]) == magic else {
            throw .database("'\(path)' is not a SQLite database, so not a mealplan database")
        }
        let applicationID = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        guard applicationID == Schema.applicationID else {
            throw .database("'\(path)' is a SQLite database of another program, not a mealplan database")
        }
        let ownerMayWrite = status.st_mode & S_IWUSR != 0
        return .mealPlan(writable: ownerMayWrite && access(path, W_OK) == 0)
    }

    /// Which file a path names: device and inode. A file moved over the path is another file
    /// under the same name.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// The identity of the file at `path` now; nil when nothing is there (or it cannot be seen).
    static func identity(of path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// What the symbolic link at `path` points to, when `path` is one.
    private static func danglingLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` as SQLite must be given it to open exactly that file: SQLite reads `:memory:` as
    /// a database in memory and, with URIs enabled, `file:…` as a URI that names another file
    /// (or memory) and options. A relative path that starts with `./` is neither.
    static func sqlitePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    /// Whether this process may create files in the folder of `path`, as SQLite must for the
    /// `-wal` and `-shm` files of a database in WAL mode, even to read it.
    static func isFolderWritable(of path: String) -> Bool {
        let folder = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        return access(folder, W_OK) == 0
    }

    /// Creates the folders above `path` that are missing, readable by their owner only;
    /// returns those it made, outermost first.
    @discardableResult
    static func makeParentFolders(of path: String) throws(StoreError) -> [String] {
        var made: [String] = []
        var folder = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, component) in components.enumerated() {
            folder += index == 0 ? String(component) : "/" + component
            guard !folder.isEmpty, !component.isEmpty, component != "." else { continue }
            if mkdir(folder, 0o700) == 0 {
                made.append(folder)
            } else if errno != EEXIST {
                throw .database("cannot create folder '\(folder)' for the database: \(systemErrorText(errno))")
            }
        }
        return made
    }

    /// Creates a mealplan database at `path` that appears complete or not at all: it is built
    /// under a temporary name in the same folder and then linked into place, so no other
    /// process ever sees a half-made file, and two processes creating it at once both succeed.
    static func create(_ path: String, configuration: Configuration) throws(StoreError) {
        let file = try NewFile(at: path, configuration: configuration)
        defer { file.discard() }
        _ = try file.linkIntoPlace()
    }

    /// A new, empty mealplan database under a temporary name beside the path it is made for,
    /// until `linkIntoPlace` puts it in place (or `discard` removes it): whatever is written to it
    /// meanwhile appears at `path` whole or not at all.
    struct NewFile {
        /// Where the file is to appear.
        let path: String
        /// Its name until then, hidden and unique in the same folder (a link needs one file system).
        let temporary: String

        /// Makes the file under its temporary name, in WAL mode with the current schema.
        init(at path: String, configuration: Configuration) throws(StoreError) {
            self.path = path
            DatabaseFile.removeAbandonedNewFiles(beside: path)
            temporary = temporaryPath(beside: path, kind: Self.kind)
            let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw .database("cannot create database '\(path)': \(systemErrorText(errno))")
            }
            close(descriptor)
            do {
                let queue = try DatabaseQueue(path: sqlitePath, configuration: configuration)
                try queue.writeWithoutTransaction { db in
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                }
                try Schema.migrator.migrate(queue)
                try queue.close()
            } catch {
                discard()
                throw StoreError.wrapping(error, path: path)
            }
        }

        /// The temporary file as SQLite must be given it.
        var sqlitePath: String { DatabaseFile.sqlitePath(temporary) }

        /// Links the file (every connection to it closed, so its WAL is in it) into place;
        /// returns false, leaving the file there as it is, when another process made one
        /// meanwhile.
        func linkIntoPlace() throws(StoreError) -> Bool {
            guard link(temporary, path) == 0 else {
                guard errno == EEXIST else {
                    throw .database("cannot create database '\(path)': \(systemErrorText(errno))")
                }
                return false
            }
            return true
        }

        /// The kind of its temporary name (`temporaryPath`).
        static let kind = "new"

        /// Removes the temporary name (the linked file stays under `path`) and what SQLite made beside it.
        func discard() {
            for suffix in [""] + DatabaseFile.companionSuffixes { unlink(temporary + suffix) }
        }
    }
}
