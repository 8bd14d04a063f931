#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
import TextHelpers

/// `runProcess` as the planner's sync key runs the `[sync] command`: a program that hangs is
/// stopped at its time limit with the programs it started, and one that reads gets nothing
/// instead of waiting on the terminal.
@Suite struct ProcessRunTests {
    @Test func aProgramPastItsTimeLimitIsStoppedWithItsChildren() throws {
        let folder = TemporaryFolder()
        let pidFile = folder.file("child")
        let started = ContinuousClock.now
        let status = runProcess(["/bin/sh", "-c", "sleep 60 & echo $! > '\(pidFile)'; wait"], output: .discarded,
                                timeLimit: .milliseconds(300))
        #expect(status == 128 + SIGKILL)
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
        #expect(runProcess(["/bin/sh", "-c", "read line"], output: .discarded, timeLimit: .seconds(20)) == 1)
        #expect(runProcess(["/bin/sh", "-c", "exit 3"], output: .discarded, timeLimit: .seconds(20)) == 3)
        #expect(runProcess(["/nonexistent/program"], output: .discarded) == 127)
    }
}
