#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small text file read whole from a folder that other programs share and sync (recipes,
/// settings, a vdir's items): only a regular file of UTF-8 text up to a size limit is read, so a
/// link to `/dev/zero`, a FIFO or a runaway file is refused, never read without end.
public enum BoundedFile {
    /// The file's text (a leading byte-order mark dropped) and its `stat` as it was opened, for
    /// callers that tell versions of a file apart by time, inode and size.
    public struct Contents {
        public let text: String
        public let status: stat
    }

    /// The whole file at `path`. Refused: what is not a regular file, a file over `maximumSize`,
    /// bytes that are not UTF-8 (named by line); without `followingLinks`, a link (`O_NOFOLLOW`).
    public static func contents(
        of path: String, maximumSize: Int, followingLinks: Bool = true
    ) throws(BoundedFileError) -> Contents {
        let (text, status) = try bytes(of: path, maximumSize: maximumSize, followingLinks: followingLinks)
        guard let decoded = String(validating: text, as: UTF8.self) else {
            throw BoundedFileError(path: path, kind: .notUTF8(line: firstInvalidLine(text[...])))
        }
        return Contents(text: decoded, status: status)
    }

    /// The whole file at `path` as bytes (a leading byte-order mark dropped), for a reader that
    /// decodes them itself (an iCalendar file, whose folds may fall inside a UTF-8 sequence),
    /// and its `stat` as it was opened; refused as `contents` refuses, UTF-8 or not.
    public static func bytes(
        of path: String, maximumSize: Int, followingLinks: Bool = true
    ) throws(BoundedFileError) -> (bytes: [UInt8], status: stat) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw BoundedFileError(path: path, kind: .cannotOpen(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw BoundedFileError(path: path, kind: .cannotRead(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw BoundedFileError(path: path, kind: .notRegularFile) }
        let tooLarge = BoundedFileError(path: path, kind: .tooLarge(maximumSize))
        guard status.st_size <= maximumSize else { throw tooLarge }
        // Room for the size the file has now and one byte more, so a file that grew since is
        // seen; it grows to one byte over the limit at most, so a runaway file is caught too.
        // (Sized to the file, not the limit: a folder of a thousand files is read in a
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
            guard count >= 0 else { throw BoundedFileError(path: path, kind: .cannotRead(errno)) }
            if count == 0 { break }
            filled += count
            // As much as the size said, with room left: the file as it was looked at, whole,
            // without one more read to find its end (a thousand fewer for a folder of a
            // thousand files). A file that gives no size, as in /proc, is read to its end.
            if filled == Int(status.st_size) && filled > 0 && filled < bytes.count { break }
        }
        guard filled <= maximumSize else { throw tooLarge }
        var text = bytes[..<filled]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        return (Array(text), status)
    }

    /// `1 MB`, `64 KB`: a limit as a message says it.
    public static func sizeText(_ bytes: Int) -> String {
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

/// Why `BoundedFile.contents` refused a file; `message` names the file. Each caller gives it the
/// exit status and error type of its own kind of file.
public struct BoundedFileError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `open` failed with this `errno` (`ENOENT`: the file is missing; `ELOOP`: a link where
        /// none is followed).
        case cannotOpen(Int32)
        case cannotRead(Int32)
        case notRegularFile
        /// Over this many bytes.
        case tooLarge(Int)
        case notUTF8(line: Int)
    }

    public let path: String
    public let kind: Kind

    public var isMissing: Bool { kind == .cannotOpen(ENOENT) }

    public var message: String {
        switch kind {
        case .cannotOpen(let code), .cannotRead(let code): "cannot read '\(path)': \(systemErrorText(code))"
        case .notRegularFile: "'\(path)' is not a regular file"
        case .tooLarge(let limit): "'\(path)' is larger than \(BoundedFile.sizeText(limit))"
        case .notUTF8(let line): "'\(path)': line \(line) is not UTF-8 text"
        }
    }
}
