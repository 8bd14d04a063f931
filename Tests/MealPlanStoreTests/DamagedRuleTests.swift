import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// A rule row another program damaged (with the `sqlite3` shell's checks switched off; the
/// table is STRICT, so types and NOT NULL still hold) is refused with its id and what is
/// wrong, never read as some other rule.
@Suite struct DamagedRuleTests {
    static let damages: [(sql: String, why: String)] = [
        ("frequency = 'fortnight'", "its frequency 'fortnight' is not day, week, month or year"),
        ("interval = 0", "--every: the interval must be 1 to 9999, not 0"),
        ("firstDay = 99999999", "its firstDay 99999999 is not a day of the calendar"),
        ("frequency = 'week', weekdays = 0", "its weekdays are not a set of days"),
        ("frequency = 'week', weekdays = 300", "its weekdays are not a set of days"),
        ("frequency = 'month', ordinal = 2, weekday = 9", "its weekday in the month is not a weekday"),
        ("untilDay = 99999999", "its untilDay 99999999 is not a day of the calendar"),
    ]

    @Test(arguments: damages)
    func aDamagedRuleIsRefusedWithItsId(sql: String, why: String) throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-02")
        let rule = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1)),
                                     meal: Meal(day: first, slot: "dinner", title: "Stew"))
        try store.execute("PRAGMA ignore_check_constraints = ON")
        try store.execute("UPDATE rule SET \(sql) WHERE id = \(rule.id)")
        let expected = "repeat \(rule.id) is damaged: \(why); another program wrote it"
        #expect(throws: StoreError.database(expected)) { try store.rules() }
        #expect(throws: StoreError.database(expected)) { try store.meals(in: DayRange(start: first, count: 7)) }
    }

    @Test func aSkippedDayThatIsNotADayIsRefused() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-02")
        let rule = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1)),
                                     meal: Meal(day: first, slot: "dinner", title: "Stew"))
        try store.execute("PRAGMA ignore_check_constraints = ON")
        try store.execute("INSERT INTO ruleException(ruleId, day) VALUES (\(rule.id), 99999999)")
        #expect(throws: StoreError.database("repeat \(rule.id) is damaged: a skipped day '99999999' is not a day; another program wrote it")) {
            try store.rules()
        }
    }
}
