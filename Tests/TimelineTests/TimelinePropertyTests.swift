import MealPlanCore
import Testing
@testable import Timeline
import TestSupport

/// Thousands of random operation sequences over the fake data source; `Driver` checks the
/// invariants after every step, the cases below check what each operation promises.
@Suite struct TimelinePropertyTests {
    static let sequencesPerSeed = 125
    static let stepsPerSequence = 25

    @Test("random sequences, loads answered at once", arguments: 0..<8)
    func answeredAtOnce(seed: UInt64) {
        runSequences(seed: seed, answersLater: false)
    }

    @Test("random sequences, loads answered late and out of order", arguments: 100..<108)
    func answeredLate(seed: UInt64) {
        runSequences(seed: seed, answersLater: true)
    }

    private func runSequences(seed: UInt64, answersLater: Bool) {
        var random = SeededGenerator(seed: seed)
        var roundTrips = RoundTrips()
        for sequence in 0..<Self.sequencesPerSeed {
            let start = randomDay(near: Day(year: 2026, month: 11, day: 21)!, using: &random)
            var driver = Driver(width: randomWidth(using: &random), height: randomHeight(using: &random),
                                selecting: start, context: "seed \(seed) sequence \(sequence)")
            if !answersLater { driver.answerAll() }
            for _ in 0..<Self.stepsPerSequence {
                step(&driver, home: start, roundTrips: &roundTrips, using: &random)
                if answersLater {
                    if !driver.outstanding.isEmpty, random.next() % 3 == 0 {
                        driver.answer(Int(random.next() % UInt64(driver.outstanding.count)))
                    }
                } else {
                    driver.answerAll()
                }
            }
        }
        // Most round trips (half the sequences start near an end) are checked: the property is exercised.
        #expect(roundTrips.checked * 2 > roundTrips.total, "\(roundTrips)")
    }

    /// How many round trips ran, and how many of them could be checked.
    struct RoundTrips {
        var total = 0
        var checked = 0
    }

    private func step(_ driver: inout Driver, home: Day, roundTrips: inout RoundTrips,
                      using random: inout SeededGenerator) {
        let height = driver.timeline.height
        let sign = random.next() % 2 == 0 ? 1 : -1
        switch random.next() % 10 {
        case 0:
            let lines = sign * Int.random(in: 1...(3 * height), using: &random)
            driver.apply("scroll \(lines) lines", rule: .followsView) { $0.scroll(byLines: lines) }
        case 1:
            let days = sign * Int.random(in: 1...20, using: &random)
            driver.apply("scroll \(days) days", rule: .followsView) { $0.scroll(byDays: days) }
        case 2:
            let pages = sign * Int.random(in: 1...3, using: &random)
            driver.apply("scroll \(pages) pages", rule: .followsView) { $0.scroll(byPages: pages) }
        case 3:
            let items = sign * Int.random(in: 1...15, using: &random)
            driver.apply("move \(items) items", rule: .whenItFits) { $0.moveSelection(byItems: items) }
        case 4:
            let days = sign * Int.random(in: 1...10, using: &random)
            driver.apply("move \(days) days", rule: .whenItFits) { $0.moveSelection(byDays: days) }
        case 5, 6:
            let target: Day
            switch random.next() % 4 {
            case 0: target = driver.timeline.selection.day.adding(days: Int.random(in: -25...25, using: &random))
            case 1: target = home
            case 2: target = random.next() % 2 == 0 ? .first : .last
            default: target = Day(clamping: Int.random(in: Day.validNumbers, using: &random))
            }
            let context = random.next() % 3 == 0 ? Int.random(in: 1...6, using: &random) : 0
            jump(&driver, to: target, animated: random.next() % 4 != 0, context: context)
        case 7:
            // Any size: the same item stays selected, and on screen (whole when it fits).
            let width = randomWidth(using: &random)
            let newHeight = randomHeight(using: &random)
            let selection = driver.timeline.selection
            driver.apply("resize \(width)x\(newHeight)", rule: .whenItFits) {
                $0.resize(width: width, height: newHeight)
            }
            #expect(driver.timeline.selection == selection, "resize changed the selection \(driver.context)")
            #expect(driver.timeline.width == width && driver.timeline.height == newHeight)
        case 8:
            let first = driver.timeline.screen.dayRange.first.adding(days: Int.random(in: -10...10, using: &random))
            let edited = DayRange(start: first, count: Int.random(in: 1...5, using: &random))
            for day in edited { driver.source.edit(day) }
            driver.apply("edit \(edited)", rule: nil, invalidated: edited) { $0.invalidate(edited) }
        default:
            roundTrip(&driver, lines: Int.random(in: 1...height, using: &random), count: &roundTrips)
        }
    }

    /// Down n lines then up n lines (with no load answered between) comes back to the same
    /// position, unless an end of the calendar was in reach or the start left the window (the
    /// heights of dropped days are not remembered; they are measured again when reloaded).
    private func roundTrip(_ driver: inout Driver, lines: Int, count: inout RoundTrips) {
        let start = driver.timeline.position
        driver.apply("down \(lines) lines", rule: .followsView) { $0.scroll(byLines: lines) }
        let keptStart = driver.timeline.window.contains(start.day)
        driver.apply("up \(lines) lines", rule: .followsView) { $0.scroll(byLines: -lines) }
        let awayFromEnds = Day.first.distance(to: start.day) > lines + 1 && start.day.distance(to: .last) > lines + 1
        count.total += 1
        if awayFromEnds, keptStart {
            count.checked += 1
            #expect(driver.timeline.position == start, "round trip \(driver.context)")
        }
    }

    private func jump(_ driver: inout Driver, to target: Day, animated: Bool, context: Int) {
        let windowBefore = driver.timeline.window
        let startBefore = driver.timeline.position
        let layout = driver.timeline.layout(of: target)
        var jump: Jump<FakeDay>?
        let requests = driver.apply("jump to \(target) context \(context)", rule: .whenItFits) {
            jump = $0.jump(to: target, animated: animated, context: context)
        }
        guard let jump else { return }
        #expect(driver.timeline.selection == Selection(day: target, item: layout.validItem(nil)))
        switch jump.kind {
        case .smooth:
            #expect(requests.isEmpty, "a jump inside the window loaded \(requests) \(driver.context)")
            #expect(windowBefore.contains(target), "smooth jump outside the window \(driver.context)")
        case .recenter:
            #expect(requests.count == 1, "a recentering jump made \(requests.count) requests \(driver.context)")
            // On top, or below the end of the day before when context was asked for.
            let top = driver.timeline.position.day
            #expect(top == target || (context > 0 && top == target.adding(days: -1))
                    || target.distance(to: .last) < driver.timeline.height,
                    "recenter did not put the target on top \(driver.context)")
        }
        if !windowBefore.contains(target) {
            #expect(jump.kind == .recenter, "jump outside the window was smooth \(driver.context)")
        }
        #expect(jump.frames.count <= 5)
        #expect(jump.frameInterval * (jump.frames.count + 1) <= .milliseconds(150))
        if !animated || jump.kind == .recenter {
            #expect(jump.frames.isEmpty)
        }
        // Frames run from the start towards the destination, through days that were loaded.
        let tops = [startBefore] + jump.frames.map { ScrollPosition(day: $0.days[0].day, line: $0.days[0].firstLine) }
            + [driver.timeline.position]
        let ascending = startBefore <= driver.timeline.position
        for (earlier, later) in zip(tops, tops.dropFirst()) where !jump.frames.isEmpty {
            #expect(ascending ? earlier < later : earlier > later, "frames out of order \(driver.context)")
        }
        for frame in jump.frames {
            #expect(frame.dayRange.isInside(windowBefore), "frame shows days not loaded \(driver.context)")
        }
    }

    private func randomDay(near today: Day, using random: inout SeededGenerator) -> Day {
        switch random.next() % 4 {
        case 0: Day.first.adding(days: Int.random(in: 0...30, using: &random))
        case 1: Day.last.adding(days: -Int.random(in: 0...30, using: &random))
        case 2: Day(clamping: Int.random(in: Day.validNumbers, using: &random))
        default: today.adding(days: Int.random(in: -100...100, using: &random))
        }
    }

    private func randomWidth(using random: inout SeededGenerator) -> Int {
        random.next() % 2 == 0 ? [1, 2, 3, 20, 80, 200].randomElement(using: &random)! : Int.random(in: 1...200, using: &random)
    }

    private func randomHeight(using random: inout SeededGenerator) -> Int {
        random.next() % 2 == 0 ? [1, 2, 3, 5, 24].randomElement(using: &random)! : Int.random(in: 1...60, using: &random)
    }
}
