import Foundation
import Testing
import TestSupport

/// Two sync rounds of one folder at once never double or lose an item: the second waits for
/// the first (`SyncLock`), says so, and works from what it left.
@Suite struct SyncConcurrencyTests {
    /// Runs `run` twice at the same moment, each on a thread of its own; both results. (The
    /// two runs share nothing but what they are given: the processes they start.)
    static func twice<Result>(_ run: @escaping (Int) throws -> Result) throws -> [Result] {
        let runs = ConcurrentRuns(run)
        DispatchQueue.concurrentPerform(iterations: 2) { runs.run($0) }
        return try runs.results.map { try $0!.get() }
    }

    /// A phone's new event in the folder and two syncs of one plan at once, twenty times over
    /// (a `[sync] command` that takes a moment widens the window they overlap in): the plan
    /// holds each event once, and exactly one of each pair took it.
    @Test func twoSyncsOfOnePlanAtOnceTakeANewEventOnce() throws {
        let home = SyncCommandTests.Household()
        try home.configureSync("command = \"sleep 0.2\"\n")
        try home.succeed(home.a, ["add", "2026-03-02", "lunch", "Soup"])
        var waits = 0
        for run in 1...20 {
            try home.put("phone-\(run).ics", phoneEvent(uid: "PHONE-\(run)", day: "202603\(String(format: "%02d", run + 3))", title: "Dinner: Tacos \(run)"))
            let results = try Self.twice { _ in try home.run(home.a, ["sync"]) }
            #expect(results.map(\.status) == [0, 0], "\(results.map(\.stderr))")
            let received = results.map(\.stdout).filter { $0.contains(", 1 received,") }
            #expect(received.count == 1, "run \(run): \(results.map(\.stdout))")
            #expect(results.allSatisfy { $0.stderr.isEmpty || $0.stderr.hasPrefix("mealplan: warning: another sync of '") })
            waits += results.filter { $0.stderr.contains("/../../../vdir'") && $0.stderr.contains("is running: waiting for it to end, at most 300 s\n") }.count
        }
        // Two processes started together need not overlap every time on a busy machine, but
        // twenty pairs do, and the one that waits says so.
        #expect(waits > 0)
        let titles = try home.succeed(home.a, ["list", "--from", "2026-03-01", "--to", "2026-03-31"])
        for run in 1...20 {
            #expect(titles.components(separatedBy: "Tacos \(run)\n").count == 2, "Tacos \(run) once")
        }
        #expect(try home.files().count == 21)
        #expect(try home.sync(home.a) == SyncCommandTests.summary())
    }

    /// A round started while another holds the lock waits for it to end, says so with the
    /// bound of its wait, and then syncs.
    @Test func aRoundWaitsForAnotherHoldingTheLock() throws {
        let home = SyncCommandTests.Household()
        let config = try home.configureSync("timeout = 1\n")
        try home.succeed(home.a, ["add", "2026-03-02", "lunch", "Soup"])
        // Another round, as far as the lock goes: flock(1) on the same file for two seconds.
        let held = home.cli.folder + "/held"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [home.cli.folder + "/.vdir.mealplan-sync.lock", "sh", "-c", "touch '\(held)'; sleep 2"]
        try holder.run()
        defer { holder.waitUntilExit() }
        while !FileManager.default.fileExists(atPath: held) { usleep(10_000) }
        let clock = ContinuousClock()
        let start = clock.now
        let waited = try home.run(home.a, ["sync"])
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(clock.now - start >= .milliseconds(1500), "it waited for the other round")
        #expect(waited.stderr == "mealplan: warning: another sync of '\(config)/../../../vdir' is running: waiting for it to end, at most 62 s\n")
        #expect(waited.stdout == SyncCommandTests.summary(sent: 1) + "\n")
    }
}

/// Two runs of one closure on two threads, and their results, each written by its own thread.
final class ConcurrentRuns<Value>: @unchecked Sendable {
    private let body: (Int) throws -> Value
    private let lock = NSLock()
    private(set) var results: [Result<Value, any Error>?] = [nil, nil]

    init(_ body: @escaping (Int) throws -> Value) { self.body = body }

    func run(_ index: Int) {
        let result = Result { try body(index) }
        lock.withLock { results[index] = result }
    }
}
