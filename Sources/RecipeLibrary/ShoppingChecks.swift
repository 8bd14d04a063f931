#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import ShoppingList

/// The `.shopping-checked` log of a recipes folder (`CheckLog` says what it holds), read and
/// appended to. Other programs append to it too (the Cooklang apps, `cook server`, another
/// mealplan), so it is never rewritten: each change is one `write` on a descriptor opened with
/// `O_APPEND`, which lands whole at the end. A change that depends on what was read is made
/// under an exclusive `flock` (other mealplans wait for it) and only if the file has not grown
/// since it was read; otherwise it is read and worked out again.
public struct ShoppingChecks: Sendable {
    public let path: String

    public init(folder: RecipeFolder) {
        path = folder.root + "/.shopping-checked"
    }

    public init(path: String) {
        self.path = path
    }

    /// How often a change is worked out again when the log keeps growing under it.
    static let attempts = 8

    /// The log; none yet is an empty one. A line mealplan cannot read is an error naming the
    /// file and the line.
    public func read() throws(RecipeFolderError) -> CheckLog {
        try contents().log
    }

    /// Appends what `change` makes of the log as it is, and returns the log after. Nothing is
    /// written when the log cannot be read or `change` throws.
    @discardableResult
    public func append(
        _ change: (CheckLog) throws(UnknownItemError) -> [CheckLog.Entry]
    ) throws(RecipeFolderError) -> CheckLog {
        for _ in 0..<Self.attempts {
            let flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK
            var descriptor = open(path, flags)
            if descriptor < 0 && errno == ENOENT {
                // No log yet: made only when there is something to write.
                let entries = try entries(from: change, CheckLog())
                if entries.isEmpty { return CheckLog() }
                descriptor = open(path, flags | O_CREAT | O_EXCL, 0o644)
                if descriptor < 0 && errno == EEXIST { continue }
            }
            guard descriptor >= 0 else { throw failure("cannot write", errno) }
            defer { close(descriptor) }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw failure("cannot lock", errno) }
            }
            let before = try size(of: descriptor)
            let (log, text) = try contents()
            guard try size(of: descriptor) == before else { continue }
            let entries = try entries(from: change, log)
            if entries.isEmpty { return log }
            var bytes = Array(entries.map(CheckLog.text(of:)).joined().utf8)
            // A last line without its newline (an editor's) must not swallow the first entry.
            if let last = text.utf8.last, last != UInt8(ascii: "\n") { bytes.insert(UInt8(ascii: "\n"), at: 0) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw failure("cannot write", written < 0 ? errno : ENOSPC) }
            return CheckLog(entries: log.entries + entries)
        }
        throw RecipeFolderError("'\(path)' kept changing while it was read; try again", status: .ioError)
    }

    private func entries(
        from change: (CheckLog) throws(UnknownItemError) -> [CheckLog.Entry], _ log: CheckLog
    ) throws(RecipeFolderError) -> [CheckLog.Entry] {
        do {
            return try change(log)
        } catch {
            throw RecipeFolderError(error.userMessage, status: error.exitStatus)
        }
    }

    private func contents() throws(RecipeFolderError) -> (log: CheckLog, text: String) {
        let text: String
        do {
            text = try TextFile.contents(of: path)
        } catch where error.isMissing {
            return (CheckLog(), "")
        }
        do {
            return (try CheckLog.parse(text), text)
        } catch {
            throw RecipeFolderError("\(path): \(error)", status: .badData)
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
