/// The byte values and column names that the CSV reader and writer share, so that what one
/// writes is exactly what the other expects.
enum CSVFormat {
    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The columns of a meal file, in the order the writer puts them.
    static let columns = ["date", "slot", "title", "note"]
    /// The columns a file must have to be imported; `note` may be left out.
    static let requiredColumns = ["date", "slot", "title"]
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CSVFormat {
    /// The system's text for an `errno` value, e.g. "No space left on device".
    static func systemErrorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The system's text for the current `errno`.
    static var lastSystemErrorText: String { systemErrorText(errno) }

    /// Writes all of `bytes`, retrying after interruptions; the `errno` of a failure, else `nil`.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Reads at most `space.count` bytes, retrying after interruptions: the number read, 0 at
    /// the end of the input; `nil` with `errno` set after a failure.
    static func readSome(into space: UnsafeMutableRawBufferPointer, from fileDescriptor: Int32) -> Int? {
        while true {
            let count = read(fileDescriptor, space.baseAddress!, space.count)
            if count >= 0 { return count }
            if errno != EINTR { return nil }
        }
    }
}
