import Cooklang
import Foundation
import MealPlanCore
import MealPlanExchange
import Settings
import Testing
import TestSupport
@testable import ShoppingList

/// The densities table is what its script makes of the USDA data: run again, it gives the
/// file that ships.
@Suite(.requires(.python3), .requires(.usdaMeasures))
struct DensityTableTests {
    static let root = String(#filePath.dropLast("Tests/ShoppingListTests/KitchenTests.swift".count))

    @Test func theScriptMakesTheShippedTable() throws {
        let runner = """
            import sys
            path = sys.argv[1]
            sys.argv = [path]
            exec(compile(open(path, encoding="utf-8").read(), path, "exec"), {"__name__": "__main__"})
            """
        let script = try Data(contentsOf: URL(fileURLWithPath: Self.root + "scripts/generate-density-table.py"))
        let made = try ExternalTool.runPython(runner, input: script)
        let shipped = try Data(contentsOf: URL(fileURLWithPath: Self.root + "Sources/Settings/DensityTable.swift"))
        #expect(String(decoding: made, as: UTF8.self) == String(decoding: shipped, as: UTF8.self))
    }
}

/// The sample recipes, aisles, pantry and plan, as a household would use them: the first
/// week's list mixes no cups and grams of an ingredient whose density is known, buys no
/// fraction of a thing, and takes off every pantry item with an amount that the week uses.
@Suite struct RealKitchenTests {
    static let folder = SampleDataTests.folder

    /// The meals of the sample plan's first week (from 2026-03-02), with their recipes.
    static func firstWeek() throws -> [PlannedRecipe] {
        let planPath = String(folder.dropLast("recipes".count)) + "sample-plan.csv"
        var reader = CSVMealReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: planPath))))
        var meals: [PlannedRecipe] = []
        var id: Int64 = 0
        while let row = try reader.next() {
            id += 1
            let date = try Day(iso: row.date)
            guard !row.recipe.isEmpty, day("2026-03-02").distance(to: date) < 7 else { continue }
            meals.append(PlannedRecipe(mealID: id, day: date, recipe: row.recipe, servings: Double(row.servings)))
        }
        return meals
    }

    /// Every recipe of the folder, by name.
    static func book() throws -> TextBook {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".cook") }
        return TextBook(texts: try Dictionary(uniqueKeysWithValues: names.map {
            (String($0.dropLast(5)), try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }))
    }

    @Test func theFirstWeeksListIsOneACookCanShopWith() throws {
        let meals = try Self.firstWeek()
        try #require(meals.count >= 7)
        let aisles = try AisleConfig.parse(String(contentsOfFile: Self.folder + "/aisle.conf", encoding: .utf8))
        let pantry = try PantryConfig.parse(String(contentsOfFile: Self.folder + "/pantry.conf", encoding: .utf8))
        let book = try Self.book()
        let everything = try ShoppingList.make(for: meals, recipes: book, aisles: aisles)
        let list = try ShoppingList.make(for: meals, recipes: book, aisles: aisles, pantry: pantry)
        for item in everything.items + list.items {
            let dimensions = Set(item.amounts.compactMap { $0.unit.flatMap(MeasureUnit.named)?.dimension })
            if Densities.standard.density(of: item.name, aisles: aisles) != nil {
                #expect(dimensions.count <= 1, "\(item.name): \(item.amountText)")
            }
            for amount in item.amounts where amount.isCount {
                let buy = try #require(amount.buy)
                #expect(buy == buy.rounded() && buy >= (amount.quantity ?? 0), "\(item.name): \(amount)")
                #expect(!amount.text.contains { "⅛¼⅓⅜½⅝⅔¾⅞.".contains($0) }, "\(item.name): \(amount.text)")
            }
        }
        // Each pantry item with an amount that the week uses is taken off: gone, or less.
        var subtracted = 0
        for stocked in pantry.items where stocked.quantity != nil {
            let name = aisles.place(of: stocked.name)?.name ?? stocked.name
            guard let needed = everything.items.first(where: { $0.name.lowercased() == name.lowercased() }) else { continue }
            let left = list.items.first { $0.name == needed.name }
            #expect(left == nil || left?.amounts != needed.amounts, "\(stocked.name) was not taken off: \(needed.amountText)")
            subtracted += 1
        }
        #expect(subtracted >= 5, "the week uses most of the pantry")
    }
}
