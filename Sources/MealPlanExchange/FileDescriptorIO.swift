#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plain system calls every reader and writer of meal files makes on a file descriptor,
/// with the retry after an interruption that each would otherwise have to remember.
enum FileDescriptorIO {
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
