import Foundation
import TestSupport
import Testing

/// Eight loops of `mealplan add` running at once on the database an open planner shows: every
/// add must succeed (writers queue for the lock instead of failing, however busy the machine),
/// and the planner, which reloads what other processes change, must end up showing every meal.
///
/// It prints how long the adds took and the slowest one, which
/// `Benchmarks/concurrent-writers-under-load.sh` collects over runs on a loaded machine.
@Suite(.requires(.tmux))
struct ConcurrentWritersTests {
    /// The days the loops fill, one each, as their headers read; today is Wednesday 2026-03-04.
    static let days = [
        ("2026-03-04", "Wed 4 Mar  today"), ("2026-03-05", "Thu 5 Mar"), ("2026-03-06", "Fri 6 Mar"),
        ("2026-03-07", "Sat 7 Mar"), ("2026-03-08", "Sun 8 Mar"), ("2026-03-09", "Mon 9 Mar"),
        ("2026-03-10", "Tue 10 Mar"), ("2026-03-11", "Wed 11 Mar"),
    ]
    static let addsEach = 250

    /// Loop `writer`'s meal number `number`, as the planner shows it: the slot column is as
    /// wide as "breakfast", the longest slot name.
    static func mealLine(writer: Int, number: Int) -> String {
        "  lunch     Writer \(writer) meal \(number)"
    }

    @Test func eightLoopsOf250AddsAllSucceedAndThePlannerShowsEveryMeal() throws {
        let days = Self.days, addsEach = Self.addsEach
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")

        // Each loop adds to its own day and stops at the first failure; all run at once. Each
        // add's milliseconds go to writer-N.times.
        let script = """
            number=1
            while [ $number -le \(addsEach) ]; do
                start=$(date +%s%N)
                "$0" --db "$1" add "$2" lunch "Writer $3 meal $number" || exit
                echo $((($(date +%s%N) - start) / 1000000)) >> "$4"
                number=$((number + 1))
            done
            """
        let started = Date()
        let loops = try days.enumerated().map { writer, day in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, TmuxPlanner.binary, planner.database, day.0, "\(writer)", timesFile(writer, planner)]
            process.environment = ["LANG": "C.UTF-8", "MEALPLAN_TODAY": planner.today]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try outputFile(planner.folder + "/writer-\(writer).out")
            process.standardError = try outputFile(planner.folder + "/writer-\(writer).err")
            try process.run()
            return process
        }

        // Meanwhile the planner shows today filling up.
        let mealLines = Set(days.indices.flatMap { writer in (1...addsEach).map { Self.mealLine(writer: writer, number: $0) } })
        var mealsSeenWhileAdding = 0
        while loops.contains(where: \.isRunning) {
            mealsSeenWhileAdding = max(mealsSeenWhileAdding, try planner.screen().count { mealLines.contains($0) })
            usleep(200_000)
        }
        for loop in loops { loop.waitUntilExit() }
        let times = try days.indices.map { writer in
            try String(contentsOfFile: timesFile(writer, planner), encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        }
        let slowest = times.indices.max { times[$0].max() ?? 0 < times[$1].max() ?? 0 }!
        print(String(format: "concurrent writers: %.1f s for %d adds; slowest add %d ms (writer %d)",
                     Date().timeIntervalSince(started), times.joined().count, times[slowest].max() ?? 0, slowest))
        #expect(mealsSeenWhileAdding > 0, "the planner showed no meal while the adds ran")

        var ids: [Int] = []
        for (writer, day) in days.enumerated() {
            #expect(loops[writer].terminationStatus == 0, "writer \(writer)")
            let errors = try String(contentsOfFile: planner.folder + "/writer-\(writer).err", encoding: .utf8)
            #expect(errors == "", "writer \(writer)")
            // "added meal ID on Wed 2026-03-04, lunch: Writer 0 meal 1", one line per add.
            let reports = try String(contentsOfFile: planner.folder + "/writer-\(writer).out", encoding: .utf8)
                .split(separator: "\n").map { $0.wholeMatch(of: /added meal (\d+) (.+)/) }
            let weekday = day.1.prefix(3)
            let expected = (1...addsEach).map { "on \(weekday) \(day.0), lunch: Writer \(writer) meal \($0)" }
            #expect(reports.map { $0.map { String($0.2) } ?? "" } == expected, "writer \(writer)")
            ids += reports.compactMap { $0.flatMap { Int($0.1) } }
        }
        #expect(ids.sorted() == Array(1...(days.count * addsEach)), "every add got its own id")

        // A window tall enough for the eight days in full (the end of the day before, eight
        // headers with their meals, the next day and the status line) shows all 2,000 meals,
        // each day's in the order its loop added them, under its header; waited for whole, as
        // tmux may show the frame drawn in part.
        let expectedDays = days.enumerated().flatMap { writer, day in
            [day.1] + (1...addsEach).map { Self.mealLine(writer: writer, number: $0) }
        }
        try planner.resize(width: 80, height: 2 + days.count * (1 + addsEach) + 3)
        try planner.waitForScreen("every meal on screen, in order under its day") { screen in
            guard let today = screen.firstIndex(of: days[0].1) else { return false }
            return screen.count { mealLines.contains($0) } == mealLines.count
                && Array(screen[today...].prefix(expectedDays.count)) == expectedDays
        }
    }

    /// Where loop `writer` puts the milliseconds of each of its adds.
    private func timesFile(_ writer: Int, _ planner: TmuxPlanner) -> String {
        planner.folder + "/writer-\(writer).times"
    }

    private func outputFile(_ path: String) throws -> FileHandle {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return try #require(FileHandle(forWritingAtPath: path))
    }
}
