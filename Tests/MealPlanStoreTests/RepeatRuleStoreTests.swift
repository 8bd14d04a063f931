import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// Repeat rules in the store: occurrences merged among the meals of any range, in display
/// order, however far the range is from the rule's start; exceptions; search.
@Suite struct RepeatRuleStoreTests {
    private func weekdays(from first: Day) throws -> RepeatRule {
        try RepeatRule(firstDay: first, pattern: .weeks(interval: 1, weekdays: [.monday, .wednesday, .friday]))
    }

    @Test func occurrencesComeAfterTheStoredMealsOfTheirSlot() throws {
        let store = try MealStore.inMemory()
        let monday = day("2026-03-02")
        let porridge = try store.addRule(try weekdays(from: monday), meal: Meal(day: monday, slot: "breakfast", title: "Porridge"))
        let eggs = try store.addRule(try RepeatRule(firstDay: monday, pattern: .days(interval: 2)),
                                     meal: Meal(day: monday, slot: "breakfast", title: "Eggs"))
        try store.addMeal(day: monday, slot: "breakfast", title: "Coffee")
        try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        let meals = try store.meals(in: DayRange(monday, monday.adding(days: 2)))
        // Mon: Coffee (stored, position 0), then the rules by id; Tue: nothing; Wed: both rules.
        #expect(meals.map { "\($0.day.iso) \($0.slot) \($0.position) \($0.title)" } == [
            "2026-03-02 breakfast 0 Coffee", "2026-03-02 breakfast 1 Porridge", "2026-03-02 breakfast 2 Eggs",
            "2026-03-02 lunch 0 Soup",
            "2026-03-04 breakfast 0 Porridge", "2026-03-04 breakfast 1 Eggs",
        ])
        #expect(meals[1].occurrence == Occurrence(rule: porridge.id, day: monday) && meals[1].id == nil)
        #expect(meals[2].occurrence?.rule == eggs.id)
        // The same through the streaming export.
        var streamed: [Meal] = []
        try store.forEachMeal(in: DayRange(monday, monday.adding(days: 2))) { streamed.append($0) }
        #expect(streamed == meals)
    }

    /// A rule begun in the year 1 gives the same occurrences in 2026 as one begun in 2026, and
    /// a range of thousands of occurrences streams in pages without losing one.
    @Test func oldRulesAndLongRangesStreamWhole() throws {
        let store = try MealStore.inMemory()
        let old = try store.addRule(try RepeatRule(firstDay: .first, pattern: .days(interval: 3)),
                                    meal: Meal(day: .first, slot: "dinner", title: "Stew"))
        let range = DayRange(day("2026-01-01"), day("2031-12-31"))
        var streamed: [Day] = []
        try store.forEachMeal(in: range) { streamed.append($0.day) }
        #expect(streamed == old.rule.occurrences(in: range))
        #expect(streamed.count > 700)
        #expect(try store.meals(in: range).map(\.day) == streamed)
    }

    @Test func skippedAndChangedOccurrencesLeaveTheOthers() throws {
        let store = try MealStore.inMemory()
        let monday = day("2026-03-02")
        let rule = try store.addRule(try weekdays(from: monday), meal: Meal(day: monday, slot: "breakfast", title: "Porridge"))
        let skipped = try store.skipOccurrence(rule: rule.id, on: day("2026-03-04"))
        let changed = try store.changeOccurrence(
            of: skipped, on: day("2026-03-06"), to: Meal(day: day("2026-03-07"), slot: "lunch", title: "Pancakes"))
        #expect(changed.occurrence == Occurrence(rule: rule.id, day: day("2026-03-06")))
        let week = try store.meals(in: DayRange(start: monday, count: 7))
        #expect(week.map { "\($0.day.iso) \($0.title)" } == ["2026-03-02 Porridge", "2026-03-07 Pancakes"])
        #expect(throws: StoreError(.input, "repeat \(rule.id) already skips 2026-03-04")) {
            try store.skipOccurrence(rule: rule.id, on: day("2026-03-04"))
        }
        // Removing the rule keeps the changed occurrence as a single meal.
        try store.removeRule(id: rule.id)
        #expect(try store.meals(in: DayRange(start: monday, count: 7)).map { "\($0.title) \($0.occurrence == nil)" } == ["Pancakes true"])
    }

    /// A change worked out from a rule as it was read is refused once another writer changed
    /// the rule: written anyway, it would undo that writer's change.
    @Test func aChangeFromAStaleReadOfTheRuleIsRefused() throws {
        let store = try MealStore.inMemory()
        let monday = day("2026-03-02")
        let read = try store.addRule(try weekdays(from: monday), meal: Meal(day: monday, slot: "breakfast", title: "Porridge"))
        var noted = read.meal
        noted.note = "with honey"
        let current = try store.updateRule(read, rule: read.rule, meal: noted)
        let refusal = StoreError(.changedMeanwhile, "repeat \(read.id) was changed by another program meanwhile")
        var renamed = read.meal
        renamed.title = "Muesli"
        #expect(throws: refusal) { try store.updateRule(read, rule: read.rule, meal: renamed) }
        #expect(throws: refusal) {
            try store.changeOccurrence(of: read, on: day("2026-03-03"), to: Meal(day: day("2026-03-03"), slot: "breakfast", title: "Eggs"))
        }
        // Nothing of the refused changes was written; the rule is as the other writer left it.
        #expect(try store.rule(id: read.id) == current)
        #expect(try store.meals(in: DayRange(start: monday, count: 7)).allSatisfy { $0.note == "with honey" && $0.title == "Porridge" })
    }

    @Test func searchFindsOccurrencesBothWays() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-06")
        try store.addRule(try RepeatRule(firstDay: first, pattern: .monthsOnWeekday(interval: 1, ordinal: 1, weekday: .friday)),
                          meal: Meal(day: first, slot: "dinner", title: "Crème brûlée"))
        try store.addMeal(day: day("2026-04-03"), slot: "lunch", title: "creme caramel")
        #expect(try store.nextMeal(matching: "creme", after: day("2026-03-06")).map { "\($0.day.iso) \($0.title)" }
            == "2026-04-03 creme caramel")
        #expect(try store.nextMeal(matching: "brulee", after: day("2026-03-06")).map(\.day) == day("2026-04-03"))
        #expect(try store.previousMeal(matching: "creme", before: day("2026-04-03")).map(\.day) == first)
        #expect(try store.previousMeal(matching: "creme", before: day("2030-01-01")).map(\.day) == day("2029-12-07"))
        #expect(try store.previousMeal(matching: "creme", before: first) == nil)
    }

    /// "This and the following" of a rule with a count: the occurrences before the day stay
    /// with it, the rest go to the new rule, with the exceptions after the day.
    @Test func splittingKeepsTheCount() throws {
        let store = try MealStore.inMemory()
        let monday = day("2026-03-02")
        let rule = try store.addRule(
            try RepeatRule(firstDay: monday, pattern: .weeks(interval: 1, weekdays: [.monday]), end: .count(10)),
            meal: Meal(day: monday, slot: "dinner", title: "Fish"))
        try store.skipOccurrence(rule: rule.id, on: day("2026-03-30"))
        let (before, after) = try store.splitRule(id: rule.id, at: day("2026-03-16")) { rule, meal in
            var meal = meal
            meal.title = "Salmon"
            return (rule, meal)
        }
        #expect(before?.rule.end == .count(2))
        #expect(after.rule.end == .count(8) && after.meal.title == "Salmon" && after.exceptions == [day("2026-03-30")])
        let all = try store.meals(in: DayRange(monday, day("2026-12-31")))
        #expect(all.map(\.title) == ["Fish", "Fish"] + Array(repeating: "Salmon", count: 7))
    }
}

/// The changes the planner makes to occurrences, applied with meal changes: skip and its undo,
/// a changed occurrence added linked, the rule's meal changed; each checked against the rule as
/// last seen.
@Suite struct OccurrenceChangeTests {
    let monday = day("2026-03-02")

    private func store() throws -> (MealStore, Meal) {
        let store = try MealStore.inMemory()
        try store.addRule(try RepeatRule(firstDay: monday, pattern: .days(interval: 1)),
                          meal: Meal(day: monday, slot: "breakfast", title: "Porridge"))
        return (store, try store.meals(in: DayRange(monday, monday))[0])
    }

    @Test func skipAndUnskipRemoveAndPutBackOneOccurrence() throws {
        let (store, porridge) = try store()
        try store.apply([.skip(porridge)])
        #expect(try store.rule(id: 1).exceptions == [monday])
        #expect(try store.meals(in: DayRange(monday, monday)).isEmpty)
        #expect(throws: StoreError.self) { try store.apply([.skip(porridge)]) }
        try store.apply([.unskip(porridge)])
        #expect(try store.rule(id: 1).exceptions == [])
        #expect(try store.meals(in: DayRange(monday, monday)) == [porridge])
        // Not skipped: nothing to put back.
        #expect(throws: StoreError.self) { try store.apply([.unskip(porridge)]) }
    }

    @Test func aChangedOccurrenceIsAddedLinkedAndUnskipWaitsForItsRemoval() throws {
        let (store, porridge) = try store()
        var pancakes = porridge
        pancakes.title = "Pancakes"
        let stored = try #require(try store.apply([.skip(porridge), .add(pancakes)])[1])
        #expect(stored.occurrence == Occurrence(rule: 1, day: monday) && stored.id != nil)
        #expect(try store.meals(in: DayRange(monday, monday)) == [stored])
        #expect(throws: StoreError.self) { try store.apply([.unskip(porridge)]) }
        try store.apply([.remove(stored), .unskip(porridge)])
        #expect(try store.meals(in: DayRange(monday, monday)) == [porridge])
    }

    @Test func updateRuleChangesEveryOccurrenceUnlessChangedMeanwhile() throws {
        let (store, porridge) = try store()
        var oats = porridge
        oats.title = "  Oat porridge "
        let stored = try #require(try store.apply([.updateRule(from: porridge, to: oats)])[0])
        #expect(stored.title == "Oat porridge" && stored.id == nil)
        #expect(try store.meals(in: DayRange(monday, monday.adding(days: 3))).map(\.title) == Array(repeating: "Oat porridge", count: 4))
        // `porridge` is no longer what the rule gives: refused, nothing changed.
        #expect(throws: StoreError.changedMeanwhile("the repeat of 'Porridge' was changed by another program meanwhile")) {
            try store.apply([.skip(porridge)])
        }
        #expect(try store.rule(id: 1).exceptions == [])
        try store.apply([.updateRule(from: stored, to: porridge)])
        #expect(try store.rule(id: 1).meal.title == "Porridge")
    }

    @Test func aStoredMealIsNotAnOccurrence() throws {
        let (store, _) = try store()
        let soup = try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        #expect(throws: StoreError.input("'Soup' is not an occurrence of a repeat")) { try store.apply([.skip(soup)]) }
        try store.removeRule(id: 1)
        let gone = Meal(day: monday, slot: "breakfast", title: "Porridge", occurrence: Occurrence(rule: 1, day: monday))
        #expect(throws: StoreError.changedMeanwhile("the repeat of 'Porridge' was removed by another program meanwhile")) {
            try store.apply([.unskip(gone)])
        }
    }

    /// Copying days copies what they show: the occurrences become single meals on the target
    /// days, as the dry run says.
    @Test func copyDaysCopiesOccurrencesAsSingleMeals() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-02")
        let rule = try RepeatRule(firstDay: first, pattern: .weeks(interval: 1, weekdays: [.monday, .wednesday, .friday]))
        try store.addRule(rule, meal: Meal(day: first, slot: "breakfast", title: "Porridge"))
        try store.addMeal(day: first, slot: "dinner", title: "Soup")
        let target = day("2030-06-03")
        let planned = try store.copyDays(from: first, count: 3, to: target, dryRun: true)
        let copies = try store.copyDays(from: first, count: 3, to: target)
        #expect(copies.map { "\($0.day.iso) \($0.title) \($0.occurrence == nil)" } == [
            "2030-06-03 Porridge true", "2030-06-03 Soup true", "2030-06-05 Porridge true",
        ])
        #expect(planned.map(\.title) == copies.map(\.title) && planned.map(\.day) == copies.map(\.day))
        #expect(copies.allSatisfy { $0.id != nil })
    }
}

/// What the title field offers on Tab: the titles of the two years before today and the year
/// after, the most often planned first, then the most recent.
@Suite struct RecentTitleTests {
    @Test func titlesAroundTodayByHowOftenThenHowRecently() throws {
        let store = try MealStore.inMemory()
        let today = day("2026-03-02")
        for (offset, title) in [(-800, "Ancient stew"), (-700, "Soup"), (-10, "Pasta"), (-5, "Soup"), (-2, "Curry"), (400, "Far future")] {
            try store.addMeal(day: today.adding(days: offset), slot: "dinner", title: title)
        }
        #expect(try store.recentTitles(around: today) == ["Soup", "Curry", "Pasta"])
        #expect(try store.recentTitles(around: today, limit: 1) == ["Soup"])
    }
}

/// A long-lived store keeps the rules it read until `ruleVersion` moves, which the triggers
/// move for a change by any connection, not only its own.
@Suite struct RuleCacheTests {
    @Test func anotherConnectionsRuleIsSeenAtTheNextRead() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let planner = try MealStore.open(path: path, access: .readWrite, concurrentReads: true)
        let other = try MealStore.open(path: path, access: .readWrite)
        let monday = day("2026-03-02"), week = DayRange(start: day("2026-03-02"), count: 7)
        #expect(try planner.meals(in: week).isEmpty)
        let rule = try other.addRule(try RepeatRule(firstDay: monday, pattern: .days(interval: 2)),
                                     meal: Meal(day: monday, slot: "lunch", title: "Soup"))
        #expect(try planner.meals(in: week).map(\.day.iso) == ["2026-03-02", "2026-03-04", "2026-03-06", "2026-03-08"])
        try other.skipOccurrence(rule: rule.id, on: day("2026-03-04"))
        #expect(try planner.meals(in: week).count == 3)
        try other.execute("UPDATE rule SET title = 'Stew'")
        #expect(try planner.meals(in: week).map(\.title) == ["Stew", "Stew", "Stew"])
    }

    /// The ids of the rules the store keeps for the next read of days.
    private func kept(_ store: MealStore) -> [Int64]? {
        store.ruleCache.withLock { $0?.rules.map(\.id) }
    }

    /// A read of some days keeps the rules that can happen within `ruleWindow.margin` days of
    /// them and no others, so that a jump far away holds the rules there, not every rule of
    /// the plan; a search over centuries keeps nothing and finds its rule all the same.
    @Test func theRulesKeptAreThoseThatCanHappenNearTheDaysRead() throws {
        let store = try MealStore.inMemory()
        func add(_ first: Day, _ title: String, through last: Day? = nil) throws -> StoredRule {
            try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 1), end: last.map { .until($0) } ?? .never),
                              meal: Meal(day: first, slot: "dinner", title: title))
        }
        let week = DayRange(start: day("2026-03-02"), count: 7), margin = MealStore.ruleWindow.margin
        let always = try add(.first, "Bread")
        let feast = try add(day("0500-01-01"), "Feast", through: day("0500-12-31"))
        let endsJustInReach = try add(day("2000-01-01"), "Gruel", through: week.first.adding(days: -margin))
        let endedJustOutOfReach = try add(day("2000-01-01"), "Broth", through: week.first.adding(days: -margin - 1))
        let beginsJustInReach = try add(week.last.adding(days: margin), "Tart")
        let beginsJustOutOfReach = try add(week.last.adding(days: margin + 1), "Flan pâtissier")

        #expect(try store.meals(in: week).map(\.title) == Array(repeating: "Bread", count: 7))
        #expect(kept(store) == [always.id, endsJustInReach.id, beginsJustInReach.id])

        let jumped = DayRange(start: day("0500-06-01"), count: 7)
        #expect(try store.meals(in: jumped).map(\.title) == Array(repeating: ["Bread", "Feast"], count: 7).flatMap { $0 })
        #expect(kept(store) == [always.id, feast.id])

        // The whole plan searched (case and accents folded as for meals): found, and the
        // rules of the days read kept as they were.
        #expect(try store.nextMeal(matching: "PATISSIER", after: .first)?.day == beginsJustOutOfReach.rule.firstDay)
        #expect(try store.previousMeal(matching: "broth", before: .last)?.day == endedJustOutOfReach.lastDay)
        #expect(kept(store) == [always.id, feast.id])
    }

    /// A rule another program adds while the store keeps the rules of other days shows on
    /// the days it gives, and the days kept are read again.
    @Test func aRuleAddedElsewhereShowsWhereverTheDaysKeptAre() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        // Opened as the planner opens it (which makes the file).
        let planner = try MealStore.open(path: path, access: .read)
        let other = try MealStore.open(path: path, access: .readWrite)
        let far = DayRange(start: day("0500-06-01"), count: 7), week = DayRange(start: day("2026-03-02"), count: 7)
        #expect(try planner.meals(in: week).isEmpty)
        try other.execute("""
            INSERT INTO rule(slotId, title, firstDay, frequency, interval, untilDay)
            VALUES (3, 'Feast', \(far.first.number), 'day', 1, \(far.last.number))
            """)
        #expect(try planner.meals(in: far).map(\.title) == Array(repeating: "Feast", count: 7))
        #expect(try planner.meals(in: week).isEmpty)
        try other.execute("UPDATE rule SET untilDay = NULL")
        #expect(try planner.meals(in: week).map(\.title) == Array(repeating: "Feast", count: 7))
    }
}
