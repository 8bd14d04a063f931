import Foundation
import GRDB
import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// What happened to meals (`MealStatus`) and leftovers (`Meal.leftoversOf`): the upgrade of a
/// plan made before them, marking meals and occurrences, compare-and-set, how a cooked meal's
/// servings are shared, and a removed source's leftovers becoming plain meals until undone.
@Suite struct StatusAndLeftoversTests {
    @Test func aPlanOfTheSchemaBeforeKeepsEveryRowAndReadsAsPlanned() throws {
        let folder = TemporaryFolder()
        let (before, after, store) = try upgradedFixture("schema-13.sql", in: folder)
        let old = try DatabaseQueue(path: before)
        defer { try? old.close() }
        #expect(try old.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 13)
        let new = try DatabaseQueue(path: after)
        defer { try? new.close() }
        for table in ["meal", "rule", "ruleException", "template", "templateMeal", "slot", "syncItem"] {
            let sql = keptRowsSQL(table)
            #expect(try new.read { try Row.fetchAll($0, sql: sql) } == old.read { try Row.fetchAll($0, sql: sql) }, "\(table)")
        }
        // The stored meals; the rule's occurrences never end.
        let meals = try store.meals(in: DayRange(day("2026-03-01"), day("2026-03-31"))).filter { $0.id != nil }
        #expect(meals.map(\.title) == ["Soup", "Lasagna", "Leftover lasagna", "Pizza bianca"])
        #expect(meals.allSatisfy { $0.status == .planned && $0.leftoversOf == nil && $0.eaters == nil })
    }

    @Test func mealsAndOccurrencesAreMarkedAndAStaleCopyIsRefused() throws {
        let store = try MealStore.inMemory()
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let rule = try store.addRule(try RepeatRule(firstDay: day("2026-03-06"), pattern: .days(interval: 7)),
                                     meal: Meal(day: day("2026-03-06"), slot: "dinner", title: "Pizza"))
        let marked = try store.mark([.meal(soup.id!), .occurrence(rule: rule.id, day: day("2026-03-13"))], as: .done)
        #expect(marked.map(\.status) == [.done, .done])
        #expect(marked[1].occurrence == Occurrence(rule: rule.id, day: day("2026-03-13")))
        #expect(try store.rule(id: rule.id).exceptions == [day("2026-03-13")])
        #expect(try store.meals(in: DayRange(day("2026-03-13"), day("2026-03-13"))).map(\.status) == [.done])
        // An occurrence not on the rule's days is refused and nothing is marked.
        #expect(throws: StoreError.self) {
            try store.mark([.meal(soup.id!), .occurrence(rule: rule.id, day: day("2026-03-14"))], as: .skipped)
        }
        #expect(try store.meal(id: soup.id!)?.status == .done)
        // A change from a copy read before the mark would undo it: refused, naming why.
        var edited = soup
        edited.title = "Stew"
        #expect {
            try store.apply([.update(from: soup, to: edited, restoresPosition: false)])
        } throws: { ($0 as? StoreError)?.message.contains("it is now done") == true }
    }

    /// Six servings cooked, two eat at the meal: two leftover meals of two use them up; a third
    /// is more than was cooked; one eaten the day before is before its source.
    @Test func aCookedMealsServingsAreSharedAndOverPlanningIsFound() throws {
        let store = try MealStore.inMemory()
        let order = try store.slotOrder()
        let lasagna = try store.apply([.add(Meal(day: day("2026-11-23"), slot: "dinner", title: "Lasagna",
                                                  recipe: "lasagna", servings: 6))])[0]!
        func leftovers(on iso: String, _ slot: String, _ servings: Double) throws -> Meal {
            try store.apply([.add(Meal(day: day(iso), slot: slot, title: "Lasagna", recipe: "lasagna",
                                       servings: servings, leftoversOf: lasagna.id))])[0]!
        }
        let tuesday = try leftovers(on: "2026-11-24", "lunch", 2)
        _ = try leftovers(on: "2026-11-25", "lunch", 2)
        var share = try store.leftoverShare(of: tuesday.id!, household: 2)
        #expect(share.source.id == lasagna.id)
        // Six cooked, two eat at the meal, two and two later: nothing left, nothing over.
        #expect(share.planned == 4)
        #expect(share.notPlanned == 0)
        #expect(share.problems(slotOrder: order).isEmpty)

        let third = try leftovers(on: "2026-11-26", "lunch", 2)
        share = try store.leftoverShare(of: lasagna.id!, household: 2)
        #expect(share.problems(slotOrder: order) == [.moreThanCooked(planned: 6, available: 4)])
        // Three eat at the meal by its own count: even less is left.
        #expect(try store.leftoverShare(of: lasagna.id!, household: 3).notPlanned == -3)

        try store.removeMeals(ids: [third.id!])
        let early = try leftovers(on: "2026-11-23", "lunch", 1)
        share = try store.leftoverShare(of: lasagna.id!, household: 2)
        // 2 + 2 + 1 planned of the 6 - 2 left after the meal.
        let expected: [LeftoverProblem] = [.moreThanCooked(planned: 5, available: 4), .before(early)]
        #expect(share.problems(slotOrder: order) == expected)

        // Leftovers of leftovers come from the meal that was cooked.
        let again = try store.apply([.add(Meal(day: day("2026-11-27"), slot: "lunch", title: "Lasagna",
                                                leftoversOf: tuesday.id))])[0]!
        #expect(again.leftoversOf == lasagna.id)
        #expect(throws: StoreError.self) {
            try store.apply([.add(Meal(day: day("2026-11-27"), slot: "lunch", title: "Lasagna", leftoversOf: 999))])
        }
        // A skipped source cooked nothing: its leftovers are a problem.
        try store.mark([.meal(lasagna.id!)], as: .skipped)
        #expect(try store.leftoverShare(of: lasagna.id!, household: 2).problems(slotOrder: order).first == .sourceSkipped)
    }

    /// A meal id that names nothing is refused saying what it was named for, whichever way
    /// the leftovers are asked for, and nothing is stored.
    @Test func aMissingMealIsNamedWithWhatItWasFor() throws {
        let store = try MealStore.inMemory()
        let tuesday = day("2026-03-03")
        let missing = StoreError(.input, "there is no meal 99 to plan leftovers of")
        #expect(throws: missing) {
            try store.addLeftovers(of: 99, day: tuesday, slot: "lunch", title: nil, note: nil, portions: nil, household: nil)
        }
        #expect(throws: missing) { try store.apply([.add(Meal(day: tuesday, slot: "lunch", title: "Stew", leftoversOf: 99))]) }
        #expect(throws: StoreError(.input, "there is no meal 99 to share out")) { try store.leftoverShare(of: 99, household: 2) }
        #expect(throws: StoreError(.input, "there is no meal 99 to mark done")) { try store.mark([.meal(99)], as: .done) }
        #expect(try store.mealCount() == 0)
    }

    @Test func removingASourceLeavesPlainMealsAndUndoLinksThemBack() throws {
        let store = try MealStore.inMemory()
        let chili = try store.apply([.add(Meal(day: day("2026-11-23"), slot: "dinner", title: "Chili",
                                                recipe: "chili", servings: 4, eaters: 2))])[0]!
        let lunch = try store.apply([.add(Meal(day: day("2026-11-24"), slot: "lunch", title: "Chili",
                                                recipe: "chili", servings: 2, leftoversOf: chili.id))])[0]!
        let removal = try store.make([.remove(chili)])
        #expect(try store.meal(id: lunch.id!)?.leftoversOf == nil)
        try store.make(removal.reversed().map(\.inverse))
        #expect(try store.meal(id: lunch.id!)?.leftoversOf == chili.id)
        #expect(try store.meal(id: chili.id!) == chili)

        // Whoever removes the source (the command line, the sqlite3 shell), SQLite unlinks.
        try store.removeMeals(ids: [chili.id!])
        #expect(try store.meal(id: lunch.id!)?.leftoversOf == nil)
        #expect(try store.meal(id: lunch.id!)?.title == "Chili")
    }

    @Test func theFreezerListsCookedMealsWithPortionsNotPlannedOldestFirst() throws {
        let store = try MealStore.inMemory()
        func add(_ meal: Meal) throws -> Meal { try store.apply([.add(meal)])[0]! }
        let lasagna = try add(Meal(day: day("2026-11-23"), slot: "dinner", title: "Lasagna", recipe: "lasagna", servings: 6))
        let dal = try add(Meal(day: day("2026-11-20"), slot: "dinner", title: "Dal", recipe: "dal", servings: 4, eaters: 4))
        let curry = try add(Meal(day: day("2026-11-21"), slot: "dinner", title: "Curry", recipe: "curry", servings: 5))
        _ = try add(Meal(day: day("2026-11-22"), slot: "dinner", title: "Soup", recipe: "soup", servings: 8, status: .skipped))
        let range = DayRange(day("2026-11-01"), day("2026-11-30"))
        var freezer = try store.unplannedLeftovers(in: range, household: 2)
        #expect(freezer.map(\.source.id) == [curry.id, lasagna.id])
        #expect(freezer.map(\.notPlanned) == [3, 4])  // 5 - 2 and 6 - 2
        _ = dal
        _ = try add(Meal(day: day("2026-11-24"), slot: "lunch", title: "Lasagna", recipe: "lasagna", servings: 4, leftoversOf: lasagna.id))
        freezer = try store.unplannedLeftovers(in: range, household: 2)
        #expect(freezer.map(\.source.id) == [curry.id])
        // Without a household size only meals that say how many eat at them are known.
        #expect(try store.unplannedLeftovers(in: range, household: nil).isEmpty)
    }
}
