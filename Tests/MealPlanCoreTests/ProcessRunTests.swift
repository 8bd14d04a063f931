#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
import TextHelpers

/// `runProcess` as the planner's sync key runs the `[sync] command`: a program that hangs is
/// stopped at its time limit with the programs it started, one that reads gets nothing
/// instead of waiting on the terminal, and one killed by someone else is told apart from one
/// stopped at its limit.
@Suite struct ProcessRunTests {
    @Test func aProgramPastItsTimeLimitIsStoppedWithItsChildren() throws {
        let folder = TemporaryFolder()
        let pidFile = folder.file("child")
        let started = ContinuousClock.now
        let status = runProcess(["/bin/sh", "-c", "sleep 60 & echo $! > '\(pidFile)'; wait"], output: .discarded,
                                timeLimit: .milliseconds(300))
        #expect(status == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(20))
        let child = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The sleep was in the killed group: gone once init has reaped it.
        var alive = true
        for _ in 0..<500 where alive {
            alive = kill(child, 0) == 0
            if alive { usleep(10_000) }
        }
        #expect(!alive, "the child \(child) outlived its group")
    }

    @Test func aDiscardedProgramReadsNothing() {
        // `read` at the end of its input fails at once instead of waiting for a line.
        #expect(runProcess(["/bin/sh", "-c", "read line"], output: .discarded, timeLimit: .seconds(20)) == .exited(1))
        #expect(runProcess(["/bin/sh", "-c", "exit 3"], output: .discarded, timeLimit: .seconds(20)) == .exited(3))
        #expect(runProcess(["/nonexistent/program"], output: .discarded) == .exited(127))
    }

    /// A SIGKILL that mealplan did not send (here the program's own, as the out-of-memory
    /// killer's would be) is that signal, not a timeout, within a time limit or without one.
    @Test func aProgramKilledFromOutsideIsKilledNotTimedOut() {
        for limit in [Duration.seconds(60), nil] {
            let end = runProcess(["/bin/sh", "-c", "kill -9 $$"], output: .discarded, timeLimit: limit)
            #expect(end == .killed(signal: SIGKILL))
            #expect(end.text == "was killed by signal \(SIGKILL) (KILL)")
            #expect(!end.succeeded)
        }
        #expect(runProcess(["/bin/sh", "-c", "kill -TERM $$"], output: .discarded) == .killed(signal: SIGTERM))
        #expect(runProcess(["/bin/sh", "-c", "sleep 60"], output: .discarded, timeLimit: .seconds(1)) == .timedOut)
    }

    /// A shell reports a command it ran that a signal ended as 128 + the signal: through
    /// `/bin/sh -c`, that status is the signal.
    @Test func aShellsStatusForASignalIsThatSignal() {
        let end = runProcess(["/bin/sh", "-c", "sleep 60 & kill -9 $!; wait $!"], output: .discarded, timeLimit: .seconds(60))
        #expect(end == .exited(128 + SIGKILL))
        #expect(end.ofShellCommand == .killed(signal: SIGKILL))
        #expect(ProcessEnd.exited(3).ofShellCommand == .exited(3))
        #expect(ProcessEnd.exited(3).text == "exited with status 3")
        #expect(ProcessEnd.exited(0).succeeded && ProcessEnd.exited(0).ofShellCommand.succeeded)
        #expect(ProcessEnd.exited(255).ofShellCommand == .exited(255))
        #expect(ProcessEnd.timedOut.ofShellCommand == .timedOut)
    }
}
