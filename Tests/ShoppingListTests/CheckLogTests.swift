import Foundation
import MealPlanCore
import Settings
import Testing
import TestSupport
@testable import ShoppingList

/// `.shopping-checked` as mealplan reads and writes it, and ticks applied to a list.
@Suite struct CheckLogTests {
    /// Logs mealplan reads, with the entries in them as "+name" / "-name" (and "=amounts"
    /// for an amount bought).
    static let readable: [(text: String, entries: [String])] = [
        ("", []),
        ("+ milk\n", ["+milk"]),
        ("+ milk\n- milk\n+ Olive Oil\n", ["+milk", "-milk", "+Olive Oil"]),
        // Blank lines, spaces around the line and the name, CR LF endings, no last newline.
        ("\n  \n+  two spaces \r\n\t- eggs", ["+two spaces", "-eggs"]),
        // Comments are not entries; the amount line belongs to the entry before it.
        ("# list of the 5th\n+ olive oil\n# mealplan bought: 4 tbsp + 100 g\n", ["+olive oil=4 tbsp|100 g"]),
        ("+ salt\n# mealplan bought: a pinch\n", ["+salt=a pinch"]),
        ("+ eggs\n# mealplan bought: 3\n+ eggs\n", ["+eggs=3", "+eggs"]),
        // A name may hold what looks like a mark or an amount: everything after "+ " is it.
        ("+ - minus\n+ milk 2 l\n", ["+- minus", "+milk 2 l"]),
        // Lines beyond ASCII: Unicode's white space trimmed too, the line feed still ends them.
        ("\u{00A0}+ café crème\u{3000}\r\n- \u{2003}Œufs\n+ a\u{2028}b\n", ["+café crème", "-Œufs", "+a\u{2028}b"]),
    ]

    /// Logs mealplan refuses, with the line named.
    static let broken: [(text: String, line: Int, message: String)] = [
        ("+milk\n", 1, "not a '+ name' or '- name' entry"),
        ("+ milk\nmilk\n", 2, "not a '+ name' or '- name' entry"),
        ("+\tmilk\n", 1, "not a '+ name' or '- name' entry"),
        ("\n\n+ \n", 3, "an entry without a name"),
        ("# mealplan bought: 2 l\n", 1, "an amount bought that follows no '+ name' entry"),
        ("- milk\n# mealplan bought: 2 l\n", 2, "an amount bought that follows no '+ name' entry"),
        ("+ milk\n# mealplan bought: 2 l\n# mealplan bought: 2 l\n", 3, "an amount bought that follows no '+ name' entry"),
        ("+ milk\n# mealplan bought: 2 l +  + 1\n", 2, "an amount bought that is not one"),
        ("+ milk\n# mealplan bought: inf l\n", 2, "an amount bought that is not one"),
        // The space after the mark takes the accent that follows it: it is no longer a space.
        ("+ milk\n+ \u{301}x\n", 2, "not a '+ name' or '- name' entry"),
    ]

    static func described(_ log: CheckLog) -> [String] {
        log.entries.map { entry in
            let bought = entry.bought.map { "=" + $0.map(CheckLog.amountText).joined(separator: "|") } ?? ""
            return (entry.checked ? "+" : "-") + entry.name + bought
        }
    }

    @Test func readableLogs() throws {
        for (text, entries) in Self.readable {
            #expect(Self.described(try CheckLog.parse(text)) == entries, "\(text.debugDescription)")
        }
    }

    @Test func brokenLinesAreNamed() {
        for (text, line, message) in Self.broken {
            #expect(throws: ConfigError(line: line, message), "\(text.debugDescription)") { try CheckLog.parse(text) }
        }
    }

    @Test func theLastEntryWinsInAnyCase() throws {
        let log = try CheckLog.parse("+ Milk\n+ eggs\n- MILK\n+ bread\n- Bread\n+ BREAD\n")
        #expect(log.ticks.filter(\.value.checked).keys.sorted() == ["bread", "eggs"])
        #expect(log.isChecked("bReAd") && !log.isChecked("milk") && !log.isChecked("flour"))
    }

    @Test func whatIsWrittenReadsBack() throws {
        let entries = [
            CheckLog.Entry(name: "olive oil", checked: true, bought: [Amount(quantity: 59.147, unit: "ml"), Amount(quantity: 1 / 3, unit: "cup")]),
            CheckLog.Entry(name: "salt", checked: true, bought: [Amount(quantity: nil, unit: "a pinch")]),
            CheckLog.Entry(name: "eggs", checked: false),
            CheckLog.Entry(name: "bread", checked: true, bought: []),
        ]
        let text = entries.map(CheckLog.text(of:)).joined()
        #expect(text == "+ olive oil\n# mealplan bought: 59.147 ml + 0.3333333333333333 cup\n+ salt\n# mealplan bought: a pinch\n- eggs\n+ bread\n")
        // Numbers are written in full: read back, they are the same numbers.
        #expect(try CheckLog.parse(text).entries == entries.map { entry in
            var entry = entry
            if entry.bought == [] { entry.bought = nil }
            return entry
        })
        #expect(CheckLog.isWritable("olive oil") && !CheckLog.isWritable(" milk") && !CheckLog.isWritable("a\nb") && !CheckLog.isWritable(""))
    }

    /// Cooklang's own reader (`cooklang.parse_checked_log`) finds the same entries in every
    /// readable log of the table, and in what mealplan writes.
    @Test(.requires(.cooklang)) func cooklangsReaderAgrees() throws {
        let script = #"""
            import json, sys, cooklang
            texts = json.load(open(sys.argv[1], encoding="utf-8"))
            print(json.dumps([[("+" if e.checked else "-") + e.name for e in cooklang.parse_checked_log(t)] for t in texts]))
            """#
        let written = [CheckLog.Entry(name: "Olive Oil", checked: true, bought: [Amount(quantity: 4, unit: "tbsp")]),
                       CheckLog.Entry(name: "olive oil", checked: false)].map(CheckLog.text(of:)).joined()
        let texts = Self.readable.map(\.text) + [written]
        let output = try ExternalTool.runPython(script, input: try JSONSerialization.data(withJSONObject: texts))
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[String]])
        let ours = try texts.map { try CheckLog.parse($0).entries.map { ($0.checked ? "+" : "-") + $0.name } }
        #expect(answers == ours)
    }

    /// A list of milk (1 l), olive oil (4 tbsp) and salt (a pinch), in two aisles.
    static let list = ShoppingList(items: [
        ShoppingList.Item(name: "milk", aisle: "dairy", amounts: [Amount(quantity: 1, unit: "l")], meals: []),
        ShoppingList.Item(name: "olive oil", aisle: "oils", amounts: [Amount(quantity: 4, unit: "tbsp")], meals: []),
        ShoppingList.Item(name: "salt", aisle: nil, amounts: [Amount(quantity: nil, unit: "a pinch")], meals: []),
    ], notes: [])

    @Test func aTickedItemStaysTickedAndMoreNeededIsATopUp() throws {
        // Olive oil ticked at 2 tbsp; the plan needs 4 tbsp now: 2 tbsp more, on a line of its own.
        // Milk ticked at 1.5 l: the plan needs less, it stays ticked at what was bought.
        let log = try CheckLog.parse("+ Olive Oil\n# mealplan bought: 2 tbsp\n+ milk\n# mealplan bought: 1.5 l\n+ salt\n")
        let ticked = Self.list.ticked(by: log)
        #expect(ticked.items.map(\.name) == ["milk", "olive oil", "olive oil", "salt"])
        #expect(ticked.items.map(\.checked) == [true, true, false, true])
        #expect(ticked.items.map(\.isTopUp) == [false, false, true, false])
        #expect(ticked.items.map(\.shownAmount) == ["1.5 l", "2 tbsp", "+2 tbsp", "a pinch"])
        #expect(ticked.open.items.map(\.shownAmount) == ["+2 tbsp"])
    }

    @Test func whatWasBoughtCoversWhatIsNeededAcrossUnitsOfAKind() {
        // 1 tbsp = 3 tsp (US customary): 1 tbsp bought covers 3 tsp; 6 tsp needs 1 tbsp more.
        #expect(ShoppingList.stillNeeded([Amount(quantity: 3, unit: "tsp")], bought: [Amount(quantity: 1, unit: "tbsp")]).isEmpty)
        let more = ShoppingList.stillNeeded([Amount(quantity: 6, unit: "tsp")], bought: [Amount(quantity: 1, unit: "tbsp")])
        #expect(more.count == 1 && abs((more[0].quantity ?? 0) * (more[0].unit == "tsp" ? 1 : 3) - 3) < 1e-9)
        // Counts: 3 eggs bought, 5 needed: 2 more; another unit is not covered at all (a
        // counted thing's unit comes back in the singular, as the list keeps it).
        #expect(ShoppingList.stillNeeded([Amount(quantity: 5, unit: nil)], bought: [Amount(quantity: 3, unit: nil)])
            == [Amount(quantity: 2, unit: nil)])
        #expect(ShoppingList.stillNeeded([Amount(quantity: 2, unit: "tins")], bought: [Amount(quantity: 400, unit: "g")])
            == [Amount(quantity: 2, unit: "tin")])
    }

    @Test func extrasGoInTheirAislesAndCanBeTicked() throws {
        let aisles = try AisleConfig.parse("[dairy]\nmilk\ncream\n[household]\npaper towels|kitchen roll\n[oils]\nolive oil\n")
        let extras = [ExtraItem(name: "kitchen roll"), ExtraItem(name: "cream", amounts: [Amount(quantity: 2, unit: "dl")]),
                      ExtraItem(name: "MILK"), ExtraItem(name: "bin bags")]
        let list = Self.list.adding(extras, aisles: aisles)
        // aisle.conf's name for kitchen roll, in its aisle between dairy and oils; no aisle is
        // "other"; milk is on the list already.
        #expect(list.items.map(\.name) == ["milk", "cream", "paper towels", "olive oil", "salt", "bin bags"])
        #expect(list.items.map(\.aisle) == ["dairy", "dairy", "household", "oils", nil, nil])
        #expect(list.items[1].amountText == "2 dl")
        let ticked = list.ticked(by: try CheckLog.parse("+ Paper Towels\n"))
        #expect(ticked.items.filter(\.checked).map(\.name) == ["paper towels"])
    }

    /// `.shopping-list` as mealplan reads it: the items at the top, with their amounts.
    @Test func extraItemsAreTheListsTopLevelItems() throws {
        let text = "./Lasagna{2}\n  milk{1%l}\n  ./Sauce\n    salt\n-- a comment\nlemons{3}\n\n// another\npaper towels\nflour{1%kg}\nsalt{a pinch}\n"
        let items = try ExtraItem.parseList(text)
        #expect(items.map(\.name) == ["lemons", "paper towels", "flour", "salt"])
        #expect(items.map { $0.amounts.map(\.text) } == [["3"], [], ["1 kg"], ["a pinch"]])
        #expect(throws: ConfigError(line: 2, "an indented line under no recipe")) { try ExtraItem.parseList("soap\n  milk\n") }
        #expect(ExtraItem.removing("PAPER TOWELS", from: text) == text.replacing("paper towels\n", with: ""))
        #expect(ExtraItem.removing("milk", from: text) == nil)
        #expect(ExtraItem.problem(with: "paper towels") == nil && ExtraItem.problem(with: "./x") != nil
            && ExtraItem.problem(with: "a{1}") != nil && ExtraItem.problem(with: "-- x") != nil && ExtraItem.problem(with: " ") != nil)
    }

    /// `--aisle` writes the item into its aisle of `aisle.conf`: at the end of that aisle, or
    /// in a new one at the end of the file.
    @Test func anExtraGoesIntoItsAisleOfTheAisleFile() {
        let text = "[dairy]\nmilk\n# soft\nbutter\n\n[pasta]\nspaghetti"
        #expect(AisleConfig.adding("cream", toAisle: "DAIRY", in: text) == "[dairy]\nmilk\n# soft\nbutter\ncream\n\n[pasta]\nspaghetti")
        #expect(AisleConfig.adding("soap", toAisle: "household", in: text) == text + "\n\n[household]\nsoap\n")
        #expect(AisleConfig.adding("soap", toAisle: "household", in: "") == "[household]\nsoap\n")
        #expect(AisleConfig.adding("ziti", toAisle: "pasta", in: text + "\n") == text + "\nziti\n")
    }

    @Test func typedNamesFindTheListsName() throws {
        let aisles = try AisleConfig.parse("[oils]\nolive oil|evoo\n")
        #expect(try Self.list.listedName("MILK", aisles: aisles) == "milk")
        #expect(try Self.list.listedName("evoo", aisles: aisles) == "olive oil")
        #expect(try Self.list.listedName("oli", aisles: aisles) == "olive oil")
        #expect(try Self.list.listedName("bread", aisles: aisles, also: ["Bread"]) == "Bread")
        #expect(throws: UnknownItemError("'mlik' is not on the shopping list; did you mean 'milk'?")) {
            try Self.list.listedName("mlik", aisles: aisles)
        }
        #expect(throws: UnknownItemError("'s' is not on the shopping list")) {
            try ShoppingList(items: [], notes: []).listedName("s", aisles: aisles)
        }
    }
}
