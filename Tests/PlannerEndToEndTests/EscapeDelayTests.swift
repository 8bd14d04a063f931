import Foundation
import TestSupport
import Testing

/// `Esc` acts once the terminal's escape delay has passed with nothing behind the ESC: 10 ms
/// unless ncurses' own `ESCDELAY` variable says otherwise, for a link slow enough to split an
/// arrow key's sequence.
@Suite(.requires(.tmux))
struct EscapeDelayTests {
    @Test func escapeWaitsAsLongAsESCDELAYSays() throws {
        let planner = try TmuxPlanner(environment: ["ESCDELAY": "1000"])
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("g")
        try planner.type("nonsense")
        try planner.waitFor("nonsense")
        let clock = ContinuousClock()
        let sent = clock.now
        try planner.press("Escape")
        try planner.waitForAbsence(of: "nonsense")
        // A lower bound, which a busy machine can only lengthen: the prompt stayed open for
        // the whole delay.
        #expect(clock.now - sent >= .milliseconds(1000))
        // Keys after it are read as keys, not as the rest of an Alt chord.
        try planner.press("g")
        try planner.type("again")
        try planner.waitFor("again")
    }
}
