import Foundation
import TestSupport
import Testing

/// A whole plan's file with one mistake is refused with one line naming the line and the JSON
/// path, exit status 65, and nothing written: into a new database (which is not made) and into
/// an empty one (which stays byte for byte as it was).
@Suite struct WholePlanBadInputTests {
    /// A good file of `WholePlanTests.fullPlan()`, shared by the cases.
    static let plan: String = {
        let cli = try! WholePlanTests.fullPlan()
        return try! cli.succeed(["export", "--format", "json", "--everything"])
    }()

    /// The lines of the good file, and where the meals start.
    static var lines: [Substring] { plan.split(separator: "\n", omittingEmptySubsequences: false) }
    static var firstMealLine: Int { lines.firstIndex { $0.hasSuffix(#""meals":["#) }! + 2 }

    /// The good file with the first `old` after `after` replaced by `new`, and the line of the
    /// change (1-based).
    static func mutated(_ old: String, _ new: String, after: String = "") -> (text: String, line: Int) {
        let from = after.isEmpty ? plan.startIndex : plan.range(of: after)!.upperBound
        let range = plan.range(of: old, range: from..<plan.endIndex)!
        let line = plan[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        return (plan.replacingCharacters(in: range, with: new), line)
    }

    /// What comes before the first meal (a template's meals come earlier, on their own line).
    static let meals = "\"meals\":[\n"

    /// How many meals the plan's template has.
    static let templateMeals = plan.split(separator: "\n").first { $0.contains(#""name":"busy week""#) }!
        .components(separatedBy: #"{"day":"#).count - 1

    /// The meal lines' index in the array, from a line of the file.
    static func meal(_ line: Int) -> Int { line - firstMealLine }

    /// Each case: the file, and the message expected once its line is known.
    static let cases: [(String, (text: String, line: Int), @Sendable (Int) -> String)] = [
        ("a date that does not exist", mutated(#""date":"2026-04-04""#, #""date":"2026-02-30""#),
         { "line \($0): meals[\(meal($0))].date: bad date '2026-02-30': February 2026 has 28 days" }),
        ("an unknown slot", mutated(#""slot":"lunch","position""#, #""slot":"Lunch","position""#, after: meals),
         { "line \($0): meals[\(meal($0))].slot: 'Lunch' is not one of the plan's slots" }),
        ("an empty title", mutated(#""title":"Bread""#, #""title":"  ""#, after: meals),
         { "line \($0): meals[\(meal($0))].title: the title is empty" }),
        ("a missing title", mutated(#""title":"Bread","#, "", after: meals),
         { "line \($0): meals[\(meal($0))].title: missing" }),
        ("an unknown key", mutated(#""title":"Bread""#, #""title":"Bread","colour":"red""#, after: meals),
         { "line \($0): meals[\(meal($0))]: unknown key \"colour\"" }),
        ("a status there is not", mutated(#""status":"planned""#, #""status":"eaten""#, after: meals),
         { "line \($0): meals[\(meal($0))].status: 'eaten' is not a status; use planned, done or skipped" }),
        ("eaters of none", mutated(#""eaters":null"#, #""eaters":0"#, after: meals),
         { "line \($0): meals[\(meal($0))].eaters: servings must be a number above 0, not 0" }),
        ("leftovers of a meal named by neither UID nor id", mutated(#""leftovers_of":null"#, #""leftovers_of":true"#, after: meals),
         { "line \($0): meals[\(meal($0))].leftovers_of: neither a meal's UID nor its id" }),
        ("servings without a recipe", mutated(#""recipe":null,"servings":null"#, #""recipe":null,"servings":3"#, after: meals),
         { "line \($0): meals[\(meal($0))].servings: servings need a recipe, and this names none" }),
        // A template's meal comes before the meals: the first of these keys is its first meal's.
        ("a template's leftovers of themselves", mutated(#""leftovers_of":null"#, #""leftovers_of":0"#),
         { "line \($0): templates[0].meals[0].leftovers_of: a meal cannot be its own leftovers" }),
        ("a template's leftovers of a meal it lacks", mutated(#""leftovers_of":null"#, #""leftovers_of":"x""#),
         { "line \($0): templates[0].meals[0].leftovers_of: not a whole number from 0 to \(templateMeals - 1)" }),
        ("a template's eaters above the bound", mutated(#""eaters":null"#, #""eaters":20000"#),
         { "line \($0): templates[0].meals[0].eaters: servings must be at most 10000, not 20000" }),
        ("a changed occurrence of a day its repeat does not skip", mutated(#""replaces":"2026-04-03""#, #""replaces":"2026-04-10""#),
         { "line \($0): meals[\(meal($0))].replaces: repeat 2 does not skip 2026-04-10, so no meal stands in for it" }),
        ("a changed occurrence of a repeat the file lacks", mutated(#""repeat":2"#, #""repeat":9"#),
         { "line \($0): meals[\(meal($0))].repeat: there is no repeat 9 in the file" }),
        ("a skipped day that is no date", mutated(#""skipped":["2026-03-05"]"#, #""skipped":["2026-03-32"]"#),
         { "line \($0): repeats[0].skipped: a skipped day is a date (YYYY-MM-DD)" }),
        ("a count of none", mutated(#""count":6"#, #""count":0"#),
         { "line \($0): repeats[1]: --count 0: the count must be at least 1" }),
        ("a position below 0", mutated(#""position":0"#, #""position":-1"#, after: meals),
         { "line \($0): meals[\(meal($0))].position: not a whole number from 0 to 9223372036854775807" }),
        ("a frequency there is not", mutated(#""frequency":"day""#, #""frequency":"fortnight""#),
         { "line \($0): repeats[2]: its frequency 'fortnight' is not day, week, month or year" }),
        ("a repeat id twice", mutated(#"{"id":2,"#, #"{"id":1,"#, after: #""repeats":["#),
         { "line \($0): repeats[1].id: repeat 1 comes twice" }),
        ("a slot twice", mutated(#""brunch","lunch""#, #""brunch","Brunch""#),
         { "line \($0): slots: the slot 'Brunch' comes twice" }),
        ("another version", mutated(#""version":1"#, #""version":2"#),
         { "line \($0): version: version 1 is the one this mealplan reads" }),
        ("a trailing comma", mutated("}]}\n", "},]}\n"),
         { "line \($0): expected a value, found ']'" }),
        ("something after the plan", mutated("}]}\n", "}]}\n{}\n"),
         { "line \($0 + 1): expected the end of the file, found '{'" }),
        ("a file cut short", (String(plan[..<plan.range(of: #""title":"Fish pie""#)!.lowerBound]) + #""title":"Fi"#, lines.count - 1),
         { "line \($0): a string that never ends" }),
        ("a plain JSON export", ("[]\n", 1),
         { "line \($0): this is a JSON array of meals ('export --format json'), which import does not read; "
             + "export a whole plan with --everything, or meals as CSV" }),
        ("a CSV file", ("date,slot,title\n", 1),
         { "line \($0): expected '{', a whole plan as 'mealplan export --format json --everything' writes it, found 'd'" }),
    ]

    @Test(arguments: cases.indices)
    func aMistakeIsNamedByLineAndPathAndNothingIsWritten(_ index: Int) throws {
        let (name, file, message) = Self.cases[index]
        let cli = CLISandbox()
        let path = cli.folder + "/bad.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(file.text.utf8))
        let fresh = cli.folder + "/fresh.sqlite"
        try cli.expectFailure(["import", path], status: 65, message: message(file.line), environment: ["MEALPLAN_DB": fresh],
                              database: fresh, inputs: [path])
        #expect(!FileManager.default.fileExists(atPath: fresh), "\(name)")
        // Into an empty plan that exists: it stays as it was.
        let empty = cli.folder + "/empty.sqlite"
        try cli.succeed(["slots", "add", "tea"], environment: ["MEALPLAN_DB": empty])
        try cli.succeed(["slots", "remove", "tea"], environment: ["MEALPLAN_DB": empty])
        try cli.expectFailure(["import", path], status: 65, message: message(file.line), environment: ["MEALPLAN_DB": empty],
                              database: empty, inputs: [path])
    }

    /// Ids and places that two meals share are found by the database as the meals go in; the
    /// message names the second meal's line.
    @Test(arguments: [
        ("id", #"{"id":3,"#, #"{"id":1,"#, "meal 1: another meal of the file has its id"),
        ("place", #""position":2,"title":"Bread""#, #""position":0,"title":"Bread""#,
         "meal 3: another meal of the file has its date, slot and position"),
    ])
    func twoMealsSharingAnIdOrAPlaceAreRefusedByLine(_ what: String, _ old: String, _ new: String, _ message: String) throws {
        let cli = CLISandbox()
        let (text, line) = Self.mutated(old, new, after: Self.meals)
        let path = cli.folder + "/bad.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let empty = cli.folder + "/empty.sqlite"
        try cli.succeed(["slots", "add", "tea"], environment: ["MEALPLAN_DB": empty])
        try cli.succeed(["slots", "remove", "tea"], environment: ["MEALPLAN_DB": empty])
        try cli.expectFailure(["import", path], status: 65, message: "line \(line): meals: \(message)",
                              environment: ["MEALPLAN_DB": empty], database: empty, inputs: [path])
    }

    /// Leftovers are linked by their source's UID or id once every meal is in (the source may
    /// come later); a source the file lacks is named with the leftovers' line.
    @Test(arguments: [
        ("1", nil), ("3", "meal 3"), ("9", "meal 9"),
        (#""0f8fad5b-d9cb-469f-a165-70867728950e""#, "0f8fad5b-d9cb-469f-a165-70867728950e"),
    ] as [(String, String?)])
    func leftoversAreLinkedByUIDOrIdAndAMissingSourceIsNamedByLine(_ link: String, _ missing: String?) throws {
        let cli = CLISandbox()
        // The bread (meal 3) as leftovers of the lasagna (meal 1), of itself (which is no
        // source), of a meal the file lacks.
        let (text, line) = Self.mutated(#""title":"Bread","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null"#,
                                        #""title":"Bread","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":"# + link,
                                        after: Self.meals)
        let path = cli.folder + "/plan.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let fresh = cli.folder + "/fresh.sqlite"
        guard let missing else {
            try cli.succeed(["import", path], environment: ["MEALPLAN_DB": fresh])
            let exported = try cli.succeed(["export", "--format", "json", "--everything"], environment: ["MEALPLAN_DB": fresh])
            let lasagna = try #require(Self.lines.first { $0.contains(#""title":"Lasagna""#) && $0.hasPrefix(#"{"id":1,"#) })
            let uid = lasagna.split(separator: "\"")[5]
            #expect(exported.contains(#""title":"Bread","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":"\#(uid)","#))
            return
        }
        try cli.expectFailure(["import", path], status: 65, message: "line \(line): meals: leftovers_of names \(missing), which is no meal of the file",
                              environment: ["MEALPLAN_DB": fresh], database: fresh, inputs: [path])
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test func twoMealsSharingAUIDAreRefusedByLine() throws {
        let cli = CLISandbox()
        let mealLines = Self.lines[(Self.firstMealLine - 1)...]
        let uid = { (line: Substring) in line.split(separator: "\"")[5] }
        let first = uid(mealLines[mealLines.startIndex]), second = uid(mealLines[mealLines.startIndex + 1])
        let text = Self.plan.replacingOccurrences(of: second, with: first)
        let path = cli.folder + "/bad.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let ids = (0..<2).map { mealLines[mealLines.startIndex + $0].split(separator: ",")[0].dropFirst(#"{"id":"#.count) }
        try cli.expectFailure(["import", path], status: 65,
                              message: "line \(Self.firstMealLine + 1): meals[1].uid: meals[0] on line \(Self.firstMealLine) has this uid too",
                              environment: ["MEALPLAN_DB": cli.folder + "/fresh.sqlite"], database: cli.folder + "/fresh.sqlite",
                              inputs: [path])
        // From a pipe, which cannot be read again, the meals are named by their ids.
        let piped = try ExternalTool.run(
            "sh", ["-c", "cat bad.json | \"$0\" import --format json -", CLISandbox.binary.path], in: cli.folder,
            environment: ["MEALPLAN_DB": cli.folder + "/fresh.sqlite"])
        #expect(piped.status == 65)
        #expect(piped.stderr == "mealplan: meals: meals \(ids.min()!) and \(ids.max()!) of the file have one uid, \(first)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/fresh.sqlite"))
    }

    /// The first UID on line `number` (1-based) of the good file: the item's own.
    static func uid(onLine number: Int) -> String {
        let line = String(lines[number - 1])
        let range = line.range(of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", options: .regularExpression)!
        return String(line[range])
    }

    /// The line (1-based) of the first item after the line ending in `key`.
    static func firstLine(after key: String) -> Int { lines.firstIndex { $0.hasSuffix(key) }! + 2 }

    /// A meal, repeat or template with the UID of a repeat or template before it is refused
    /// with both lines named, nothing written: to a calendar they would be one item.
    @Test(arguments: [
        ("a meal", "a repeat", #""meals":["#, 0, #""repeats":["#, 0, "meals[0]", "repeats[0]"),
        ("a meal", "a template", #""meals":["#, 0, #""templates":["#, 0, "meals[0]", "templates[0]"),
        ("a template", "a repeat", #""templates":["#, 0, #""repeats":["#, 0, "templates[0]", "repeats[0]"),
        ("a repeat", "a repeat", #""repeats":["#, 1, #""repeats":["#, 0, "repeats[1]", "repeats[0]"),
    ])
    func anItemWithTheUIDOfAnotherIsRefusedNamingBothLines(
        _ what: String, _ other: String, _ key: String, _ index: Int, _ otherKey: String, _ otherIndex: Int, _ item: String,
        _ otherItem: String
    ) throws {
        let line = Self.firstLine(after: key) + index, otherLine = Self.firstLine(after: otherKey) + otherIndex
        var lines = Self.lines
        lines[line - 1] = Substring(lines[line - 1].replacingOccurrences(of: Self.uid(onLine: line), with: Self.uid(onLine: otherLine)))
        let cli = CLISandbox()
        let path = cli.folder + "/bad.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8))
        let fresh = cli.folder + "/fresh.sqlite"
        try cli.expectFailure(["import", path], status: 65,
                              message: "line \(line): \(item).uid: \(otherItem) on line \(otherLine) has this uid too",
                              environment: ["MEALPLAN_DB": fresh], database: fresh, inputs: [path])
        #expect(!FileManager.default.fileExists(atPath: fresh), "\(what) and \(other)")
    }

    /// A hostile file ends at its bound, at once: nesting past 8, a string past 1 MiB, a number
    /// past 40 characters; none is read further than that.
    @Test(arguments: [
        (#"{"format":"mealplan-plan","version":1,"slots":"# + String(repeating: "[", count: 1_000_000),
         "line 1: values nested deeper than 8"),
        (#"{"format":"mealplan-plan","version":1,"slots":[""# + String(repeating: "x", count: 3 << 20) + #""]"#,
         "line 1: a string longer than 1048576 bytes"),
        (#"{"format":"mealplan-plan","version":1"# + String(repeating: "0", count: 100_000),
         "line 1: a number longer than 40 characters"),
        (#"{"format":"mealplan-plan","version":1,"slots":["dinner"],"repeats":[],"templates":[],"meals":[{"title":""#
            + String(repeating: "é", count: 400_000) + #""}]}"#,
         "line 1: meals[0].date: missing"),
    ])
    func aHugeOrDeepFileEndsAtItsBound(_ text: String, _ message: String) throws {
        let cli = CLISandbox()
        let path = cli.folder + "/huge.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        try cli.expectFailure(["import", path], status: 65, message: message,
                              environment: ["MEALPLAN_DB": cli.folder + "/fresh.sqlite"], database: cli.folder + "/fresh.sqlite",
                              inputs: [path])
    }
}
