import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import MealPlanExchange

/// Every version of an item's file that mealplan writes (`ICalendarItemFile`) differs from every
/// earlier version of that item in what vdirsyncer hashes, however the meal was changed back and
/// whatever other programs did to the file in between; and the calendar built in memory is the
/// one the export writes.
@Suite struct ICalendarRevisionTests {
    /// vdirsyncer's own hash of each of `files` (`vdirsyncer.vobject.hash_item`), which leaves
    /// out `DTSTAMP`, `LAST-MODIFIED`, `PRODID`, `CREATED` and `UID` and sorts the lines.
    static func vdirsyncerHashes(_ files: [String]) throws -> [String] {
        let script = """
            import json, sys
            from vdirsyncer.vobject import hash_item
            print(json.dumps([hash_item(text) for text in json.load(open(sys.argv[1]))]))
            """
        let output = try ExternalTool.runPython(script, input: try JSONSerialization.data(withJSONObject: files))
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String])
    }

    /// A phone's edit of `file`: a new title, written anew as some clients write an edited
    /// event, with `SEQUENCE` of its own (none, 0, or one more) and mealplan's revision kept or
    /// dropped.
    static func phoneEdit(of file: ICalendarComponent, title: String, random: inout SeededGenerator) -> ICalendarComponent {
        var edited = file
        let sequence = Int.random(in: 0..<3, using: &random)
        let keepsRevision = Bool.random(using: &random)
        edited.components = file.components.map { event in
            guard event.name == "VEVENT" else { return event }
            var event = event
            event.properties.removeAll { ["SEQUENCE", "SUMMARY"].contains($0.name) || (!keepsRevision && $0.name == ICalendarComponent.revisionProperty) }
            event.properties.append(ICalendarProperty(name: "SUMMARY", value: "Dinner: " + title))
            if sequence == 1 { event.properties.append(ICalendarProperty(name: "SEQUENCE", value: "0")) }
            if sequence == 2 {
                let old = file.components("VEVENT").first?.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
                event.properties.append(ICalendarProperty(name: "SEQUENCE", value: String(old + 1)))
            }
            return event
        }
        return edited
    }

    /// A seeded history of one meal: changed and changed back (title, note, servings, day,
    /// status), edited on a phone now and then, removed and made again; every file mealplan
    /// writes hashes, as vdirsyncer hashes, unlike every file before it. Without the revision
    /// the same history repeats hashes, so the test can fail.
    @Test(.requires(.vdirsyncer), arguments: [1, 2, 3] as [UInt64])
    func everyVersionDiffersFromEveryEarlierOneInWhatVdirsyncerHashes(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let base = Meal(uid: ItemUID(randomBits: seed, 9), day: day("2026-03-06"), slot: "dinner", title: "Soup")
        var meal = base
        var file: ICalendarComponent?
        var files: [String] = [], ours: [Bool] = []
        for step in 0..<160 {
            let stamp = UTCTimestamp(secondsSince1970: 1_780_000_000 + Int64(step) * 600)
            switch Int.random(in: 0..<12, using: &random) {
            case 0 where file != nil:
                // Edited on a phone, which the plan then receives.
                let title = ["Soup", "Curry", "Tacos"].randomElement(using: &random)!
                file = Self.phoneEdit(of: file!, title: title, random: &random)
                meal.title = title
                files.append(file!.text)
                ours.append(false)
                continue
            case 1:
                // Removed, and made again later (an undo): a new file.
                file = nil
            case 2...4: meal.title = ["Soup", "Curry"].randomElement(using: &random)!
            case 5...6: meal.note = [nil, "leek"].randomElement(using: &random)!
            case 7...8: meal.servings = [nil, 2, 4].randomElement(using: &random)!
            case 9: meal.day = [day("2026-03-06"), day("2026-03-07")].randomElement(using: &random)!
            default: meal.status = [.planned, .done].randomElement(using: &random)!
            }
            let built = ICalendarMealWriter.calendar(of: [meal], settings: .init(stamp: stamp))
            let text = ICalendarItemFile.text(of: built, over: file)
            let read: ICalendarComponent = try #require(try ICalendarReader.read(Array(text.utf8)).first)
            file = read
            files.append(text)
            ours.append(true)
        }
        let hashes = try Self.vdirsyncerHashes(files)
        for (index, hash) in hashes.enumerated() where ours[index] {
            #expect(!hashes[..<index].contains(hash), "version \(index) hashes like an earlier one:\n\(files[index])")
        }
        let withoutRevision = try Self.vdirsyncerHashes(files.map { text in
            text.split(separator: "\r\n").filter { !$0.hasPrefix(ICalendarComponent.revisionProperty) }.joined(separator: "\r\n")
        })
        #expect(Set(withoutRevision).count < withoutRevision.count, "the history changes meals back")
    }

    /// The revision follows from the file it replaces: the same change over the same file gives
    /// the same file whenever it is written (two plans making one change over the file both
    /// fetched send the same thing), another change or another file another revision.
    @Test func theRevisionIsTheFileItReplaces() throws {
        let soup = Meal(uid: ItemUID(randomBits: 4, 4), day: day("2026-03-06"), slot: "dinner", title: "Soup")
        var curry = soup
        curry.title = "Curry"
        func file(_ meal: Meal, at seconds: Int64, over old: ICalendarComponent?) throws -> ICalendarComponent {
            let text = ICalendarItemFile.text(of: ICalendarMealWriter.calendar(of: [meal], settings: .init(stamp: UTCTimestamp(secondsSince1970: seconds))), over: old)
            return try #require(try ICalendarReader.read(Array(text.utf8)).first)
        }
        func revision(_ file: ICalendarComponent) -> String? {
            file.components("VEVENT").first?.property(ICalendarComponent.revisionProperty)?.value
        }
        let first = try file(soup, at: 1000, over: nil)
        let here = try file(curry, at: 2000, over: first), there = try file(curry, at: 3000, over: first)
        #expect(revision(here) == revision(there))
        #expect(revision(here)?.count == 32)
        #expect(revision(here) != revision(first))
        #expect(try revision(file(soup, at: 2000, over: first)) == revision(here), "the revision names the file before")
        #expect(try revision(file(soup, at: 4000, over: here)) != revision(here))
        #expect(try revision(file(soup, at: 1001, over: nil)) != revision(first), "a new file: its time of writing")
    }

    /// The calendar built in memory for a sync is, written out, the bytes the export writes for
    /// the same meals and repeats: one encoding of an event, two places it goes.
    @Test func theCalendarBuiltInMemoryIsTheExportsText() throws {
        let note = String(repeating: "Crème brûlée 🍮, ", count: 12) + "a; b\\c\nd"
        let meals = [
            Meal(uid: ItemUID(randomBits: 1, 1), day: day("2026-03-06"), slot: "dinner", title: "Tacos", note: note, recipe: "tacos", servings: 3),
            Meal(uid: ItemUID(randomBits: 1, 2), day: day("9999-12-31"), slot: "lunch", title: "Last", status: .done, eaters: 2),
            Meal(uid: ItemUID(randomBits: 1, 3), day: day("2026-03-07"), slot: "breakfast", title: "Eggs", status: .skipped),
        ]
        let rule = ICalendarMealWriter.RepeatingMeal(
            id: 1, uid: ItemUID(randomBits: 2, 2), meal: Meal(day: day("2026-03-06"), slot: "dinner", title: "Pizza"),
            rrule: "FREQ=WEEKLY;UNTIL=20261231", skipped: [day("2026-03-13")],
            overrides: [.init(replacing: day("2026-03-20"), meal: Meal(day: day("2026-03-21"), slot: "dinner", title: "Pizza bianca"))])
        for slotTimes in [[:], ["dinner": TimeOfDay("19:00")!, "lunch": TimeOfDay("23:30")!]] {
            let settings = ICalendarMealWriter.Settings(stamp: UTCTimestamp(secondsSince1970: 86_400), slotTimes: slotTimes, repeating: [rule])
            let exported = String(decoding: try written(meals, by: { ICalendarMealWriter(fileDescriptor: $0, settings: settings) }), as: UTF8.self)
            #expect(ICalendarMealWriter.calendar(of: meals, settings: settings).text == exported)
        }
    }
}
