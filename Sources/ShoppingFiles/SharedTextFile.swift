#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import RecipeLibrary
import TextHelpers

/// A small text file in the recipes folder that other programs change too (cookcli's
/// `.shopping-checked` and `.shopping-list`): changed under an exclusive `flock`, so that
/// mealplans wait for each other, and only from the text as it is when the lock is held. A link
/// in its place is refused, for reading and for writing (`O_NOFOLLOW`): followed, it would
/// list a private file's lines as items, or append ticks to a file outside the folder.
struct SharedTextFile {
    let path: String

    /// How often a change is worked out again when the file keeps growing under it.
    static let attempts = 8

    /// The file's text; a missing file is empty.
    func text() throws(RecipeFolderError) -> String {
        do {
            return try BoundedFile.contents(of: path, maximumSize: TextFile.maximumSize, followingLinks: false).text
        } catch where error.isMissing {
            return ""
        } catch where error.kind == .cannotOpen(ELOOP) {
            throw linkRefused
        } catch {
            throw RecipeFolderError(error.message, status: error.exitStatus)
        }
    }

    /// A link where the file should be: named, and left alone.
    var linkRefused: RecipeFolderError {
        RecipeFolderError("'\(path)' is a link: mealplan reads and writes only a file of its own here, never one a link leads to",
                          status: .badData)
    }

    /// Appends what `addition` makes of the text as it is (nothing for ""), in one `write` on
    /// a descriptor opened with `O_APPEND`, which lands whole at the end whoever else appends;
    /// if the file grew between reading and locking, it is read again. A file without its last
    /// newline gets one first, so that the addition starts a line. A missing file is made only
    /// when there is something to write. Returns the text the addition was made from.
    @discardableResult
    func append(_ addition: (String) throws(RecipeFolderError) -> String) throws(RecipeFolderError) -> String {
        for _ in 0..<Self.attempts {
            let flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW
            var descriptor = open(path, flags)
            if descriptor < 0 && errno == ENOENT {
                if try addition("").isEmpty { return "" }
                descriptor = open(path, flags | O_CREAT | O_EXCL, 0o644)
                if descriptor < 0 && errno == EEXIST { continue }
            }
            guard descriptor >= 0 else { throw errno == ELOOP ? linkRefused : failure("cannot write", errno) }
            defer { close(descriptor) }
            try lock(descriptor)
            let before = try size(of: descriptor)
            let text = try text()
            guard try size(of: descriptor) == before else { continue }
            var bytes = Array(try addition(text).utf8)
            if bytes.isEmpty { return text }
            if let last = text.utf8.last, last != UInt8(ascii: "\n") { bytes.insert(UInt8(ascii: "\n"), at: 0) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw failure("cannot write", written < 0 ? errno : ENOSPC) }
            return text
        }
        throw RecipeFolderError("'\(path)' kept changing while it was read; try again", status: .ioError)
    }

    /// Puts what `change` makes of the text in place of the file: written whole under a
    /// temporary name beside it, then renamed over it, so no reader sees half of it.
    func rewrite(_ change: (String) throws(RecipeFolderError) -> String) throws(RecipeFolderError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { throw errno == ELOOP ? linkRefused : failure("cannot read", errno) }
        defer { close(descriptor) }
        try lock(descriptor)
        let changed = Array(try change(try text()).utf8)
        let temporary = temporaryPath(beside: path, kind: "partial")
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw failure("cannot write", errno) }
        let written = changed.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        let synced = fsync(output) == 0
        close(output)
        guard written == changed.count, synced, rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure("cannot write", written < 0 || !synced ? error : written < changed.count ? ENOSPC : error)
        }
    }

    private func lock(_ descriptor: Int32) throws(RecipeFolderError) {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("cannot lock", errno) }
        }
    }

    private func size(of descriptor: Int32) throws(RecipeFolderError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read", errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw RecipeFolderError("'\(path)' is not a regular file", status: .badData)
        }
        return Int(status.st_size)
    }

    private func failure(_ what: String, _ code: Int32) -> RecipeFolderError {
        RecipeFolderError("\(what) '\(path)': \(systemErrorText(code))", status: .ioError)
    }
}
