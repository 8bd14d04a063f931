import Foundation
import TestSupport
import Testing

/// `list` writes as it reads, in every format, and a search of the whole plan shows a
/// never-ending repeat up to a horizon it states: a year after the last stored meal or today.
@Suite struct ListStreamingTests {
    /// Porridge every weekday from 2020-01-06, for ever, and one stored porridge before today,
    /// 2026-03-02: the horizon is a year after today, 2027-03-02.
    func porridgePlan() throws -> CLISandbox {
        let cli = CLISandbox()
        try cli.succeed(["repeat", "add", "2020-01-06", "breakfast", "Porridge", "--every", "week", "--on", "mon,tue,wed,thu,fri"])
        try cli.succeed(["add", "2026-02-25", "dinner", "Porridge bread"])
        return cli
    }

    /// The weekdays from `first` through `last`, by Foundation's calendar.
    func weekdays(from first: String, through last: String) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let format = DateFormatter()
        format.calendar = calendar
        format.timeZone = calendar.timeZone
        format.dateFormat = "yyyy-MM-dd"
        var day = format.date(from: first)!
        let end = format.date(from: last)!
        var days: [String] = []
        while day <= end {
            if !calendar.isDateInWeekend(day) { days.append(format.string(from: day)) }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return days
    }

    @Test func aSearchOfTheWholePlanStopsRepeatsAtTheHorizonAndSaysSo() throws {
        let cli = try porridgePlan()
        let note = "repeats shown up to 2027-03-02; --to goes further"
        let text = try cli.run(["list", "--search", "porridge"])
        #expect(text.status == 0 && text.stderr == "")
        let lines = text.stdoutLines
        #expect(lines.suffix(2) == ["", note])
        // The last day listed is the last weekday up to the horizon (Tuesday 2027-03-02 itself).
        #expect(lines.last { $0.hasPrefix("Tue ") || $0.hasPrefix("Mon ") || $0.hasPrefix("Fri ") } == "Tue 2027-03-02")
        #expect(lines.filter { $0.hasSuffix("  Porridge") }.count == weekdays(from: "2020-01-06", through: "2027-03-02").count)

        for format in ["csv", "json"] {
            let data = try cli.run(["list", "--search", "porridge", "--format", format])
            #expect(data.status == 0)
            // The note goes beside the data, never inside it.
            #expect(data.stderr == "mealplan: \(note)\n")
            #expect(!data.stdout.contains("horizon") && !data.stdout.contains("repeats shown"))
        }
        let json = try cli.run(["list", "--search", "porridge", "--format", "json"]).stdout
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let dates = meals.filter { $0["title"] as? String == "Porridge" }.compactMap { $0["date"] as? String }
        let expected = weekdays(from: "2020-01-06", through: "2027-03-02")
        #expect(dates.count == expected.count && dates.first == expected.first && dates.last == expected.last)
        #expect(dates == expected)
        #expect(meals.contains { $0["title"] as? String == "Porridge bread" })
    }

    @Test func toGoesFurtherAndLimitsTheSearchWithoutANote() throws {
        let cli = try porridgePlan()
        let csv = try cli.run(["list", "--search", "porridge", "--to", "2030-06-30", "--format", "csv"])
        #expect(csv.status == 0 && csv.stderr == "")
        let rows = csv.stdout.split(separator: "\r\n").dropFirst().filter { $0.hasSuffix(",breakfast,Porridge,,,,,,") }
        let expected = weekdays(from: "2020-01-06", through: "2030-06-30")
        #expect(rows.count == expected.count && rows.map { String($0.prefix(10)) } == expected)
        #expect(try cli.succeed(["list", "--search", "bread", "--to", "2026-02-24"]) == "no meal matches 'bread' up to 2026-02-24\n")
        // No note when nothing goes on past the horizon: the stored meal alone matches.
        #expect(try cli.run(["list", "--search", "bread"]).stdout == "Wed 2026-02-25\n  1  dinner  Porridge bread\n")
        #expect(try cli.run(["list", "--search", "porridge", "--slot", "dinner", "--format", "csv"]).stderr == "")
    }

    /// Peak memory does not grow with the rows listed: 400 years of weekdays (over 100,000
    /// rows) take no more than one year, give or take what the process itself varies by. Kept
    /// in memory they took 50 MB more.
    @Test(arguments: ["text", "csv", "json"])
    func memoryStaysFlatHoweverManyRowsAreListed(format: String) throws {
        let cli = try porridgePlan()
        func peak(to last: String) throws -> Int {
            let process = try KillableProcess(
                CLISandbox.binary.path, ["list", "--search", "porridge", "--to", last, "--format", format],
                environment: cli.environment(), standardOutput: "/dev/null", standardError: cli.folder + "/stderr")
            let (ending, kib) = process.waitForPeakMemory()
            #expect(ending == .exited(0))
            return kib
        }
        let small = try peak(to: "2021-01-01"), large = try peak(to: "2420-12-31")
        #expect(large - small < 12 * 1024, "\(small) KiB for a year, \(large) KiB for 400 years")
    }
}
