import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// Each rule's stored last day, by which a read of some days leaves out the rules over before
/// them: written with every rule, forgotten when another program changes a pattern, computed
/// for the rules stored before it existed.
@Suite struct RuleEndTests {
    /// The stored last day of each rule, by id, as "id day" ("id -" for none).
    private func storedLastDays(_ store: MealStore) throws -> [String] {
        try store.fetchStrings("SELECT id || ' ' || coalesce(lastDay, '-') FROM rule ORDER BY id")
    }

    private func expected(_ rules: [StoredRule]) -> [String] {
        rules.map { "\($0.id) \($0.rule.lastPossibleDay.number)" }
    }

    @Test func everyWriteStoresTheRulesLastDay() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-02")
        let daily = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1), end: .count(10)),
                                      meal: Meal(day: first, slot: "breakfast", title: "Porridge"))
        let weekly = try store.addRule(try RepeatRule(firstDay: first, pattern: .weeks(interval: 1, weekdays: [.friday])),
                                       meal: Meal(day: first, slot: "dinner", title: "Pizza"))
        // Ten days from March 2: the 11th; a rule without end: the calendar's end.
        #expect(try storedLastDays(store) == ["\(daily.id) \(day("2026-03-11").number)", "\(weekly.id) \(Day.last.number)"])

        // An edit of the pattern, a split (the first part ends), the part after it.
        try store.updateRule(daily, rule: try RepeatRule(firstDay: first, pattern: .days(interval: 2), end: .count(10)),
                             meal: daily.meal)
        let split = try store.splitRule(id: weekly.id, at: day("2026-03-20")) { rule, meal in (rule, meal) }
        #expect(try storedLastDays(store) == expected(try store.rules()))
        #expect(split.before?.lastDay == day("2026-03-19"))
        #expect(try store.fetchStrings("SELECT count(*) FROM rule WHERE lastDay IS NULL") == ["0"])
    }

    /// The read trusts the stored day: a rule stored as over before today gives nothing
    /// today, though its pattern would (which is why every pattern change stores it again).
    @Test func aRuleOverBeforeTheDaysIsNotRead() throws {
        let store = try MealStore.inMemory()
        let first = day("2000-01-01")
        let rule = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1)),
                                     meal: Meal(day: first, slot: "dinner", title: "Stew"))
        let today = day("2026-11-24")
        #expect(try store.meals(in: DayRange(today, today)).map(\.title) == ["Stew"])
        // Over two years before: outside the year the read looks back.
        try store.execute("UPDATE rule SET lastDay = \(today.adding(days: -800).number) WHERE id = \(rule.id)")
        #expect(try store.meals(in: DayRange(today, today)).isEmpty)
        #expect(try store.meals(in: DayRange(first, first)).map(\.title) == ["Stew"])
    }

    /// Another program (sqlite3) that changes a rule's end or inserts a rule leaves no day the
    /// read could trust: the trigger forgets it, the rule is read and its day computed, and
    /// the store's next rule write stores it again.
    @Test func anotherProgramsChangeIsReadRight() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-02")
        let rule = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1), end: .count(3)),
                                     meal: Meal(day: first, slot: "breakfast", title: "Porridge"))
        let week = DayRange(start: first, count: 7)
        #expect(try store.meals(in: week).count == 3)

        try store.execute("UPDATE rule SET count = 6 WHERE id = \(rule.id)")
        #expect(try storedLastDays(store) == ["\(rule.id) -"])
        #expect(try store.meals(in: week).count == 6)
        #expect(try store.rule(id: rule.id).lastDay == day("2026-03-07"))

        // A title alone changed keeps the day.
        try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 7)),
                          meal: Meal(day: first, slot: "lunch", title: "Soup"))
        try store.execute("UPDATE rule SET title = 'Oats' WHERE id = \(rule.id)")
        try store.execute("""
            INSERT INTO rule(slotId, title, firstDay, frequency, interval, untilDay)
            VALUES (3, 'Fish', \(first.number), 'day', 2, \(first.adding(days: 4).number))
            """)
        #expect(try store.meals(in: week).map(\.title) == [
            "Oats", "Soup", "Fish", "Oats", "Oats", "Fish", "Oats", "Oats", "Fish", "Oats",
        ])
        try store.skipOccurrence(rule: rule.id, on: first)
        try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1), end: .count(1)),
                          meal: Meal(day: first, slot: "snack", title: "Tea"))
        #expect(try storedLastDays(store) == expected(try store.rules()))
    }

    /// A database whose rules were stored before the last day existed (schema 7) gets each
    /// rule's day on its first open.
    @Test func upgradeStoresTheLastDayOfEveryRule() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let year1 = Day.first.number, march = day("2026-03-02").number
        let version = try makeOlderDatabase(at: path, upTo: "index meal text for search", inserting: """
            INSERT INTO rule(slotId, title, firstDay, frequency, interval, ordinal, weekday, count)
                VALUES (3, 'Feast', \(year1), 'month', 1, 5, 5, 40);
            INSERT INTO rule(slotId, title, firstDay, frequency, interval, untilDay)
                VALUES (1, 'Porridge', \(march), 'day', 1, \(march + 30));
            INSERT INTO rule(slotId, title, firstDay, frequency, interval, weekdays)
                VALUES (3, 'Pizza', \(march), 'week', 1, 16);
            """)
        #expect(version == 7)
        let store = try MealStore.open(path: path, access: .readWrite)
        #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        let rules = try store.rules()
        #expect(rules.count == 3)
        #expect(try storedLastDays(store) == expected(rules))
        // The 40th fifth Friday from the year 1 is long over; the others are their ends.
        #expect(rules[0].lastDay < day("0020-01-01"))
        #expect(rules.dropFirst().map(\.lastDay) == [Day(number: march + 30)!, .last])
    }
}
