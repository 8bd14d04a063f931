#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// Small text files read whole: recipes and settings files. Such a file lives in a folder that
/// other programs share and sync, so only a regular file of UTF-8 text up to `maximumSize` is
/// read: a link to `/dev/zero`, a FIFO or a runaway file is refused, never read without end.
public enum TextFile {
    /// The largest recipe or settings file read: far above any real one, small enough to read
    /// at once.
    public static let maximumSize = 1_048_576

    /// The whole file at `path` as text; a leading byte-order mark is dropped. Refused: what is
    /// not a regular file, a file over `maximumSize`, bytes that are not UTF-8 (named by line);
    /// without `followingLinks`, a link (`O_NOFOLLOW`).
    public static func contents(
        of path: String, maximumSize: Int = maximumSize, followingLinks: Bool = true
    ) throws(RecipeFolderError) -> String {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let error = errno
            throw RecipeFolderError("cannot read '\(path)': \(systemErrorText(error))",
                                    status: error == ENOENT ? .noInput : .ioError, isMissing: error == ENOENT)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RecipeFolderError("cannot read '\(path)': \(systemErrorText(errno))", status: .ioError)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw RecipeFolderError("'\(path)' is not a regular file", status: .badData)
        }
        let tooLarge = RecipeFolderError("'\(path)' is larger than \(sizeText(maximumSize))", status: .badData)
        guard status.st_size <= maximumSize else { throw tooLarge }
        // Room for the size the file has now and one byte more, so a file that grew since is
        // seen; it grows to one byte over the limit at most, so a runaway file is caught too.
        // (Sized to the file, not the limit: a folder of a thousand recipes is read in a
        // thousand small buffers, not a gigabyte of zeroed ones.)
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= maximumSize else { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumSize + 1 - bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw RecipeFolderError("cannot read '\(path)': \(systemErrorText(errno))", status: .ioError)
            }
            if count == 0 { break }
            filled += count
            // As much as the size said, with room left: the file as it was looked at, whole,
            // without one more read to find its end (a thousand fewer for a folder of a
            // thousand recipes). A file that gives no size, as in /proc, is read to its end.
            if filled == Int(status.st_size) && filled > 0 && filled < bytes.count { break }
        }
        guard filled <= maximumSize else { throw tooLarge }
        var text = bytes[..<filled]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        guard let decoded = String(validating: text, as: UTF8.self) else {
            throw RecipeFolderError("'\(path)': line \(firstInvalidLine(text)) is not UTF-8 text", status: .badData)
        }
        return decoded
    }

    /// Whether `path` names a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// `1 MB`, `64 KB`: a limit as a message says it.
    static func sizeText(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MB" : bytes % 1024 == 0 ? "\(bytes / 1024) KB" : "\(bytes) bytes"
    }

    /// The line (from 1) of the first byte of `bytes` that is not part of valid UTF-8.
    static func firstInvalidLine(_ bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { return line }
            line += 1
            lineStart = index + 1
        }
        return line
    }
}
