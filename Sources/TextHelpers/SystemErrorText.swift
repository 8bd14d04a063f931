#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's text for an `errno` value, e.g. "No space left on device": the one place that
/// asks `strerror`, for every module that reports a failed system call.
public func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
