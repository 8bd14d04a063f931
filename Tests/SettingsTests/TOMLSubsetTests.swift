import Foundation
import MealPlanCore
import Settings
import Testing
import TestSupport

@Suite struct TOMLSubsetTests {
    static let document = #"""
        # mealplan's settings
        recipes = "~/recipes"   # where the .cook files are
        count = 1_000
        ratio = 0.5
        enabled = true

        [slot-times]
        breakfast = "08:00"
        "late snack" = '21:30'

        [pantry.fridge]
        milk = { quantity = "1%l", expire = "10.05.2026" }
        tags = ["a", "b\tc", "\u00e9"]
        """#

    @Test func valuesTablesAndLinesAreRead() throws {
        let toml = try TOMLSubset(Self.document)
        #expect(toml.entries.map { "\($0.line) \($0.table)|\($0.key)" } == [
            "2 |recipes", "3 |count", "4 |ratio", "5 |enabled",
            "8 slot-times|breakfast", "9 slot-times|late snack",
            "12 pantry.fridge|milk", "13 pantry.fridge|tags",
        ])
        #expect(toml.entries[0].value == .string("~/recipes"))
        #expect(toml.entries[1].value == .integer(1000))
        #expect(toml.entries[2].value == .float(0.5))
        #expect(toml.entries[3].value == .boolean(true))
        #expect(toml.entries[5].value == .string("21:30"))
        #expect(toml.entries[6].value == .table([
            .init(table: "milk", key: "quantity", value: .string("1%l"), line: 12),
            .init(table: "milk", key: "expire", value: .string("10.05.2026"), line: 12),
        ]))
        #expect(toml.entries[7].value == .array([.string("a"), .string("b\tc"), .string("é")]))
    }

    /// Python's tomllib (an independent reader) finds every value where we do.
    @Test(.requires(.python3)) func pythonsTomllibReadsTheSame() throws {
        let folder = TemporaryFolder()
        let path = folder.file("settings.toml")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let theirs = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        /// Whether tomllib's value (as JSON gave it) is `ours`.
        func same(_ theirs: Any, _ ours: TOMLSubset.Value) -> Bool {
            switch ours {
            case .string(let text): return theirs as? String == text
            case .integer(let number): return (theirs as? NSNumber)?.intValue == number
            case .float(let number): return (theirs as? NSNumber)?.doubleValue == number
            case .boolean(let flag): return (theirs as? Bool) == flag
            case .array(let items):
                guard let array = theirs as? [Any], array.count == items.count else { return false }
                return zip(array, items).allSatisfy { same($0, $1) }
            case .table(let entries):
                guard let table = theirs as? [String: Any], table.count == entries.count else { return false }
                return entries.allSatisfy { entry in table[entry.key].map { same($0, entry.value) } ?? false }
            }
        }
        for entry in try TOMLSubset(Self.document).entries {
            var table: Any? = theirs
            for part in entry.table.split(separator: ".") { table = (table as? [String: Any])?[String(part)] }
            let value = try #require((table as? [String: Any])?[entry.key], "\(entry.table) \(entry.key)")
            #expect(same(value, entry.value), "\(entry.key): \(value) vs \(entry.value)")
        }
    }

    @Test(arguments: [
        ("recipes = ~/recipes", "line 1: key 'recipes': '~/recipes' is not a value (text needs quotes)"),
        ("recipes =", "line 1: key 'recipes' has no value"),
        ("[slot-times\nx = 1", "line 1: a table header is written [name]"),
        ("a = \"open", "line 1: key 'a': the text is not closed by \" on this line"),
        ("a = [1, 2", "line 1: key 'a': the array is not closed by ']' on this line"),
        ("a = 1 b", "line 1: unexpected 'b' at the end of the line"),
        ("\n\na = 1\na = 2", "line 4: key 'a' is given twice (keys are read in any case)"),
        ("a = \"\\q\"", "line 1: key 'a': unknown escape \\q"),
        ("= 3", "line 1: a key is expected before '='"),
    ])
    func mistakesNameTheLineAndKey(text: String, message: String) {
        #expect(throws: (any Error).self) { try TOMLSubset(text) }
        do {
            _ = try TOMLSubset(text)
        } catch {
            #expect(error.description == message)
        }
    }
}
