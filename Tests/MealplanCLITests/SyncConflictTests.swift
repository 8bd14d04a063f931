import Foundation
import Testing
import TestSupport

/// Conflicts say what differs, every field on both sides, and `--keep` resolves all of them or
/// the ones named by the id or day they print; `--keep both` on a repeat's day keeps the other
/// version of that day as a meal beside it, never a second repeat.
@Suite struct SyncConflictTests {
    typealias Household = SyncCommandTests.Household

    /// A and B synced with the same meals, then `changeA` and `changeB` run on each: B's
    /// sync then, which must exit 1, and what it printed.
    static func conflict(_ home: Household, setUp: [[String]], changeA: [[String]], changeB: [[String]]) throws -> RunResult {
        for command in setUp { try home.succeed(home.a, command) }
        _ = try home.sync(home.a)
        _ = try home.sync(home.b)
        for command in changeA { try home.succeed(home.a, command) }
        for command in changeB { try home.succeed(home.b, command) }
        _ = try home.sync(home.a)
        let result = try home.run(home.b, ["sync", "--vdir", home.vdir])
        #expect(result.status == 1, "\(result.stderr)")
        return result
    }

    @Test func aConflictOverServingsShowsBothSides() throws {
        let home = Household()
        let recipes = home.cli.folder + "/home/.local/share/mealplan/recipes"
        try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: true)
        try "Cook @rice{1%cup} with @curry paste{2%tbsp}.\n".write(toFile: recipes + "/curry.cook", atomically: true, encoding: .utf8)
        let result = try Self.conflict(
            home, setUp: [["add", "2026-03-03", "lunch", "Curry", "--recipe", "curry", "--servings", "3"]],
            changeA: [["edit", "1", "--servings", "4"]], changeB: [["edit", "1", "--servings", "2"]])
        #expect(result.stdout == """
            Tue 3 Mar lunch, meal 1: 'Curry' on both sides
              servings: 2 here, 4 there
            \(SyncCommandTests.summary(conflicts: 1))

            """)
    }

    /// Title, note, slot, day, status and eaters changed apart: each on a line of its own.
    @Test func aConflictShowsEveryFieldThatDiffers() throws {
        let home = Household()
        let result = try Self.conflict(
            home, setUp: [["add", "2026-03-03", "lunch", "Soup", "--note", "leek"]],
            changeA: [["edit", "1", "--title", "Stew", "--note", "beef"], ["move", "1", "2026-03-04", "--slot", "dinner"], ["done", "1"]],
            changeB: [["edit", "1", "--title", "Curry", "--eat", "2"]])
        #expect(result.stdout == """
            Tue 3 Mar lunch, meal 1: 'Curry' here, 'Stew' there
              day: Tue 3 Mar here, Wed 4 Mar there
              slot: lunch here, dinner there
              note: 'leek' here, 'beef' there
              status: planned here, done there
              eaters: 2 here, none there
            \(SyncCommandTests.summary(conflicts: 1))

            """)
    }

    /// A repeat changed on both sides: its pattern, and each day it gives differently.
    @Test func aRepeatsConflictShowsItsPatternAndItsDays() throws {
        let home = Household()
        let result = try Self.conflict(
            home, setUp: [["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri"]],
            changeA: [["repeat", "skip", "1", "2026-03-13"], ["repeat", "change", "1", "2026-03-20", "--title", "Calzone"]],
            changeB: [["repeat", "edit", "1", "--on", "fri,sat"], ["repeat", "change", "1", "2026-03-20", "--title", "Pizza bianca"]])
        #expect(result.stdout == """
            Fri 6 Mar dinner, repeat 1: 'Pizza' on both sides
              repeats: every week on Fri, Sat here, every week on Fri there
              Fri 13 Mar: 'Pizza' here, skipped there
              Fri 20 Mar: title: 'Pizza bianca' here, 'Calzone' there
            \(SyncCommandTests.summary(conflicts: 1))

            """)
    }

    /// Two conflicts: `--keep theirs` with the id of one resolves that one alone, with the day
    /// of the other that one; a name no conflict has is said, and nothing is kept for it.
    @Test func keepResolvesOneConflictByItsIdOrItsDay() throws {
        let home = Household()
        let result = try Self.conflict(
            home, setUp: [["add", "2026-03-03", "lunch", "Soup"], ["add", "2026-03-04", "lunch", "Salad"]],
            changeA: [["edit", "1", "--title", "Stew"], ["edit", "2", "--title", "Slaw"]],
            changeB: [["edit", "1", "--title", "Curry"], ["edit", "2", "--title", "Caesar"]])
        #expect(result.stdout.contains("Tue 3 Mar lunch, meal 1: 'Curry' here, 'Stew' there\n"))
        #expect(result.stdout.contains("Wed 4 Mar lunch, meal 2: 'Caesar' here, 'Slaw' there\n"))

        let one = try home.run(home.b, ["sync", "--vdir", home.vdir, "--keep", "theirs", "1"])
        #expect(one.status == 1)
        #expect(one.stdout == "Wed 4 Mar lunch, meal 2: 'Caesar' here, 'Slaw' there\n" + SyncCommandTests.summary(received: 1, conflicts: 1) + "\n")
        let unknown = try home.run(home.b, ["sync", "--vdir", home.vdir, "--keep", "mine", "2026-03-04", "99", "r4"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout == SyncCommandTests.summary(sent: 1) + "\n")
        #expect(unknown.stderr == "mealplan: no conflict is meal 99, repeat 4: nothing kept for them\n")
        _ = try home.sync(home.a)
        #expect(try home.meals(home.a) == home.meals(home.b))
        #expect(try home.meals(home.a).contains(#""title":"Stew""#) && home.meals(home.a).contains(#""title":"Caesar""#))

        let refused = try home.run(home.b, ["sync", "--vdir", home.vdir, "1"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'1' names a conflict to resolve: give --keep mine, theirs or both with it"))
    }

    /// The same day of a repeat changed on both sides, `--keep both`: this plan's repeat with
    /// its version of the day, and the other version a meal beside it, on both plans; one
    /// repeat, never two.
    @Test func keepBothOnARepeatsDayKeepsTheOtherVersionAsAMealBesideIt() throws {
        let home = Household()
        _ = try Self.conflict(
            home, setUp: [["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri"]],
            changeA: [["repeat", "change", "1", "2026-03-13", "--title", "Calzone"]],
            changeB: [["repeat", "change", "1", "2026-03-13", "--title", "Pizza bianca"], ["repeat", "skip", "1", "2026-03-20"]])
        #expect(try home.sync(home.b, ["--keep", "both"]) == SyncCommandTests.summary(sent: 3, received: 2))
        _ = try home.sync(home.a)
        for database in [home.a, home.b] {
            #expect(try home.succeed(database, ["repeat", "list"]).split(separator: "\n").count == 1, "one repeat")
            let day = try home.succeed(database, ["list", "--from", "2026-03-13", "--to", "2026-03-13"])
            #expect(day.contains("Pizza bianca") && day.contains("Calzone"), "\(day)")
            // The 20th: skipped here, given there: kept as a meal too.
            #expect(try home.succeed(database, ["list", "--from", "2026-03-20", "--to", "2026-03-20"]).contains("Pizza"))
        }
        #expect(try home.meals(home.a) == home.meals(home.b))
        #expect(try home.files().count == 3, "the repeat, and a meal for each day kept beside it")
        #expect(try home.sync(home.a) == SyncCommandTests.summary())
        #expect(try home.sync(home.b) == SyncCommandTests.summary())
    }
}
