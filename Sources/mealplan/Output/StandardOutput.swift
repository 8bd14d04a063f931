@preconcurrency import Glibc
import MealPlanCore
import TextHelpers

/// Standard output as `print` leaves it. `print` buffers, and the C library reports a failed
/// write (a full disk, /dev/full, a closed terminal) only through the stream's error flag,
/// which nothing at exit looks at: every command's output goes through `flush()` before it
/// counts as written.
enum StandardOutput {
    /// What messages call standard output.
    static let name = "standard output"

    /// Writes out what `print` buffered; a failure now or earlier throws an I/O error.
    static func flush() throws(CommandFailure) {
        errno = 0
        let flushed = fflush(stdout) == 0
        guard !flushed || ferror(stdout) != 0 else { return }
        // The buffer is dropped when a write fails, so a failure met earlier may leave nothing to
        // retry and no errno to tell.
        throw failure(reason: errno == 0 ? "a write failed" : systemErrorText(errno))
    }

    /// The failure to write `destination` (standard output unless named), with the system's
    /// `reason`.
    static func failure(of destination: String = name, reason: String) -> CommandFailure {
        CommandFailure("cannot write \(destination): \(reason)", status: .ioError)
    }
}
