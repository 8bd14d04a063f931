import MealPlanCore
import Testing
@testable import MealPlanExchange

/// The UIDs exports write, and what a UID read back names: today's and those of exports made
/// before items had UIDs.
@Suite struct CalendarUIDTests {
    let uid = ItemUID(text: "919108f7-52d1-4320-9bac-f847db4148a8")!

    @Test func anItemsEventUIDIsItsUUID() {
        #expect(CalendarUID.text(uid) == "919108f7-52d1-4320-9bac-f847db4148a8")
        #expect(CalendarUID.reference(CalendarUID.text(uid)) == .item(uid))
        #expect(CalendarUID.reference("919108F7-52D1-4320-9BAC-F847DB4148A8") == .item(uid))
    }

    @Test func earlierExportsNameRowsByID() {
        #expect(CalendarUID.reference("meal-1@mealplan") == .mealID(1))
        #expect(CalendarUID.reference("meal-9223372036854775807@mealplan") == .mealID(.max))
        #expect(CalendarUID.reference("repeat-12@mealplan") == .ruleID(12))
    }

    /// What the writer wrote before: the legacy form of a meal or rule read back is that row.
    @Test func theLegacyFormsAreWhatTheWriterWritesWithoutAUID() {
        let meal = Meal(id: 42, day: Day(number: 0)!, slot: "dinner", title: "Soup")
        #expect(CalendarUID.text(of: meal) == "meal-42@mealplan")
        #expect(CalendarUID.reference(CalendarUID.text(of: meal)) == .mealID(42))
        let rule = ICalendarMealWriter.RepeatingMeal(id: 7, uid: nil, meal: meal, rrule: "FREQ=DAILY", skipped: [])
        #expect(CalendarUID.reference(CalendarUID.text(of: rule)) == .ruleID(7))
        var stored = meal
        stored.uid = uid
        #expect(CalendarUID.text(of: stored) == uid.text)
    }

    @Test(arguments: [
        "", "meal-@mealplan", "meal-0@mealplan", "meal-01@mealplan", "meal--1@mealplan", "meal-1", "meal-1@mealplan.org",
        "meal-9223372036854775808@mealplan", "repeat-x@mealplan", "template-1@mealplan", "919108f7-52d1-4320-9bac-f847db4148a8@mealplan",
        "MEAL-1@mealplan", "meal-1@MEALPLAN", "meal-١@mealplan",
    ])
    func otherUIDsNameNothing(text: String) {
        #expect(CalendarUID.reference(text) == nil)
    }
}
