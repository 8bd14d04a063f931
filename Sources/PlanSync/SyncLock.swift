#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextHelpers

/// One sync round at a time per vdir, across processes: two `mealplan sync`s, or a command and
/// the planner's `C`, would each find a phone's new event, and each store it, and two
/// vdirsyncers would share one status. The round holds an exclusive `flock` on a hidden file
/// beside the folder (`path(of:)`: in the folder that holds it, where vdirsyncer looks only for
/// folders, so that the vdir itself need not exist before the `[sync] command` makes it) from
/// before its command to after the second run of it; a second round waits for it, a bounded
/// time, says so, and then works from what the first left. The lock goes with the process,
/// however it ends, so a killed sync leaves none behind.
public struct SyncLock: ~Copyable {
    /// The lock file of `folder`: `.NAME.mealplan-sync.lock` beside it.
    public static func path(of folder: String) -> String {
        var folder = Substring(folder)
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        let slash = folder.lastIndex(of: "/")
        let parent = slash.map { $0 == folder.startIndex ? "/" : String(folder[..<$0]) } ?? "."
        let name = slash.map { folder[folder.index(after: $0)...] } ?? folder
        return (parent == "/" ? "" : parent) + "/." + name + ".mealplan-sync.lock"
    }

    private let descriptor: Int32

    /// Runs `body` holding the lock of `folder` (see `take`), and lets it go after.
    public static func holding<Value>(
        _ folder: String, within limit: Duration, shared: Bool = false, waiting: (String) -> Void, _ body: () throws -> Value
    ) throws -> Value {
        let lock = try take(folder, within: limit, shared: shared, waiting: waiting)
        let value = try body()
        _ = consume lock
        return value
    }

    /// Takes the lock of `folder`, waiting at most `limit` for the round that holds it;
    /// `waiting` is told once, with one line, when it must wait. `shared`: a dry run's, which
    /// only reads, and takes no lock where no round has made the file yet (nil).
    static func take(
        _ folder: String, within limit: Duration, shared: Bool = false, waiting: (String) -> Void
    ) throws(SyncError) -> SyncLock? {
        let path = path(of: folder)
        let descriptor = open(path, (shared ? O_RDONLY : O_RDWR | O_CREAT) | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            // No lock file for a dry run, which makes none, or no folder to hold it: no round
            // has run here yet, nor has the `[sync] command` made the vdir.
            if errno == ENOENT { return nil }
            throw SyncError(message: "cannot lock vdir '\(folder)' for the sync ('\(path)'): \(systemErrorText(errno))")
        }
        let operation = shared ? LOCK_SH : LOCK_EX
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var told = false
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                throw SyncError(message: "cannot lock vdir '\(folder)' for the sync: \(systemErrorText(code))")
            }
            let holder = Self.holder(descriptor).map { " (process \($0))" } ?? ""
            if !told {
                waiting("another sync of '\(folder)'\(holder) is running: waiting for it to end, at most \(limit.wholeSeconds) s")
                told = true
            }
            guard clock.now < deadline else {
                close(descriptor)
                throw SyncError(message: "another sync of '\(folder)'\(holder) was still running after \(limit.wholeSeconds) s; nothing was synced: run sync again once it ends")
            }
            usleep(20_000)
        }
        if !shared {
            // Who holds it, for the message of a round that must wait.
            let pid = String(getpid()) + "\n"
            _ = ftruncate(descriptor, 0)
            _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        }
        return SyncLock(descriptor: descriptor)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The process the lock file names, as the round holding it wrote it.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 15, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer.prefix(count), as: UTF8.self).trimmingWhitespace())
    }
}

extension Duration {
    /// The whole seconds of this duration, for messages.
    var wholeSeconds: Int64 { components.seconds }
}
