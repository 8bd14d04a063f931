import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import MealPlanExchange

/// Events read back into meals: what the export writes gives the same meals, and events
/// another calendar made (a phone's "Dinner: Tacos") land in the slot a person would expect.
@Suite struct CalendarMealTests {
    static let slots = ["breakfast", "lunch", "dinner", "late night"]

    static func events(_ text: String) throws -> [ICalendarComponent] {
        try #require(try ICalendarReader.read(Array(text.utf8)).first).components("VEVENT")
    }

    static func meal(_ event: String, defaultSlot: String = "dinner") throws -> CalendarMeal {
        let events = try events("BEGIN:VCALENDAR\nBEGIN:VEVENT\n\(event)\nEND:VEVENT\nEND:VCALENDAR\n")
        return try CalendarMeal(event: try #require(events.first), slots: slots, defaultSlot: defaultSlot)
    }

    /// Random meals and repeats through the export's writer and back: every field the meal
    /// has comes back, the UID as the writer wrote it, a repeat's RRULE and skipped days too.
    @Test func whatTheExportWritesReadsBackWhole() throws {
        var generator = SeededGenerator(seed: 4791)
        let titles = ["Soup", "Crème brûlée; with a spoon", "拉麺", "a\\b, c", "Lasagna\nsecond line", "Dinner: not a prefix"]
        var meals: [Meal] = []
        for id in 1...200 {
            var meal = Meal(id: Int64(id), uid: ItemUID(randomBits: generator.next(), generator.next()),
                            day: Day(number: Int.random(in: Day.validNumbers, using: &generator))!,
                            slot: Self.slots.randomElement(using: &generator)!, position: Int.random(in: 0...5, using: &generator),
                            title: titles.randomElement(using: &generator)!)
            if Bool.random(using: &generator) { meal.note = titles.randomElement(using: &generator)! + " note" }
            if Bool.random(using: &generator) {
                meal.recipe = ["chicken curry", "bread/sourdough", "a, b; c"].randomElement(using: &generator)!
                if Bool.random(using: &generator) { meal.servings = [1, 2.5, 0.25, 12].randomElement(using: &generator)! }
            }
            meal.status = MealStatus.allCases.randomElement(using: &generator)!
            if Bool.random(using: &generator) { meal.eaters = [1, 2, 3.5].randomElement(using: &generator)! }
            meals.append(meal)
        }
        let repeating = [
            ICalendarMealWriter.RepeatingMeal(
                id: 3, uid: ItemUID(randomBits: 1, 2), meal: Meal(day: day("2026-11-23"), slot: "late night", title: "Toast", recipe: "toast"),
                rrule: "FREQ=WEEKLY;BYDAY=MO,TH", skipped: [day("2026-11-26"), day("2026-12-03")]),
        ]
        for slotTimes in [[:], ["dinner": TimeOfDay("19:00")!, "late night": TimeOfDay("23:30")!]] {
            let settings = ICalendarMealWriter.Settings(stamp: UTCTimestamp(secondsSince1970: 0), slotTimes: slotTimes, repeating: repeating)
            let bytes = try written(meals, by: { ICalendarMealWriter(fileDescriptor: $0, settings: settings) })
            let events = try #require(try ICalendarReader.read(bytes).first).components("VEVENT")
            try #require(events.count == meals.count + repeating.count)
            for (meal, event) in zip(meals, events) {
                let read = try CalendarMeal(event: event, slots: Self.slots, defaultSlot: "lunch")
                #expect(read.uid == CalendarUID.text(of: meal))
                var expected = meal
                expected.id = nil
                expected.uid = nil
                #expect(read.meal == expected)
                #expect(read.rrule == nil && read.skipped.isEmpty && read.replacing == nil)
            }
            let rule = try CalendarMeal(event: try #require(events.last), slots: Self.slots, defaultSlot: "lunch")
            #expect(rule.meal == repeating[0].meal)
            #expect(rule.rrule == "FREQ=WEEKLY;BYDAY=MO,TH")
            #expect(rule.skipped == repeating[0].skipped)
        }
    }

    /// Events typed on a phone or in another calendar: the slot from the first place that has
    /// one, the title without its slot's name, the day from a date or a date-time.
    @Test(arguments: [
        ("SUMMARY:Dinner: Tacos\nDTSTART;VALUE=DATE:20261127", "dinner", "Tacos", "2026-11-27"),
        ("SUMMARY:lunch:Soup\nDTSTART:20261127T123000", "lunch", "Soup", "2026-11-27"),
        ("SUMMARY:Tacos\nCATEGORIES:Family,Breakfast\nDTSTART:20261127T080000Z", "breakfast", "Tacos", "2026-11-27"),
        ("SUMMARY:Breakfast: Eggs\nCATEGORIES:Lunch", "lunch", "Breakfast: Eggs", "2026-11-27"),
        ("SUMMARY:Late night: Toast", "late night", "Toast", "2026-11-27"),
        ("SUMMARY:Tacos\nX-MEALPLAN-SLOT:LUNCH\nCATEGORIES:Dinner", "lunch", "Tacos", "2026-11-27"),
        ("SUMMARY:Tacos\nX-MEALPLAN-SLOT:brunch", "brunch", "Tacos", "2026-11-27"),
        ("SUMMARY:Party: cake", "dinner", "Party: cake", "2026-11-27"),
        ("SUMMARY:Dinner:", "dinner", "Dinner:", "2026-11-27"),
        ("SUMMARY:  Pizza  \nDTSTART;TZID=Europe/Paris:20261128T190000", "dinner", "Pizza", "2026-11-28"),
    ])
    func foreignEventsLandInTheExpectedSlot(properties: String, slot: String, title: String, date: String) throws {
        let dated = properties.contains("DTSTART") ? properties : properties + "\nDTSTART;VALUE=DATE:20261127"
        let read = try Self.meal("UID:x\n" + dated)
        #expect(read.meal.slot == slot)
        #expect(read.meal.title == title)
        #expect(read.meal.day == day(date))
    }

    @Test func aMovedOccurrenceAndSeveralExdatesAreRead() throws {
        let read = try Self.meal("""
            UID:rule-1
            DTSTART;VALUE=DATE:20261201
            RECURRENCE-ID;VALUE=DATE:20261130
            EXDATE;VALUE=DATE:20261207,20261214
            EXDATE:20261221T190000
            SUMMARY:Dinner: Stew
            """)
        #expect(read.replacing == day("2026-11-30"))
        #expect(read.skipped == [day("2026-12-07"), day("2026-12-14"), day("2026-12-21")])
    }

    /// An event another program cancelled is a skipped meal; mealplan's own properties say a
    /// done one, the source of leftovers (by its event's UID) and how many ate.
    @Test func statusLeftoversAndEatersAreRead() throws {
        let cancelled = try Self.meal("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nSTATUS:Cancelled")
        #expect(cancelled.meal.status == .skipped && cancelled.leftoversOf == nil && cancelled.meal.eaters == nil)
        #expect(try Self.meal("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nSTATUS:CONFIRMED").meal.status == .planned)
        let leftovers = try Self.meal("""
            UID:x
            DTSTART:20261127
            SUMMARY:Lunch: Lasagna
            X-MEALPLAN-STATUS:done
            X-MEALPLAN-LEFTOVERS-OF:0f8fad5b-d9cb-469f-a165-70867728950e
            X-MEALPLAN-EATERS:2.5
            """)
        #expect(leftovers.meal.status == .done && leftovers.meal.eaters == 2.5)
        #expect(leftovers.leftoversOf == "0f8fad5b-d9cb-469f-a165-70867728950e")
    }

    /// What mealplan cannot read in an event is one line naming the line of the file.
    @Test(arguments: [
        ("DTSTART;VALUE=DATE:20261127\nSUMMARY:Soup", 2, "the event has no UID"),
        ("UID:x\nSUMMARY:Soup", 2, "the event has no DTSTART"),
        ("UID:x\nDTSTART:2026-11-27\nSUMMARY:Soup", 4, "DTSTART '2026-11-27' is not a date"),
        ("UID:x\nDTSTART:20261127\n", 2, "the event has no title (SUMMARY)"),
        ("UID:x\nDTSTART:20261127\nSUMMARY: \n", 5, "the event has no title (SUMMARY)"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-SERVINGS:lots", 6, "X-MEALPLAN-SERVINGS 'lots' is not a number from 0.01 to 10000"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-SERVINGS:inf", 6, "X-MEALPLAN-SERVINGS 'inf' is not a number from 0.01 to 10000"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-POSITION:-1", 6, "X-MEALPLAN-POSITION '-1' is not a place in a slot (0 to 2147483647)"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nEXDATE:20261128,tomorrow", 6, "EXDATE 'tomorrow' is not a date"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-STATUS:eaten", 6, "X-MEALPLAN-STATUS 'eaten' is not planned, done or skipped"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-SERVINGS:10000.5", 6, "X-MEALPLAN-SERVINGS '10000.5' is not a number from 0.01 to 10000"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-EATERS:0", 6, "X-MEALPLAN-EATERS '0' is not a number from 0.01 to 10000"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-EATERS:20000", 6, "X-MEALPLAN-EATERS '20000' is not a number from 0.01 to 10000"),
        ("UID:x\nDTSTART:20261127\nSUMMARY:Soup\nX-MEALPLAN-EATERS:0.001", 6, "X-MEALPLAN-EATERS '0.001' is not a number from 0.01 to 10000"),
    ])
    func unreadableEventsNameTheLine(properties: String, line: Int, message: String) {
        #expect(throws: ICalendarError(line: line, message: message)) { try Self.meal(properties) }
    }
}
