import Foundation
import Glibc
import Testing

/// A process the test can kill at any moment and reap itself: started with `posix_spawn`, as
/// Foundation's `Process` reaps its children on a thread of its own, after which a late
/// `kill` could hit a reused pid.
public struct KillableProcess {
    /// How a process ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case killed(by: Int32)
    }

    public let pid: pid_t

    /// Starts `executable arguments…` with exactly `environment`, standard input from /dev/null
    /// and its output streams written to the files `standardOutput` and `standardError`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
         standardOutput: String, standardError: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Signals as a shell would leave them: the test runner may block or ignore some.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        self.pid = pid
    }

    /// Waits for the end, or only until `deadline` when one is given (`nil` if still running then).
    public func wait(until deadline: ContinuousClock.Instant? = nil) -> Ending? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
            if result == pid { break }
            if result < 0, errno != EINTR { fatalError("waitpid failed with errno \(errno)") }
            if let deadline, ContinuousClock.now >= deadline { return nil }
            if result == 0 { usleep(1_000) }
        }
        // The layout of wait(2)'s status; its macros do not reach Swift.
        let signal = status & 0x7F
        return signal == 0 ? .exited(status >> 8 & 0xFF) : .killed(by: signal)
    }

    /// Waits for the end; returns it with the process's peak resident memory in KiB.
    public func waitForPeakMemory() -> (ending: Ending, maxRSSKiB: Int) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { fatalError("wait4 failed with errno \(errno)") }
        }
        let signal = status & 0x7F
        return (signal == 0 ? .exited(status >> 8 & 0xFF) : .killed(by: signal), Int(usage.ru_maxrss))
    }

    /// Sends SIGINT once `writing` passes `bytes` (the size of a file the work grows, looked at
    /// every millisecond), for Ctrl-C in the middle of the work; returns whether it was sent.
    /// Bounded: an issue is recorded, and the process killed, when it ends first or writes too
    /// little in 300 s.
    public func interrupt(onceOver bytes: Int, written writing: () -> Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = ContinuousClock.now + .seconds(300)
        while writing() < bytes {
            if let ending = wait(until: .now) {
                Issue.record("the work ended before it was interrupted: \(ending)", sourceLocation: sourceLocation)
                return false
            }
            guard ContinuousClock.now < deadline else {
                Issue.record("the work wrote too little in 300 s: \(kill())", sourceLocation: sourceLocation)
                return false
            }
            usleep(1_000)
        }
        _ = Glibc.kill(pid, SIGINT)
        return true
    }

    /// Sends SIGKILL and reaps the process (which may have ended already: then its ending).
    public func kill() -> Ending {
        _ = Glibc.kill(pid, SIGKILL)
        return wait()!
    }
}
