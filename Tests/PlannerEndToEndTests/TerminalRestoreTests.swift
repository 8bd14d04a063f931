import Foundation
import TestSupport
import Testing

/// However the planner ends — a signal that would kill it, a crash, a terminal that vanished —
/// the user's terminal is given back echoing and reading lines, and the planner exits at once.
@Suite(.requires(.tmux))
struct TerminalRestoreTests {
    /// What the pane's shell prints after the planner when the terminal was restored.
    static let restoredModes = "terminal modes: icanon echo"

    /// Signals whose default action ends the process: the planner ends as if `q` were pressed,
    /// with the shell's status for that signal. SIGQUIT must not leave an interactive
    /// backtracer waiting on the terminal.
    @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGQUIT, SIGTERM, SIGVTALRM, SIGXCPU])
    func aTerminatingSignalRestoresTheTerminal(signal: Int32) throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        kill(try planner.plannerProcess(), signal)
        let after = try planner.waitFor("terminal modes:")
        #expect(after.prefix(3) == ["shell before the planner", "planner exited with \(128 + signal)", Self.restoredModes])
    }

    /// Crash signals restore the terminal's modes and leave the full screen, then the process
    /// dies of the signal (no backtrace waits for a key).
    @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE])
    func aCrashRestoresTheTerminal(signal: Int32) throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        kill(try planner.plannerProcess(), signal)
        let after = try planner.waitFor("terminal modes:")
        // The shell names the signal between the lines.
        #expect(after.first == "shell before the planner")
        #expect(after.contains("planner exited with \(128 + signal)") && after.contains(Self.restoredModes))
        #expect(!after.contains { $0.contains("today") }, "the planner's screen is gone")
    }

    /// A planner in its own session (`setsid`) gets no SIGHUP when its window closes: it must
    /// notice that input is gone, end, and report it with a non-zero status instead of spinning.
    @Test func aVanishedTerminalEndsThePlanner() throws {
        let temporary = TemporaryFolder()
        let status = temporary.file("status")
        let launcher = ["setsid", "sh", "-c", "\"$@\"; echo $? > \(status)", "sh"]
        let planner = try TmuxPlanner(launcher: launcher)
        try planner.waitFor("Wed 4 Mar 2026")
        let process = try planner.plannerProcess()
        try planner.tmux("kill-pane", "-t", "0")
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(10))
        // The shell makes the file before it writes the status into it: wait for the line.
        var written: String?
        while written?.hasSuffix("\n") != true && clock.now < end {
            usleep(20_000)
            written = try? String(contentsOfFile: status, encoding: .utf8)
        }
        if written == nil { kill(process, SIGKILL) }
        #expect(written == "74\n", "the planner still ran 10 s after its terminal went away")
    }
}
