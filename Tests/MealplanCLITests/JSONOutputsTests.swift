import Foundation
import TestSupport
import Testing

/// Every `--format json` of the command line is written by one writer: each kind of object has
/// one key order, whichever command writes it, and numbers have one form.
@Suite struct JSONOutputsTests {
    /// For each file, the key lists of its objects in the order they first appear (an object
    /// before the objects inside it), joined by " | ": one line a file. Python keeps the order.
    static let keyOrders = #"""
        import json, sys

        class Pairs(list):
            pass

        def walk(value, seen):
            if isinstance(value, Pairs):
                keys = ",".join(key for key, _ in value)
                if keys not in seen: seen.append(keys)
                for _, item in value: walk(item, seen)
            elif isinstance(value, list):
                for item in value: walk(item, seen)

        for path in sys.argv[1:]:
            seen = []
            walk(json.load(open(path, encoding="utf-8"), object_pairs_hook=Pairs), seen)
            print(" | ".join(seen))
        """#

    @Test(.requires(.python3)) func eachKindOfObjectHasOneKeyOrder() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let outputs = [
            "list.json": ["list", "--from", "2026-03-02", "--days", "7", "--format", "json"],
            "shop.json": ["shop", "--format", "json"],
            "recipe.json": ["recipe", "Lasagna", "--format", "json"],
        ]
        for (file, arguments) in outputs {
            let result = try cli.run(arguments, environment: recipes)
            try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: cli.folder + "/" + file))
        }
        let orders = try pythonCheck(Self.keyOrders, ["list.json", "shop.json", "recipe.json"], in: cli)
            .split(separator: "\n").map { $0.components(separatedBy: " | ") }
        try #require(orders.count == 3)
        let meal = ["id", "uid", "date", "slot", "position", "title", "note", "recipe", "servings", "repeat", "status", "leftovers_of", "eaters"]
        #expect(orders[0] == [meal.joined(separator: ",")])
        // The shopping list names a meal with some of the keys `list` writes, in the same order.
        let mealUse = meal.filter { ["id", "date", "repeat"].contains($0) }
        #expect(orders[1] == ["name,aisle,amounts,meals,checked,added", "quantity,buy,unit", mealUse.joined(separator: ",")])
        #expect(orders[2] == ["name,title,servings,ingredients,steps", "name,quantity,unit,note"])
    }

    /// Whole numbers as integers, others as the shortest decimal, in every output; one line
    /// per element of a top-level array, a line break at the end.
    @Test func numbersAndLinesHaveOneForm() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let shop = try cli.run(["shop", "--format", "json"], environment: recipes).stdout
        #expect(shop.hasPrefix(#"[{"name":"milk","aisle":"dairy","amounts":[{"quantity":1.25,"buy":1.25,"unit":"l"}],"#))
        #expect(shop.contains(#"{"name":"pasta sheets","aisle":"pasta","amounts":[{"quantity":30,"buy":30,"unit":null}]"#))
        #expect(shop.hasSuffix("}]\n") && shop.split(separator: "\n").count == 5)
        let recipe = try cli.succeed(["recipe", "Lasagna", "--servings", "3", "--format", "json"], environment: recipes)
        #expect(recipe.hasPrefix(#"{"name":"Lasagna","title":"Lasagna al forno","servings":3,"ingredients":[{"name":"pasta sheets","quantity":6,"unit":null,"note":null},"#))
        #expect(recipe.contains(#"{"name":"cheese","quantity":100,"unit":"g","note":"grated"}"#))
        #expect(recipe.hasSuffix("]}\n") && !recipe.dropLast().contains("\n"))
        try cli.succeed(["add", "fri", "dinner", "--recipe", "lasagna", "--servings", "2.5"], environment: recipes)
        let list = try cli.succeed(["list", "--from", "2026-03-06", "--days", "1", "--format", "json"], environment: recipes)
        #expect(list.contains(#""recipe":"Lasagna","servings":2.5,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}"#))
    }
}
