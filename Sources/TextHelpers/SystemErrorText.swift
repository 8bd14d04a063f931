#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's text for an `errno` value, e.g. "Permission denied": the one place that asks
/// `strerror`, for every module that reports a failed system call. A write that found no room
/// says "the disk is full", as the store says it for SQLite's `SQLITE_FULL`, whatever wrote.
public func systemErrorText(_ code: Int32) -> String {
    code == ENOSPC || code == EDQUOT ? "the disk is full" : String(cString: strerror(code))
}
