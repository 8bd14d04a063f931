#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `descriptor`, again after an interruption and after a short
/// write: the one loop every writer of a file descriptor goes through. The `errno` of a
/// failure (`ENOSPC` for a write that took nothing), nil when all is written.
public func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var written = 0
    while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return count < 0 ? errno : ENOSPC }
        written += count
    }
    return nil
}

/// `writeAll` of `text`'s UTF-8.
public func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}
