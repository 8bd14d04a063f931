import Foundation
import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// Errors read two ways: the command line's one-line message names the file; the planner's
/// status line takes the short reason, which does not.
@Suite struct StoreErrorTests {
    @Test func aWriteToAReadOnlyFileSaysSoWithAndWithoutThePath() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        _ = try MealStore.open(path: path, access: .read)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        let store = try MealStore.open(path: path, access: .read)
        let monday = try Day(iso: "2026-03-02")
        do throws(StoreError) {
            try store.addMeal(day: monday, slot: "lunch", title: "Bread")
            Issue.record("a read-only database took a meal")
        } catch {
            #expect(error.kind == .database)
            #expect(error.message == "database '\(path)': it is read-only")
            #expect(error.reason == "the database is read-only")
        }
    }

    /// What the user can fix is a usage error; trouble with the file an I/O error.
    @Test func theKindChoosesTheExitStatus() {
        #expect(StoreError(.input, "there is no meal 42").exitStatus == .usage)
        #expect(StoreError(.database, "database 'x': the disk is full").exitStatus == .ioError)
        #expect(StoreError(.changedMeanwhile, "'Soup' was removed by another program meanwhile").exitStatus.rawValue == 75)
        #expect(StoreError(.input, "there is no meal 42").userMessage == "there is no meal 42")
    }

    /// A lock another program holds past the store's wait is a temporary failure: nothing was
    /// changed, the same command run again goes through (75, as a change meanwhile), and the
    /// message says how long it waited, with the file and without.
    @Test(arguments: [ResultCode.SQLITE_BUSY, .SQLITE_LOCKED])
    func aLockHeldPastTheWaitIsATemporaryFailure(code: ResultCode) {
        let error = StoreError.wrapping(DatabaseError(resultCode: code), path: "/plans/meals.sqlite")
        let seconds = MealStore.busyTimeout.components.seconds
        #expect(error.exitStatus == .changedMeanwhile)
        #expect(error.message == "database '/plans/meals.sqlite': another program held it locked for \(seconds) s; nothing was changed, run it again")
        #expect(error.reason == "another program held the database locked for \(seconds) s; nothing was changed, run it again")
    }

    @Test func errorsThatNameNoFileAreTheirOwnReason() {
        let error = StoreError(.input, "there is no meal 42")
        #expect(error.reason == error.message)
        #expect(error == StoreError(.input, "there is no meal 42"))
    }
}
