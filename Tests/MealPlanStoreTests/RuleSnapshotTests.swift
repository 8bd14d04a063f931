import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// Whole rules changed through an occurrence: removed, or ended from a day on (and continued
/// by a new rule), each made as `removeRule` and `restoreRule` snapshots whose inverse puts
/// every rule, exception and changed occurrence back as it was.
@Suite struct RuleSnapshotTests {
    let monday = day("2026-03-02")

    /// Porridge every Monday, ten times, from 2 March: Mon 16 March skipped, Mon 23 March
    /// changed into Pancakes (a meal of its own; the rule skips the day), and a single meal
    /// beside it.
    private func store() throws -> (MealStore, Meal) {
        let store = try MealStore.inMemory()
        let rule = try store.addRule(
            try RepeatRule(firstDay: monday, pattern: .weeks(interval: 1, weekdays: [.monday]), end: .count(10)),
            meal: Meal(day: monday, slot: "breakfast", title: "Porridge"))
        let skipped = try store.skipOccurrence(rule: rule.id, on: day("2026-03-16"))
        try store.changeOccurrence(of: skipped, on: day("2026-03-23"),
                                   to: Meal(day: day("2026-03-23"), slot: "breakfast", title: "Pancakes"))
        try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        return (store, try store.meals(in: DayRange(monday, monday))[0])
    }

    /// Everything a rule change can touch: the rules and every meal of the year.
    private func everything(_ store: MealStore) throws -> ([StoredRule], [Meal]) {
        (try store.rules(), try store.meals(in: DayRange(monday, day("2026-12-31"))))
    }

    /// The titles of Mondays 2 March to 18 May, "-" where nothing is planned.
    private func mondays(_ store: MealStore) throws -> [String] {
        try (0..<12).map { week in
            let day = monday.adding(days: 7 * week)
            return try store.meals(in: DayRange(day, day)).filter { $0.slot == "breakfast" }.first?.title ?? "-"
        }
    }

    /// Makes `changes`, checks that their inverse puts everything back and that making the
    /// made changes again (redo) gives the same plan; returns the changes as made.
    private func makeUndoRedo(_ changes: [MealChange], in store: MealStore) throws -> [MealChange] {
        let before = try everything(store)
        let made = try store.make(changes)
        let after = try everything(store)
        try store.make(made.reversed().map(\.inverse))
        #expect(try everything(store) == before)
        try store.make(made)
        #expect(try everything(store) == after)
        return made
    }

    @Test func removingAWholeRuleKeepsItsChangedOccurrencesAndUndoPutsItBack() throws {
        let (store, porridge) = try store()
        let was = try store.rule(id: 1)
        let made = try makeUndoRedo([.removeRuleOf(porridge)], in: store)
        guard case .removeRule(let snapshot) = made.first, made.count == 1 else {
            Issue.record("made \(made)")
            return
        }
        #expect(snapshot.id == 1 && snapshot.meal.title == "Porridge" && snapshot.frequency == "week" && snapshot.count == 10)
        #expect(snapshot.exceptions == [day("2026-03-16"), day("2026-03-23")])
        #expect(snapshot.replacements.values.sorted() == [day("2026-03-23")])
        #expect(try store.rules().isEmpty)
        #expect(try mondays(store) == ["-", "-", "-", "Pancakes"] + Array(repeating: "-", count: 8))
        #expect(try store.meals(in: DayRange(day("2026-03-23"), day("2026-03-23")))[0].occurrence == nil)
        // Undone: the same rule under its id, its exception, Pancakes linked again.
        try store.make([.restoreRule(snapshot)])
        #expect(try store.rule(id: 1) == was)
        #expect(try store.meals(in: DayRange(day("2026-03-23"), day("2026-03-23")))[0].occurrence
                == Occurrence(rule: 1, day: day("2026-03-23")))
        // Put back twice, or removed after another change: refused, nothing changed.
        #expect(throws: StoreError.changedMeanwhile("repeat 1 ('Porridge') is in the plan already (another program put it back)")) {
            try store.make([.restoreRule(snapshot)])
        }
        try store.skipOccurrence(rule: 1, on: day("2026-03-30"))
        #expect(throws: StoreError.changedMeanwhile("the repeat of 'Porridge' was changed by another program meanwhile")) {
            try store.make([.removeRule(snapshot)])
        }
        #expect(try store.rule(id: 1).exceptions.count == 3)
    }

    @Test func deletingFromADayOnEndsTheRuleTheDayBefore() throws {
        let (store, _) = try store()
        let ninth = day("2026-03-09")
        let occurrence = try store.meals(in: DayRange(ninth, ninth))[0]
        let made = try makeUndoRedo([.splitRule(at: occurrence, continuedAs: nil)], in: store)
        #expect(made.count == 2)
        // One occurrence is left; Mon 16's exception goes, Pancakes stays as a single meal.
        #expect(try store.rule(id: 1).rule.end == .count(1) && store.rule(id: 1).exceptions == [])
        #expect(try mondays(store) == ["Porridge", "-", "-", "Pancakes"] + Array(repeating: "-", count: 8))
    }

    @Test func deletingFromTheFirstOccurrenceOnIsDeletingAll() throws {
        let (store, porridge) = try store()
        let made = try makeUndoRedo([.splitRule(at: porridge, continuedAs: nil)], in: store)
        let (other, same) = try self.store()
        #expect(withoutUIDs(made) == withoutUIDs(try other.make([.removeRuleOf(same)])))
    }

    /// `changes` without the rules' UIDs, in which two plans made alike differ.
    private func withoutUIDs(_ changes: [MealChange]) -> [MealChange] {
        changes.map { change in
            switch change {
            case .removeRule(var rule):
                rule.uid = nil
                return .removeRule(rule)
            case .restoreRule(var rule):
                rule.uid = nil
                return .restoreRule(rule)
            default:
                return change
            }
        }
    }

    @Test func editingFromADayOnStartsANewRuleThere() throws {
        let (store, _) = try store()
        let ninth = day("2026-03-09")
        let occurrence = try store.meals(in: DayRange(ninth, ninth))[0]
        var oats = occurrence
        oats.title = "Oats"
        let made = try makeUndoRedo([.splitRule(at: occurrence, continuedAs: oats)], in: store)
        #expect(made.count == 3)
        #expect(try store.rule(id: 1).rule.end == .count(1))
        let new = try store.rule(id: 2)
        #expect(new.rule.firstDay == ninth && new.rule.end == .count(9) && new.meal.title == "Oats")
        // The exception and the changed occurrence from the day on belong to the new rule.
        #expect(new.exceptions == [day("2026-03-16"), day("2026-03-23")])
        #expect(try store.meals(in: DayRange(day("2026-03-23"), day("2026-03-23")))[0].occurrence
                == Occurrence(rule: 2, day: day("2026-03-23")))
        #expect(try mondays(store) == ["Porridge", "Oats", "-", "Pancakes"] + Array(repeating: "Oats", count: 6) + ["-", "-"])
    }

    @Test func aSingleMealMadeToRepeatIsOneChangeThatUndoesAndRedoes() throws {
        let (store, _) = try store()
        let soup = try #require(try store.meals(in: DayRange(monday, monday)).first { $0.title == "Soup" })
        var soupWithNote = soup
        soupWithNote.note = "with bread"
        let noted = try #require(try store.apply([.update(from: soup, to: soupWithNote, restoresPosition: false)])[0])
        let everyOtherDay = try RepeatRule(firstDay: monday, pattern: .days(interval: 2), end: .count(3))
        let made = try makeUndoRedo([.remove(noted), .addRule(RuleSnapshot(everyOtherDay, meal: noted))], in: store)
        // Made as the meal removed and the new rule put back under the id it got, without exceptions.
        guard made.count == 2, made[0] == .remove(noted), case .restoreRule(let snapshot) = made[1] else {
            Issue.record("made \(made)")
            return
        }
        #expect(snapshot == RuleSnapshot(everyOtherDay, meal: noted, id: 2, uid: snapshot.uid) && snapshot.uid != nil)
        let rule = try store.rule(id: 2)
        #expect(rule.rule == everyOtherDay && rule.exceptions.isEmpty)
        #expect(rule.meal == Meal(day: monday, slot: "lunch", title: "Soup", note: "with bread"))
        #expect(try store.meals(in: DayRange(start: monday, count: 6)).filter { $0.slot == "lunch" }.map(\.day)
                == [monday, monday.adding(days: 2), monday.adding(days: 4)])
        #expect(try store.meals(in: DayRange(monday, monday)).filter { $0.slot == "lunch" }.allSatisfy { $0.id == nil })
    }

    @Test func aMealChangedMeanwhileIsNotMadeToRepeat() throws {
        let (store, _) = try store()
        let soup = try #require(try store.meals(in: DayRange(monday, monday)).first { $0.title == "Soup" })
        var renamed = soup
        renamed.title = "Stew"
        try store.apply([.update(from: soup, to: renamed, restoresPosition: false)])
        let before = try everything(store)
        let daily = try RepeatRule(firstDay: monday, pattern: .days(interval: 1))
        #expect(throws: StoreError.changedMeanwhile("'Soup' was changed by another program meanwhile (its title is now 'Stew')")) {
            try store.make([.remove(soup), .addRule(RuleSnapshot(daily, meal: soup))])
        }
        #expect(try everything(store) == before)
    }
}
