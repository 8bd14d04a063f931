import Cooklang
import Foundation
import Testing
import TestSupport

/// Our parser against the reference one (cooklang-rs, through its Python bindings,
/// `cooklang-bindings` on PyPI): on a thousand random recipes, every ingredient's name,
/// quantity and unit must agree, and so must which recipes are refused.
@Suite(.requires(.cooklang))
struct ReferenceParserTests {
    /// Prints, for each file named, one JSON line: the ingredients as [name, value, unit], or
    /// {"error": …} when the reference parser refuses it.
    static let reference = #"""
        import json, sys, cooklang
        for path in sys.argv[1:]:
            text = open(path, encoding="utf-8").read()
            try:
                recipe = cooklang.parse(text)
            except Exception as error:
                print(json.dumps({"error": str(error)}))
                continue
            items = []
            for ingredient in recipe.ingredients:
                quantity = ingredient.quantity
                value = None if quantity is None else quantity.value
                if value is not None and not isinstance(value, (int, float, str)):
                    value = str(value)
                items.append([ingredient.name, value, None if quantity is None else quantity.unit])
            print(json.dumps({"ingredients": items}))
        """#

    /// One ingredient as both sides describe it: numbers to 9 decimals, text as written.
    static func describe(_ name: String, _ value: Any?, _ unit: String?) -> String {
        let amount: String = switch value {
        case let number as Double: String(format: "%.9g", number)
        case let number as Int: String(format: "%.9g", Double(number))
        case let text as String: "'" + text + "'"
        default: "-"
        }
        return "\(name) | \(amount) | \(unit ?? "-")"
    }

    static func ours(_ recipe: Recipe) -> [String] {
        recipe.ingredients.map { ingredient in
            let value: Any? = switch ingredient.quantity?.value {
            case .number(let number)?: number
            case .text(let text)?: text
            case nil: nil
            }
            return describe(ingredient.name, value, ingredient.quantity?.unit)
        }
    }

    @Test func randomRecipesGiveTheSameIngredients() throws {
        let folder = TemporaryFolder()
        var generator = SeededGenerator(seed: 1_234)
        let texts = (0..<1_000).map { _ in RandomRecipe.text(using: &generator) }
        let paths = try texts.enumerated().map { index, text in
            let path = folder.file("r\(index).cook")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let answers = try runReference(paths, in: folder)
        try #require(answers.count == texts.count)
        var refused = 0
        for (text, answer) in zip(texts, answers) {
            let parsed = Result { () throws(CooklangError) in try CooklangParser.parse(text) }
            if answer["error"] != nil {
                refused += 1
                #expect(throws: CooklangError.self, "the reference parser refuses:\n\(text)") { try parsed.get() }
                continue
            }
            let expected = (answer["ingredients"] as? [[Any?]] ?? []).map { item in
                Self.describe(item[0] as? String ?? "", item[1] is NSNull ? nil : item[1], item[2] as? String)
            }
            #expect(try Self.ours(parsed.get()) == expected, "\(text)")
        }
        #expect(refused > 0 && refused < texts.count / 4, "some recipes are malformed on purpose (\(refused)), most are not")
    }

    /// The sample recipes that ship in `Data/recipes`.
    static let samplesFolder = String(#filePath.dropLast("Tests/CooklangTests/ReferenceParserTests.swift".count)) + "Data/recipes"

    @Test func sampleRecipesGiveTheSameIngredients() throws {
        let folder = TemporaryFolder()
        let paths = try FileManager.default.subpathsOfDirectory(atPath: Self.samplesFolder)
            .filter { $0.hasSuffix(".cook") }.sorted().map { Self.samplesFolder + "/" + $0 }
        #expect(paths.count >= 25)
        let answers = try runReference(paths, in: folder)
        try #require(answers.count == paths.count)
        for (path, answer) in zip(paths, answers) {
            #expect(answer["error"] == nil, "\(path)")
            let expected = (answer["ingredients"] as? [[Any?]] ?? []).map { item in
                Self.describe(item[0] as? String ?? "", item[1] is NSNull ? nil : item[1], item[2] as? String)
            }
            let recipe = try CooklangParser.parse(String(contentsOfFile: path, encoding: .utf8))
            #expect(Self.ours(recipe) == expected, "\(path)")
            #expect(recipe.title != nil && recipe.servings != nil, "\(path) says its title and servings")
        }
    }

    /// Runs the reference parser on `paths`, one answer each.
    func runReference(_ paths: [String], in folder: TemporaryFolder) throws -> [[String: Any]] {
        let script = folder.file("reference.py")
        try Data(Self.reference.utf8).write(to: URL(fileURLWithPath: script))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + paths
        // Its panics on refused recipes would each print a backtrace, slowly.
        process.environment = ProcessInfo.processInfo.environment.merging(["RUST_BACKTRACE": "0"]) { $1 }
        let output = folder.file("answers.jsonl")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        // The bindings print a backtrace for each refused recipe; only the answers matter.
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }
}

/// Random recipes made of the forms people write: front matter, sections, notes, comments,
/// ingredients of one or several words with whole, decimal, fractional, mixed, fixed or worded
/// amounts, units, preparations, references, cookware and timers; now and then a malformed one.
enum RandomRecipe {
    static let words = ["Add", "the", "stir", "until", "golden", "and", "then", "serve", "with", "gently", "fold", "in",
                        "a", "bowl", "heat", "oven", "to", "200°C", "crème", "Grüße", "🍋", "very", "hot"]
    static let names = ["salt", "olive oil", "tipo 00 flour", "red onion", "crème fraîche", "eggs", "5peppers", "🧂",
                        "garlic", "brown sugar", "milk", "water", "fresh thyme", "lemon zest", "butter"]
    static let units = ["g", "kg", "ml", "l", "tsp", "tbsp", "cup", "cups", "oz", "lb", "pinch", "sprigs", "cloves", "items"]
    static let amounts = ["1", "2", "250", "0.5", "1.25", ".5", "1/2", "3/4", "1 1/2", "2 1/4", "1 / 3", "a few", "some",
                          "2-3", "01/2", "1,5", "=1", "=0.5"]

    static func text<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        var lines: [String] = []
        if Bool.random(using: &generator) {
            lines += ["---", "title: Recipe \(Int.random(in: 1...999, using: &generator))",
                      "servings: \(Int.random(in: 1...8, using: &generator))", "---"]
        }
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: lines.append("== \(words.randomElement(using: &generator)!) ==")
            case 1: lines.append("> " + sentence(using: &generator))
            case 2: lines.append("-- a comment line")
            default:
                for _ in 0..<Int.random(in: 1...3, using: &generator) { lines.append(step(using: &generator)) }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func sentence<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        (0..<Int.random(in: 1...6, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            .joined(separator: " ")
    }

    static func step<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            parts.append(sentence(using: &generator))
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: parts.append("#" + ["pan", "large pot", "oven"].randomElement(using: &generator)! + "{}")
            case 1: parts.append("~{\(Int.random(in: 1...60, using: &generator))%minutes}")
            case 2: parts.append("@" + ["salt", "pepper", "garlic"].randomElement(using: &generator)!)
            default: parts.append(ingredient(using: &generator))
            }
            if Int.random(in: 0..<6, using: &generator) == 0 { parts.append("-- note to self") }
        }
        let punctuation = [",", ".", ";", "!", ""]
        return parts.joined(separator: " ") + punctuation.randomElement(using: &generator)!
    }

    static func ingredient<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        let name = Int.random(in: 0..<12, using: &generator) == 0
            ? "./sauces/" + ["Hollandaise", "Pesto"].randomElement(using: &generator)!
            : names.randomElement(using: &generator)!
        var amount: String
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: amount = ""
        case 1: amount = amounts.randomElement(using: &generator)!
        default: amount = amounts.randomElement(using: &generator)! + "%" + units.randomElement(using: &generator)!
        }
        // Malformed now and then: no amount before the unit, or a division by zero.
        switch Int.random(in: 0..<100, using: &generator) {
        case 0: amount = "%" + units.randomElement(using: &generator)!
        case 1: amount = "1/0%g"
        default: break
        }
        // No `@?` (optional): the spec's suite has it, but the reference parser's Python build
        // reads the `?` as part of the name.
        let note = Int.random(in: 0..<5, using: &generator) == 0 ? "(chopped)" : ""
        return "@" + name + "{" + amount + "}" + note
    }
}
