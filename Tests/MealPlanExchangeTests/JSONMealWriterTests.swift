import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange
import TestSupport

@Suite("JSONMealWriter")
struct JSONMealWriterTests {
    private func text(_ meals: [Meal]) throws -> String {
        String(decoding: try written(meals, by: JSONMealWriter.init(fileDescriptor:)), as: UTF8.self)
    }

    @Test("an empty export is an empty array")
    func emptyExport() throws {
        #expect(try text([]) == "[]\n")
    }

    @Test("one object per meal, keys in order, what is missing as null (an occurrence's id and uid too), one object per line")
    func objects() throws {
        let meals = [
            Meal(id: 7, uid: ItemUID(text: "919108f7-52d1-4320-9bac-f847db4148a8"), day: day("2026-03-02"), slot: "dinner",
                 position: 0, title: "Pasta"),
            Meal(id: 12_345_678_901, day: day("0001-01-01"), slot: "lunch", position: 3, title: "拉麺 🍜", note: "très bon"),
            Meal(id: 8, day: day("2026-03-06"), slot: "dinner", position: 1, title: "Lasagne", recipe: "mains/Lasagne", servings: 6),
            Meal(id: 9, day: day("2026-03-07"), slot: "dinner", position: 0, title: "Soup", recipe: "Soup \"hot\"", servings: 2.5),
            Meal(id: 10, day: day("2026-03-08"), slot: "dinner", position: 0, title: "Bread", recipe: "Bread"),
            Meal(day: day("2026-03-09"), slot: "lunch", position: 2, title: "Porridge",
                 occurrence: Occurrence(rule: 4, day: day("2026-03-09"))),
        ]
        #expect(try text(meals) == """
            [{"id":7,"uid":"919108f7-52d1-4320-9bac-f847db4148a8","date":"2026-03-02","slot":"dinner","position":0,"title":"Pasta","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":12345678901,"uid":null,"date":"0001-01-01","slot":"lunch","position":3,"title":"拉麺 🍜","note":"très bon","recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":8,"uid":null,"date":"2026-03-06","slot":"dinner","position":1,"title":"Lasagne","note":null,"recipe":"mains/Lasagne","servings":6,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":9,"uid":null,"date":"2026-03-07","slot":"dinner","position":0,"title":"Soup","note":null,"recipe":"Soup \\"hot\\"","servings":2.5,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":10,"uid":null,"date":"2026-03-08","slot":"dinner","position":0,"title":"Bread","note":null,"recipe":"Bread","servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":null,"uid":null,"date":"2026-03-09","slot":"lunch","position":2,"title":"Porridge","note":null,"recipe":null,"servings":null,"repeat":4,"status":"planned","leftovers_of":null,"eaters":null}]

            """)
    }

    /// The schema refuses such rows now, but a writer must never trap on a number it is given.
    @Test("negative and extreme ids and positions are written as JSON numbers")
    func negativeNumbers() throws {
        let meals = [
            Meal(id: -4, day: day("2026-03-02"), slot: "lunch", position: -1, title: "A"),
            Meal(id: .min, day: day("2026-03-02"), slot: "lunch", position: 0, title: "B"),
            Meal(id: .max, day: day("2026-03-02"), slot: "lunch", position: 0, title: "C"),
        ]
        let lines = try text(meals).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix(#"[{"id":-4,"uid":null,"date":"2026-03-02","slot":"lunch","position":-1,"#))
        #expect(lines[1].hasPrefix(#"{"id":-9223372036854775808,"#))
        #expect(lines[2].hasPrefix(#"{"id":9223372036854775807,"#))
    }

    @Test("quotes, backslashes and control characters are escaped; emoji and other text stay UTF-8", arguments: [
        ("say \"hi\"", #"say \"hi\""#),
        (#"back\slash"#, #"back\\slash"#),
        ("a\nb\rc\td", #"a\nb\rc\td"#),
        ("\u{0}\u{1}\u{1B}\u{1F}", #"\u0000\u0001\u001b\u001f"#),
        ("del\u{7F}", #"del\u007f"#),
        ("c1 \u{80}\u{85}\u{9F}", #"c1 \u0080\u0085\u009f"#),
        ("\u{A0}é\u{2028}👩‍👩‍👧/", "\u{A0}é\u{2028}👩‍👩‍👧/"),
    ])
    func escaping(title: String, encoded: String) throws {
        let meal = Meal(id: 1, day: day("2026-03-02"), slot: "lunch", position: 0, title: title, note: title, recipe: title)
        #expect(try text([meal]) == """
            [{"id":1,"uid":null,"date":"2026-03-02","slot":"lunch","position":0,"title":"\(encoded)","note":"\(encoded)","recipe":"\(encoded)","servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}]

            """)
    }

    /// Foundation's parser is independent of the writer: agreeing with it shows the output is
    /// valid JSON that decodes to exactly the meals, whatever their text holds.
    @Test("output parsed by JSONSerialization equals the meals", arguments: [11, 12] as [UInt64])
    func parsedBack(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}", "\u{85}", "\\", "\""]
        let meals = (0..<3000).map { index in
            var meal = RandomMeals.meal(using: &generator)
            meal.id = Int64(index + 1)
            meal.title += controls.randomElement(using: &generator)!
            return meal
        }
        let parsed = try #require(
            JSONSerialization.jsonObject(with: Data(try written(meals, by: JSONMealWriter.init(fileDescriptor:)))) as? [[String: Any]])
        #expect(parsed.count == meals.count)
        for (object, meal) in zip(parsed, meals) {
            #expect(object["id"] as? Int64 == meal.id)
            #expect(object["date"] as? String == meal.day.iso)
            #expect(object["slot"] as? String == meal.slot)
            #expect(object["position"] as? Int == meal.position)
            #expect(object["title"] as? String == meal.title)
            #expect(object["note"] as? String == meal.note)
            #expect((object["note"] is NSNull) == (meal.note == nil))
            #expect(object["recipe"] as? String == meal.recipe)
            #expect((object["recipe"] is NSNull) == (meal.recipe == nil))
            #expect(object["servings"] as? Double == meal.servings)
            #expect((object["servings"] is NSNull) == (meal.servings == nil))
        }
    }

    @Test("output larger than the buffer, and one object larger than it, come out whole")
    func largeOutput() throws {
        var meals = (0..<3000).map { Meal(id: Int64($0), day: Day(number: $0)!, slot: "snack", position: 0, title: "Meal \($0)") }
        meals.insert(Meal(id: 9, day: day("2026-03-02"), slot: "lunch", position: 0, title: "Big",
                          note: String(repeating: "\u{1}\"", count: 40_000)), at: 1500)
        let output = try written(meals, by: JSONMealWriter.init(fileDescriptor:))
        #expect(output.count > 4 * 65_536)
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(output)) as? [[String: Any]])
        #expect(parsed.map { $0["title"] as? String } == meals.map(\.title))
        #expect(parsed[1500]["note"] as? String == meals[1500].note)
    }

    @Test("a write that fails reports the system's reason")
    func writeFailure() throws {
        #expect(try errorOnFullDevice(JSONMealWriter.init(fileDescriptor:)) as? OutputWriteError
            == OutputWriteError(format: "JSON", reason: "the disk is full"))
    }
}
