import Glibc
import MealPlanCore
import TextHelpers

/// The file `export --output` writes, chosen so that an export can never destroy data:
///
/// - A new file, or a regular file that is not SQLite's, is replaced whole: the meals are
///   written to an unnamed file in the same folder (`O_TMPFILE`), which is linked in under a
///   temporary name and renamed over the destination only when complete. A failed or killed
///   export (even by SIGKILL) leaves the old file as it was and no temporary file behind. The
///   new file keeps the permission bits of the one it replaces; through a symbolic link, the
///   file the link points to is replaced and the link stays.
/// - A SQLite database (the plan itself under any name, another program's) or one of the
///   `-wal`, `-shm` and `-journal` files beside one is refused, and so is a folder.
/// - A FIFO, a terminal or another device, and the streams mealplan already has open
///   (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) are written in place,
///   never replaced: a FIFO waits for its reader, as with `cat > FIFO`.
///
/// On a file system without `O_TMPFILE` the meals go to a hidden `.NAME.PID-RANDOM.partial`
/// beside the destination instead, which a kill leaves behind.
struct OutputFile {
    let path: String
    let descriptor: Int32
    /// Where the written file is linked in and renamed from; `nil` for a file written in place.
    private let replacement: Replacement?

    private struct Replacement {
        /// The file that is replaced: `path`, or what the symbolic link at `path` points to.
        let destination: String
        /// The named temporary file, when the file system has no unnamed ones.
        let namedTemporary: String?
    }

    init(path: String) throws(CommandFailure) {
        self.path = path
        if let stream = Self.openStream(path) {
            // The same open file as the stream, so what is written shares its position.
            descriptor = fcntl(stream, F_DUPFD_CLOEXEC, 3)
            guard descriptor >= 0 else { throw Self.failure(path, systemErrorText(errno)) }
            replacement = nil
            return
        }
        var status = stat()
        if stat(path, &status) != 0 {
            guard errno == ENOENT else { throw Self.failure(path, systemErrorText(errno)) }
            (descriptor, replacement) = try Self.replacing(path, keepingMode: nil)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw Self.failure(path, "it is a folder")
        case S_IFREG:
            try Self.refuseDatabase(path)
            let destination = try Self.resolved(path)
            (descriptor, replacement) = try Self.replacing(destination, keepingMode: status.st_mode & 0o7777)
        default:
            descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.failure(path, systemErrorText(errno)) }
            replacement = nil
        }
    }

    /// Puts the written file in place (a file written in place only needs closing).
    func commit() throws(CommandFailure) {
        guard let replacement else {
            guard close(descriptor) == 0 else { throw Self.failure(path, systemErrorText(errno)) }
            return
        }
        guard fsync(descriptor) == 0 else { throw Self.failure(path, systemErrorText(errno)) }
        let temporary = replacement.namedTemporary ?? TextHelpers.temporaryPath(beside: replacement.destination, kind: "partial")
        if replacement.namedTemporary == nil,
           linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) != 0 {
            throw Self.failure(path, systemErrorText(errno))
        }
        let renameError = rename(temporary, replacement.destination) == 0 ? nil : errno
        if renameError != nil { unlink(temporary) }
        let closeError = close(descriptor) == 0 ? nil : errno
        if let error = renameError ?? closeError { throw Self.failure(path, systemErrorText(error)) }
    }

    /// Gives up the export: a replaced file stays as it was.
    func discard() {
        close(descriptor)
        if let temporary = replacement?.namedTemporary { unlink(temporary) }
    }

    /// A descriptor on a new file in the folder of `destination`, unnamed where the file system
    /// allows, with the permission bits `mode` when given (else the usual 0666 less the umask).
    private static func replacing(_ destination: String, keepingMode mode: mode_t?) throws(CommandFailure)
        -> (Int32, Replacement) {
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { destination[..<$0].isEmpty ? "/" : String(destination[..<$0]) } ?? "."
        var namedTemporary: String?
        var descriptor = open(folder, Self.unnamedFile | O_WRONLY | O_CLOEXEC, 0o666)
        if descriptor < 0, [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) {
            let temporary = TextHelpers.temporaryPath(beside: destination, kind: "partial")
            descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
            namedTemporary = temporary
        }
        guard descriptor >= 0 else { throw failure(destination, systemErrorText(errno)) }
        if let mode, fchmod(descriptor, mode) != 0 {
            let error = errno
            close(descriptor)
            if let namedTemporary { unlink(namedTemporary) }
            throw failure(destination, systemErrorText(error))
        }
        return (descriptor, Replacement(destination: destination, namedTemporary: namedTemporary))
    }

    /// `O_TMPFILE`, which Swift does not import: `__O_TMPFILE | O_DIRECTORY` on Linux.
    private static let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY

    /// The descriptor that `path` names when it is one of this process's open streams:
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`.
    private static func openStream(_ path: String) -> Int32? {
        if path == "/dev/stdout" { return STDOUT_FILENO }
        if path == "/dev/stderr" { return STDERR_FILENO }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    /// Refuses a SQLite database and the files SQLite keeps beside one.
    private static func refuseDatabase(_ path: String) throws(CommandFailure) {
        if hasSQLiteHeader(path) {
            throw failure(path, "it is a SQLite database, which export never replaces")
        }
        for suffix in ["-wal", "-shm", "-journal"] where path.hasSuffix(suffix) && hasSQLiteHeader(String(path.dropLast(suffix.count))) {
            throw failure(path, "it belongs to the SQLite database beside it, which export never replaces")
        }
    }

    /// Whether the file at `path` starts like every SQLite database (a file that cannot be read
    /// is not one this export could mistake for the plan).
    private static func hasSQLiteHeader(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let magic = Array("SQLite format 3\0".utf8)
        var header = [UInt8](repeating: 0, count: magic.count)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, magic.count) }
        return count == magic.count && header == magic
    }

    /// The file a symbolic link at `path` points to, or `path` itself when it is no link.
    private static func resolved(_ path: String) throws(CommandFailure) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let real = realpath(path, nil) else { throw failure(path, systemErrorText(errno)) }
        defer { free(real) }
        return String(cString: real)
    }

    private static func failure(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure("cannot write '\(path)': \(reason)", status: .ioError)
    }
}
