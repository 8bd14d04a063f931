#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `arguments` (a program's path, then its arguments) with an empty signal mask and
/// default signal actions, and waits for it: the one way mealplan starts another program (an
/// editor, the `[sync] command`). `output` says where its standard output and error go:
/// where mealplan's go, its output to standard error (so that what mealplan prints stays alone
/// on standard output), or nowhere (while the planner owns the screen). Returns how it ended
/// (`ProcessEnd`): its exit status (127 when it could not start), the signal that ended it, or
/// `timedOut`. With `timeLimit` it runs in a process group of its own, which is killed
/// (SIGKILL, children included) when the time is up: only that is `timedOut`, a SIGKILL from
/// anyone else (the kernel's out-of-memory killer, say) is a signal like any other. That group
/// is given the terminal while it runs when mealplan has it (a password asked there is
/// answered, Ctrl-C stops the program), and the terminal comes back after.
public func runProcess(_ arguments: [String], output: ProcessOutput = .inherited, timeLimit: Duration? = nil) -> ProcessEnd {
    runProcess(arguments, output: output, timeLimit: timeLimit, keepingLastLine: false).end
}

/// `runProcess`, and the last line the program wrote to its standard output or error (nil: it
/// wrote none): the reason a failed program gives, for a message that names it. Its output
/// passes through mealplan on its way where `output` says (`inherited` is `standardError` here).
public func runProcessKeepingLastLine(_ arguments: [String], output: ProcessOutput, timeLimit: Duration? = nil)
    -> (end: ProcessEnd, lastLine: String?) {
    runProcess(arguments, output: output, timeLimit: timeLimit, keepingLastLine: true)
}

private func runProcess(_ arguments: [String], output: ProcessOutput, timeLimit: Duration?, keepingLastLine: Bool)
    -> (end: ProcessEnd, lastLine: String?) {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(
        &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (timeLimit == nil ? 0 : POSIX_SPAWN_SETPGROUP)))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var outputPipe: [Int32] = [-1, -1]
    if keepingLastLine {
        if pipe(&outputPipe) == 0 {
            // Not inherited by another program started meanwhile (the child gets its copies).
            for end in outputPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        } else {
            outputPipe = [-1, -1]
        }
    }
    let kept = outputPipe[0] >= 0 ? LastLineKept(reading: outputPipe[0], echo: output != .discarded) : nil
    defer { kept?.close() }
    switch output {
    case .inherited where kept == nil: break
    case .inherited, .standardError:
        if kept == nil { posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO) }
    case .discarded:
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if kept == nil {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        }
    }
    if kept != nil {
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDERR_FILENO)
    }
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var process = pid_t()
    let spawned = posix_spawn(&process, arguments[0], &actions, &attributes, &cArguments, environ)
    if outputPipe[1] >= 0 { Glibc.close(outputPipe[1]) }
    guard spawned == 0 else { return (.exited(127), nil) }
    var status: Int32 = 0
    if timeLimit != nil || kept != nil {
        let terminal = timeLimit == nil || output == .discarded ? nil : ForegroundTerminal.handed(to: process)
        defer { terminal?.takeBack() }
        let clock = ContinuousClock()
        let deadline = timeLimit.map { clock.now.advanced(by: $0) }
        while true {
            let ended = waitpid(process, &status, WNOHANG)
            if ended == process || (ended < 0 && errno != EINTR) { break }
            if let deadline, clock.now >= deadline {
                kill(-process, SIGKILL)
                while waitpid(process, &status, 0) < 0 && errno == EINTR {}
                kept?.readAvailable()
                return (.timedOut, kept?.lastLine)
            }
            // Waits for output for as long as it would have slept.
            if let kept, kept.waitAndRead(milliseconds: 10) { continue }
            usleep(10_000)
        }
        kept?.readAvailable()
    } else {
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    }
    let signal = status & 0x7F
    return (signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal), kept?.lastLine)
}

/// The reading end of a program's output: each piece read is passed on to standard error
/// (`echo`) and its last bytes kept, for the last line.
private final class LastLineKept {
    /// The bytes kept: enough for a long last line.
    static let keptBytes = 4096
    private let descriptor: Int32
    private let echo: Bool
    private var tail: [UInt8] = []
    private var ended = false

    init(reading descriptor: Int32, echo: Bool) {
        self.descriptor = descriptor
        self.echo = echo
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    func close() {
        Glibc.close(descriptor)
    }

    /// Waits at most `milliseconds` for output and reads it; whether there was any (false at
    /// its end, when the program and its children closed it).
    func waitAndRead(milliseconds: Int32) -> Bool {
        guard !ended else { return false }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        return readAvailable()
    }

    /// Reads what is there without waiting; whether there was any.
    @discardableResult
    func readAvailable() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !ended {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { ended = true }
            guard count > 0 else { break }
            any = true
            if echo { buffer.withUnsafeBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, count) } }
            tail += buffer[..<count]
            if tail.count > Self.keptBytes { tail.removeFirst(tail.count - Self.keptBytes) }
        }
        return any
    }

    /// The last line that holds more than spaces, without its line end.
    var lastLine: String? {
        let text = String(decoding: tail, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        return lines.last { !$0.allSatisfy(\.isWhitespace) }.map { String($0).trimmingWhitespace() }
    }
}

/// How a program that `runProcess` started ended.
public enum ProcessEnd: Hashable, Sendable {
    /// It exited with this status (127: it could not be started, as a shell says).
    case exited(Int32)
    /// A signal that mealplan did not send ended it: another program's `kill`, the kernel's
    /// out-of-memory killer, or its own.
    case killed(signal: Int32)
    /// It ran past its time limit, and mealplan killed it with its process group.
    case timedOut

    /// Whether it exited with status 0.
    public var succeeded: Bool { self == .exited(0) }

    /// What happened to it, after its name: "exited with status 3", "was killed by signal 9
    /// (KILL)", "was stopped at its time limit".
    public var text: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .killed(let signal): "was killed by signal \(signal)" + (Self.signalNames[signal].map { " (\($0))" } ?? "")
        case .timedOut: "was stopped at its time limit"
        }
    }

    /// This end of `/bin/sh -c`: the shell exits with 128 + N when the command it ran (which
    /// it does not replace itself with) was ended by signal N, so such a status, for a signal
    /// named below, is that signal.
    public var ofShellCommand: ProcessEnd {
        guard case .exited(let status) = self, status > 128, Self.signalNames[status - 128] != nil else { return self }
        return .killed(signal: status - 128)
    }

    /// The usual names of the signals that end a program, as `kill -l` spells them; the numbers
    /// are the C library's, which differ between systems.
    private static let signalNames: [Int32: String] = [
        SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGILL: "ILL", SIGTRAP: "TRAP", SIGABRT: "ABRT", SIGBUS: "BUS",
        SIGFPE: "FPE", SIGKILL: "KILL", SIGUSR1: "USR1", SIGSEGV: "SEGV", SIGUSR2: "USR2", SIGPIPE: "PIPE", SIGALRM: "ALRM",
        SIGTERM: "TERM", SIGXCPU: "XCPU", SIGXFSZ: "XFSZ", SIGSYS: "SYS",
    ]
}

/// The terminal on standard input while a program in a process group of its own runs: handed
/// to its group when it was mealplan's, as a shell hands it to a job, and taken back.
private struct ForegroundTerminal {
    let group: pid_t

    /// Hands the terminal to `process`'s group, if mealplan's group has it; the program is
    /// continued, in case it read the terminal before it had it and was stopped for that.
    static func handed(to process: pid_t) -> ForegroundTerminal? {
        let group = getpgrp()
        guard isatty(STDIN_FILENO) == 1, tcgetpgrp(STDIN_FILENO) == group else { return nil }
        setpgid(process, process)
        let terminal = ForegroundTerminal(group: group)
        terminal.give(to: process)
        kill(-process, SIGCONT)
        return terminal
    }

    func takeBack() {
        give(to: group)
    }

    /// `tcsetpgrp` from a group that may not have the terminal, with `SIGTTOU` blocked, as
    /// POSIX asks of a background process that sets it.
    private func give(to group: pid_t) {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTTOU)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        tcsetpgrp(STDIN_FILENO, group)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}

/// Where a program `runProcess` starts writes.
public enum ProcessOutput: Sendable {
    /// Where mealplan writes.
    case inherited
    /// Its standard output to mealplan's standard error.
    case standardError
    /// Nowhere, and it reads nothing: standard input, output and error on `/dev/null` (it
    /// cannot ask the terminal for a password while the planner owns it).
    case discarded
}
