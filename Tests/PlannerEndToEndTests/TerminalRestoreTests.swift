import Foundation
import TestSupport
import Testing

/// However the planner ends — a signal that would kill it, a crash —
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
}
