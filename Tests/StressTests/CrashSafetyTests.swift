import Foundation
import Testing
import TestSupport

/// `mealplan` killed with SIGKILL at seeded random moments of its writes: before it opens the
/// database, while it inserts, while it commits, after it exits. The sqlite3 shell, not
/// mealplan's own code, then checks that the file is intact and each write is there whole or
/// not at all.
@Suite(.requires(.sqlite3))
struct CrashSafetyTests {
    let clock = ContinuousClock()

    /// The meals as stored, one line each: what a half-done write would show in.
    static let storedMeals = """
        SELECT meal.id, date(meal.day * 86400, 'unixepoch'), slot.name, meal.position, meal.title, meal.note
        FROM meal JOIN slot ON slot.id = meal.slotId ORDER BY meal.id
        """

    @Test func anImportKilledAtAnyMomentIsWhollyThereOrNot() throws {
        let cli = CLISandbox()
        let rows = 100_000
        let csv = manyMealsCSV(rows: rows)
        let file = cli.folder + "/meals.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        // Meals planned before, one of them in a slot the import fills too.
        try cli.succeed(["add", "2030-01-01", "breakfast", "Porridge"])
        try cli.succeed(["add", "2026-03-02", "dinner", "Stew", "--note", "slow"])
        let planned = try sqlite(Self.storedMeals, in: cli)
        #expect(planned.split(separator: "\n").count == 2)
        // The sqlite3 shell folded the WAL into the file when it closed it: one file is the
        // whole database before the import.
        let pristine = cli.folder + "/pristine.sqlite"
        try FileManager.default.copyItem(atPath: cli.database, toPath: pristine)
        // The imported meals, written back in the file's format, in the order they were read.
        let importedAsCSV = """
            SELECT date(meal.day * 86400, 'unixepoch') AS date, slot.name AS slot, meal.title AS title,
                coalesce(meal.note, '') AS note
            FROM meal JOIN slot ON slot.id = meal.slotId WHERE meal.id > 2 ORDER BY meal.id
            """

        /// Checks the database after an import that ended as `ending`; whether the meals are in.
        func expectWholeOrNothing(after ending: KillableProcess.Ending, _ what: String) throws -> Bool {
            #expect(ending == .killed(by: SIGKILL) || ending == .exited(0), "\(what): \(ending)")
            #expect(try String(contentsOfFile: cli.folder + "/import.err", encoding: .utf8) == "", "\(what)")
            // One sqlite3 run: intact, the planned meals as they were, and how many there are.
            let state = try sqlite("""
                PRAGMA integrity_check; PRAGMA foreign_key_check;
                \(Self.storedMeals) LIMIT 2; SELECT count(*) FROM meal
                """, in: cli)
            let isImported = state == "ok\n" + planned + "\(2 + rows)\n"
            #expect(isImported || state == "ok\n" + planned + "2\n", "\(what): \(state.prefix(1_000))")
            if ending == .exited(0) { #expect(isImported, "\(what): finished but not there") }
            if isImported {
                let imported = try sqlite(importedAsCSV, in: cli, options: ["-header", "-separator", ",", "-newline", "\r\n"])
                #expect(imported == csv, "\(what): the imported meals differ from the file")
            }
            return isImported
        }

        // An import left to finish measures how long one takes here.
        let start = clock.now
        let finished = try spawnImport(file, in: cli).wait()!
        let duration = clock.now - start
        #expect(try expectWholeOrNothing(after: finished, "the import left to finish"))

        let outcomes = try killedRuns(lasting: duration, seed: 0x5EED_C0DE, from: pristine, in: cli,
                                      spawn: { try spawnImport(file, in: cli) }, check: expectWholeOrNothing)
        // Otherwise the kills all missed the window of the commit on one side.
        #expect(outcomes.contains(true) && outcomes.contains(false), "imported after each kill: \(outcomes)")
    }

    @Test func addsKilledAtAnyMomentAreWholeMealsAndTheDatabaseStaysUsable() throws {
        let cli = CLISandbox()
        let day = "2026-03-02"
        // The first add creates the database and measures how long one add takes here.
        let start = clock.now
        try cli.succeed(["add", day, "lunch", "Before the kills", "--note", "planned"])
        let addDuration = clock.now - start
        var expected = [(title: "Before the kills", note: "planned")]

        /// The arguments that add the meal `title`, with a note so that a meal has two texts.
        func addArguments(_ title: String) -> [String] {
            ["add", day, "lunch", title, "--note", "note of \(title)"]
        }
        /// What an add says when it stored `title` as the next meal.
        func report(_ title: String) -> String {
            "added meal \(expected.count + 1) on Mon \(day), lunch: \(title)\n"
        }

        /// The stored meals as `storedMeals` lists them, when they are `meals`.
        func stored(_ meals: [(title: String, note: String)]) -> String {
            meals.enumerated().map { "\($0.offset + 1)|\(day)|lunch|\($0.offset)|\($0.element.title)|\($0.element.note)\n" }
                .joined()
        }

        var generator = SeededGenerator(seed: 0xADD5_0F_F00D)
        var killedInFlight = 0
        for trial in 0..<20 {
            // A loop of adds, one process after the other, killed after a random number of
            // adds' durations, wherever it is then.
            let deadline = clock.now + addDuration * Double.random(in: 0..<5, using: &generator)
            var inFlight: (title: String, note: String)?
            var reported = 0
            while inFlight == nil, clock.now < deadline {
                let title = "Trial \(trial) meal \(reported + 1)"
                let output = cli.folder + "/add.out", errors = cli.folder + "/add.err"
                let process = try KillableProcess(CLISandbox.binary.path, addArguments(title), environment: cli.environment(),
                                                  standardOutput: output, standardError: errors)
                let ending = process.wait(until: deadline) ?? process.kill()
                if ending == .killed(by: SIGKILL) {
                    inFlight = (title, "note of \(title)")
                    killedInFlight += 1
                    continue
                }
                #expect(ending == .exited(0), "\(title): \(ending)")
                #expect(try String(contentsOfFile: errors, encoding: .utf8) == "", "\(title)")
                #expect(try String(contentsOfFile: output, encoding: .utf8) == report(title))
                expected.append((title, "note of \(title)"))
                reported += 1
            }

            let what = "trial \(trial), killed \(inFlight.map { "during '\($0.title)'" } ?? "between adds")"
            // One sqlite3 run: intact, and the meals exactly those reported (and the one in flight?).
            let state = try sqlite("PRAGMA integrity_check; " + Self.storedMeals, in: cli)
            if let inFlight, state == "ok\n" + stored(expected + [inFlight]) {
                // It committed and was killed before it said so.
                expected.append(inFlight)
            } else {
                #expect(state == "ok\n" + stored(expected), "\(what): not intact, or not the \(expected.count) meals reported")
            }
            // The database stays usable.
            let after = "Trial \(trial) after the kill"
            #expect(try cli.succeed(addArguments(after)) == report(after))
            expected.append((after, "note of \(after)"))
        }
        #expect(killedInFlight > 0, "no kill hit an add")
        #expect(try sqlite(Self.storedMeals, in: cli) == stored(expected))
    }

    /// Runs `spawn` again and again on the sandbox's database restored from `pristine`, killing
    /// each run at a seeded random moment; `check` says whether the write is in after a run's
    /// ending. Returns those answers.
    ///
    /// Trial i is killed at a random moment of the i-th of 20 equal parts of 1.2 times
    /// `duration` (how long one run takes here), so the kills spread over the start, the
    /// writes, the commit and the time after the end. A machine busier than during the
    /// measurement slows the runs down: while no kill has come after a commit yet, up to 10
    /// more trials are killed later and later, up to 3 times the duration.
    func killedRuns(
        lasting duration: Duration, seed: UInt64, from pristine: String, in cli: CLISandbox,
        spawn: () throws -> KillableProcess, check: (KillableProcess.Ending, String) throws -> Bool
    ) throws -> [Bool] {
        let trials = 20
        var generator = SeededGenerator(seed: seed)
        var outcomes: [Bool] = []
        while outcomes.count < trials || (!outcomes.contains(true) && outcomes.count < trials + 10) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cli.database + suffix) }
            try FileManager.default.copyItem(atPath: pristine, toPath: cli.database)
            let trial = Double(outcomes.count), random = Double.random(in: 0..<1, using: &generator)
            let moment = trial < Double(trials)
                ? (trial + random) / Double(trials) * 1.2
                : 1.0 + (trial - Double(trials) + random) * 0.2
            let killMoment = clock.now + duration * moment
            let process = try spawn()
            let ending = process.wait(until: killMoment) ?? process.kill()
            outcomes.append(try check(ending, "killed at \(duration * moment) of \(duration)"))
        }
        return outcomes
    }

    private func spawnImport(_ file: String, in cli: CLISandbox) throws -> KillableProcess {
        try KillableProcess(CLISandbox.binary.path, ["import", file], environment: cli.environment(),
                            standardOutput: "/dev/null", standardError: cli.folder + "/import.err")
    }

    /// What the sqlite3 shell prints for `sql` on the sandbox's database, waiting for locks
    /// (a killed process's locks go with it, a moment after it dies).
    func sqlite(_ sql: String, in cli: CLISandbox, options: [String] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try ExternalTool.run(
            "sqlite3", ["-bail", "-cmd", ".timeout 5000"] + options + [cli.database, sql], in: cli.folder)
        #expect(result.status == 0 && result.stderr == "", "sqlite3: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }
}
