import Testing
@testable import TerminalKit

@Suite struct ProgressLineTests {
    /// An export 412,000 meals into 1,000,000 after two seconds: 206,000/s, 2.85 s left.
    static let export = ProgressLine(verb: "importing", unit: "meals", done: 412_000, total: 1_000_000, elapsed: 2)

    @Test func aWideLineShowsEveryPartAndABarFillingTheRest() {
        let line = Self.export.rendered(width: 80)
        // 15 cells: 41.2 % of 120 eighths is 49 = 6 full cells and one eighth.
        #expect(line == "importing  412,000 / 1,000,000 meals  41%  [██████▏        ]  206,000/s  ETA 3s")
        #expect(line.terminalWidth == 79)
    }

    @Test func narrowLinesDropTheBarRateTimeVerbAndTotalInThatOrder() {
        #expect(Self.export.rendered(width: 40) == "412,000 / 1,000,000 meals  41%")
        #expect(Self.export.rendered(width: 20) == "412,000 meals  41%")
    }

    @Test func aFractionWithoutTotalShowsPercentBarAndTimeLeft() {
        // Bytes read of a file: 41.2 % of the bar's 27 cells (216 eighths) is 88 eighths = 11 cells.
        let line = ProgressLine(verb: "importing", unit: "meals", done: 412_000, fraction: 0.412, elapsed: 2)
        #expect(line.rendered(width: 80)
            == "importing  412,000 meals  41%  [███████████                ]  206,000/s  ETA 3s")
        #expect(line.rendered(width: 40) == "importing  412,000 meals  41%  ETA 3s")
    }

    @Test func withoutAnyTotalOnlyCountAndRateShow() {
        let line = ProgressLine(verb: "importing", unit: "meals", done: 100_000, elapsed: 0.5)
        #expect(line.rendered(width: 80) == "importing  100,000 meals  200,000/s")
        #expect(line.rendered(width: 20) == "100,000 meals")
    }

    @Test func atTheStartTheBarIsEmptyAndNoRateOrTimeIsGuessed() {
        let line = ProgressLine(verb: "exporting", unit: "meals", done: 0, total: 1_000_000, elapsed: 0)
        #expect(line.rendered(width: 80) == "exporting  0 / 1,000,000 meals  0%  [" + String(repeating: " ", count: 30) + "]")
    }

    @Test func aFinishedJobShowsAFullBarAndItsTime() {
        let line = ProgressLine(verb: "exporting", unit: "meals", done: 1_000_000, total: 1_000_000, elapsed: 4.9, finished: true)
        // 1,000,000 / 4.9 s = 204,081.6 per second.
        #expect(line.rendered(width: 80)
            == "exporting  1,000,000 / 1,000,000 meals  100%  [█████████████]  204,082/s  in 5s")
    }

    @Test func hugeNumbersAreGroupedAndCutOnlyWhenNothingElseIsLeftToDrop() {
        // 75 % after 100 s: 90,000,000 per second, 33.3 s left; no room for a bar.
        let line = ProgressLine(verb: "importing", unit: "meals", done: 9_000_000_000, total: 12_000_000_000, elapsed: 100)
        #expect(line.rendered(width: 80) == "importing  9,000,000,000 / 12,000,000,000 meals  75%  90,000,000/s  ETA 33s")
        #expect(line.rendered(width: 40) == "9,000,000,000 meals  75%")
        #expect(line.rendered(width: 20) == "9,000,000,000 meals")
        #expect(line.rendered(width: 10) == "9,000,00…")
    }

    @Test func aCountBeyondTheTotalStaysAtAFullBar() {
        // The total was counted before another process added meals.
        let line = ProgressLine(verb: "exporting", unit: "meals", done: 120, total: 100, elapsed: 1, unicode: false)
        #expect(line.rendered(width: 60) == "exporting  120 / 100 meals  100%  [################]  120/s")
    }

    @Test func withoutUTF8TheBarIsASCII() {
        let line = ProgressLine(verb: "importing", unit: "meals", done: 50, total: 100, elapsed: 1, unicode: false)
        // 50 % of 11 cells.
        #expect(line.rendered(width: 60) == "importing  50 / 100 meals  50%  [#####      ]  50/s  ETA 1s")
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(ProgressLine.grouped(0) == "0")
        #expect(ProgressLine.grouped(999) == "999")
        #expect(ProgressLine.grouped(1000) == "1,000")
        #expect(ProgressLine.grouped(1_234_567) == "1,234,567")
        #expect(ProgressLine.grouped(-45_000) == "-45,000")
    }

    @Test func durationsAreShortAndRounded() {
        #expect(ProgressLine.duration(0.04) == "0.0s")
        #expect(ProgressLine.duration(0.44) == "0.4s")
        #expect(ProgressLine.duration(0.96) == "1s")
        #expect(ProgressLine.duration(59.4) == "59s")
        #expect(ProgressLine.duration(59.6) == "1m00s")
        #expect(ProgressLine.duration(185) == "3m05s")
        #expect(ProgressLine.duration(3725) == "1h02m")
        #expect(ProgressLine.duration(99 * 3600 + 59 * 60) == "99h59m")
        #expect(ProgressLine.duration(100 * 3600) == ">99h")
    }
}

@Suite struct ProgressDisplayTests {
    func line(_ done: Int, at elapsed: Double, finished: Bool = false) -> ProgressLine {
        ProgressLine(verb: "importing", unit: "meals", done: done, elapsed: elapsed, finished: finished)
    }

    @Test func smallJobsDrawNothingAtAll() {
        var display = ProgressDisplay()
        #expect(display.update(line(4096, at: 0.5), width: 80) == nil)
        #expect(display.update(line(49_152, at: 3), width: 80) == nil)
        #expect(display.end(line(49_999, at: 3.1, finished: true), width: 80) == nil)
        #expect(!display.isShown)
    }

    @Test func pastTheThresholdTheLineIsRedrawnAtMostTenTimesASecond() {
        var display = ProgressDisplay()
        #expect(display.update(line(53_248, at: 0.20), width: 80) == "\rimporting  53,248 meals  266,240/s\u{1B}[K")
        #expect(display.update(line(57_344, at: 0.25), width: 80) == nil)
        #expect(display.update(line(61_440, at: 0.299), width: 80) == nil)
        #expect(display.update(line(65_536, at: 0.31), width: 80) == "\rimporting  65,536 meals  211,406/s\u{1B}[K")
        #expect(display.isShown)
        // The end is drawn whatever the time, and leaves the cursor on a fresh line.
        #expect(display.end(line(66_000, at: 0.32, finished: true), width: 80)
            == "\rimporting  66,000 meals  206,250/s  in 0.3s\u{1B}[K\n")
        #expect(!display.isShown)
    }

    @Test func aFailedJobEndsItsLineSoTheErrorStartsOnAFreshOne() {
        var display = ProgressDisplay()
        _ = display.update(line(53_248, at: 0.5), width: 80)
        #expect(display.end(line(55_000, at: 0.55), width: 80) == "\rimporting  55,000 meals  100,000/s\u{1B}[K\n")
    }

    /// A job of slow rows shows once it has run for its delay, whatever its count, and a job
    /// over before the delay shows nothing at all.
    @Test func withADelayTheLineWaitsForTheTimeNotTheCount() {
        var display = ProgressDisplay(threshold: 0, delay: 1)
        let before = line(64, at: 0.99), after = line(128, at: 1.0)
        #expect(display.update(before, width: 80) == nil)
        #expect(display.update(after, width: 80) == "\r" + after.rendered(width: 80) + "\u{1B}[K")
        var quick = ProgressDisplay(threshold: 0, delay: 1)
        #expect(quick.end(line(640, at: 0.5, finished: true), width: 80) == nil)
        let slow = line(640, at: 1.5, finished: true)
        #expect(quick.end(slow, width: 80) == "\r" + slow.rendered(width: 80) + "\u{1B}[K\n")
    }

    /// A job whose work was undone takes its line away, leaving the line for what is said next;
    /// a job that drew nothing has nothing to take away.
    @Test func anUndoneJobErasesItsLine() {
        var display = ProgressDisplay()
        #expect(display.erase() == nil)
        _ = display.update(line(53_248, at: 0.5), width: 80)
        #expect(display.erase() == "\r\u{1B}[K")
        #expect(!display.isShown && display.erase() == nil)
    }

    @Test func aFastJobPastTheThresholdStillShowsItsLastLine() {
        var display = ProgressDisplay()
        #expect(display.end(line(60_000, at: 0.2, finished: true), width: 80)
            == "\rimporting  60,000 meals  300,000/s  in 0.2s\u{1B}[K\n")
    }
}
