import Foundation
import MealPlanCore
@testable import MealPlanExchange
import TestSupport


/// Every row `text` holds, read from memory.
func rows(of bytes: [UInt8]) throws(CSVImportError) -> [CSVMealRow] {
    var reader = CSVMealReader(bytes: bytes)
    var rows: [CSVMealRow] = []
    while let row = try reader.next() { rows.append(row) }
    return rows
}

func rows(of text: String) throws(CSVImportError) -> [CSVMealRow] {
    try rows(of: Array(text.utf8))
}

/// The error reading `bytes` ends with, or `nil` if every row was read.
func importError(of bytes: [UInt8]) -> CSVImportError? {
    do {
        _ = try rows(of: bytes)
        return nil
    } catch {
        return error
    }
}

/// A temporary file holding `bytes`, removed when the test's closure returns.
func withTemporaryFile<Result>(
    containing bytes: [UInt8], _ body: (_ path: String) throws -> Result
) throws -> Result {
    let folder = TemporaryFolder()
    let path = folder.file("meals.csv")
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        throw CocoaError(.fileWriteUnknown)
    }
    return try withExtendedLifetime(folder) { try body(path) }
}

/// Every row of the file at `path`, read through a file descriptor in chunks of `chunkSize`.
func rowsFromFile(at path: String, chunkSize: Int) throws -> [CSVMealRow] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
    defer { close(descriptor) }
    var reader = CSVMealReader(fileDescriptor: descriptor, chunkSize: chunkSize)
    var rows: [CSVMealRow] = []
    while let row = try reader.next() { rows.append(row) }
    return rows
}

/// Hands `meal` to `write` as the store hands a row over, with its leftovers' `source` beside it.
func withRowView(of meal: Meal, source: LeftoversSource?, _ write: (MealRowView) throws -> Void) throws {
    try meal.withRowView { row in
        try write(MealRowView(
            id: row.id, uid: row.uid, day: row.day, slot: row.slot, position: row.position, title: row.title,
            note: row.note, recipe: row.recipe, servings: row.servings, occurrence: row.occurrence,
            status: row.status, leftoversOf: row.leftoversOf, eaters: row.eaters, leftoversSource: source))
    }
}

/// The bytes a `CSVMealWriter` produces for `meals`, written through a real file descriptor.
func written(_ meals: [Meal]) throws -> [UInt8] {
    try written(meals, by: CSVMealWriter.init(fileDescriptor:))
}

/// The bytes the writer `makeWriter` makes produces for `meals`, through a real file descriptor.
func written(_ meals: [Meal], by makeWriter: (Int32) -> any MealStreamWriter) throws -> [UInt8] {
    try withTemporaryFile(containing: []) { path in
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        var writer = makeWriter(descriptor)
        for meal in meals { try writer.write(meal) }
        try writer.finish()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// The error a writer made by `makeWriter` throws when its output is /dev/full (a device on
/// which every write fails with ENOSPC), or `nil` if it throws none.
func errorOnFullDevice(_ makeWriter: (Int32) -> any MealStreamWriter) throws -> (any Error)? {
    let full = open("/dev/full", O_WRONLY)
    guard full >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "this test needs /dev/full"]) }
    defer { close(full) }
    var writer = makeWriter(full)
    do {
        try writer.write(Meal(id: 1, day: day("2026-03-02"), slot: "dinner", title: "Pasta"))
        try writer.finish()
        return nil
    } catch {
        return error
    }
}

/// Meals whose text holds everything CSV must protect: commas, quotes, CR, LF, CR LF, tabs,
/// leading and trailing blanks, emoji (also multi-scalar ones) and CJK text.
enum RandomMeals {
    static let pieces = [
        "Pasta", "soup", " ", ",", "\"", "\"\"", "\t", "\r", "\n", "\r\n", "🍕", "👩‍👩‍👧", "拉麺", "비빔밥",
        "Crème brûlée", "a,b", "\"quoted\"", "x", "", "é",
    ]

    static func text(using generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    static func meal(using generator: inout SeededGenerator) -> Meal {
        let slots = MealSlot.defaults.map(\.name) + ["second breakfast", "tea, late"]
        let recipe = Int.random(in: 0..<3, using: &generator) == 0 ? text(using: &generator) : nil
        return Meal(
            day: Day(number: Int.random(in: Day.validNumbers, using: &generator))!,
            slot: slots.randomElement(using: &generator)!,
            title: text(using: &generator),
            note: Bool.random(using: &generator) ? nil : text(using: &generator),
            recipe: recipe, servings: recipe == nil ? nil : [nil, 1, 2.5, 4, 0.25, 12].randomElement(using: &generator)!)
    }

    /// A meal's fields as the CSV writer spells them, in its column order.
    static func fields(of meal: Meal) -> [String] {
        [meal.day.iso, meal.slot, meal.title, meal.note ?? "", meal.recipe ?? "", meal.servings.map(Meal.servingsText) ?? "",
         meal.status.storedValue ?? "", "", meal.eaters.map(Meal.servingsText) ?? ""]
    }
}
