import MealPlanCore
import TextHelpers

/// The one path from the rows of a CSV file to checked meals, which `mealplan import`, the
/// sample plan of `mealplan --demo` and the CSV fuzzer all take: each row's date, slot, title,
/// note, recipe, servings, status, leftovers' source and eaters are judged by MealPlanCore's
/// rules, and the first bad row is reported as `line N: …` with N the line of the file where it
/// starts.
///
/// The slots are those of the plan the meals go to, read when the import began; each meal
/// comes back with the stored name of the slot its row names (exactly, in any case, or by a
/// unique prefix).
public struct CSVMealImport {
    private var reader: CSVMealReader
    private let slots: [MealSlot]
    /// The stored slot name for each spelling met so far: rows repeat a few spellings.
    private var slotNames: [String: String] = [:]
    /// Files list a day's meals together: each distinct date text is parsed once.
    private var lastDate: (text: String, day: Day)?
    private var onFirstRow: (([String]) -> Void)?

    /// `onFirstRow` is called with `ignoredColumns` once the first row is read, before it is
    /// checked: a warning about the header then comes before any complaint about a row.
    public init(_ reader: CSVMealReader, slots: [MealSlot], onFirstRow: (([String]) -> Void)? = nil) {
        self.reader = reader
        self.slots = slots
        self.onFirstRow = onFirstRow
    }

    /// Header columns other than a meal's; known once `next()` has returned.
    public var ignoredColumns: [String] { reader.ignoredColumns }

    /// The source the last row's `leftovers_of` names ("2026-11-23 dinner": its day and slot),
    /// `nil` for a meal cooked itself; the import links it once every meal is in.
    public private(set) var leftoversSource: LeftoversSource?

    /// The line of the last row, which a warning about it names.
    public private(set) var line = 0

    /// The next row as a meal (no id yet, position 0), or `nil` after the last row.
    public mutating func next() throws(CSVImportError) -> Meal? {
        guard let row = try reader.next() else { return nil }
        if let onFirstRow {
            self.onFirstRow = nil
            onFirstRow(reader.ignoredColumns)
        }
        line = row.line
        do throws(MealRowError) {
            let (recipe, servings) = try recipeAndServings(row)
            leftoversSource = try source(row.leftoversOf)
            return Meal(
                day: try day(row.date), slot: try slotName(row.slot), title: try title(row.title),
                note: Meal.validNote(row.note), recipe: recipe, servings: servings, status: try status(row.status),
                eaters: try eaters(row.eaters))
        } catch {
            throw CSVImportError(line: row.line, message: error.message)
        }
    }

    private mutating func day(_ text: String) throws(MealRowError) -> Day {
        if let lastDate, lastDate.text == text { return lastDate.day }
        do {
            let day = try Day(iso: text)
            lastDate = (text, day)
            return day
        } catch {
            throw MealRowError(message: "bad date \(error.message)")
        }
    }

    private mutating func slotName(_ text: String) throws(MealRowError) -> String {
        if let name = slotNames[text] { return name }
        do {
            let name = try slots.resolve(text).name
            slotNames[text] = name
            return name
        } catch {
            throw MealRowError(message: error.message)
        }
    }

    /// The recipe a row names, if any, and its servings, which need a recipe. A recipe name is
    /// not looked up: a meal may name a recipe file that comes later or is gone.
    private func recipeAndServings(_ row: CSVMealRow) throws(MealRowError) -> (String?, Double?) {
        guard !row.recipe.isEmpty || !row.servings.isEmpty else { return (nil, nil) }
        let recipe: String?, servings: Double?
        do {
            recipe = row.recipe.allSatisfy(\.isWhitespace) ? nil : try Meal.validRecipeName(row.recipe)
            servings = row.servings.allSatisfy(\.isWhitespace) ? nil : try Meal.servings(parsing: row.servings)
        } catch {
            throw MealRowError(message: error.message)
        }
        if servings != nil && recipe == nil {
            throw MealRowError(message: "servings need a recipe, and this row names none")
        }
        return (recipe, servings)
    }

    /// `status`: empty or "planned", "done", "skipped", in any case.
    private func status(_ text: String) throws(MealRowError) -> MealStatus {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return .planned }
        guard let status = MealStatus(rawValue: trimmed.lowercased()) else {
            throw MealRowError(message: "status '\(trimmed.messageExcerpt)' is not planned, done or skipped")
        }
        return status
    }

    private func eaters(_ text: String) throws(MealRowError) -> Double? {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        do {
            return try Meal.validServings(try Meal.servings(parsing: text))
        } catch {
            throw MealRowError(message: "eaters: \(error.message)")
        }
    }

    /// `leftovers_of`: the day and slot of the meal the leftovers come from, as the plan's
    /// dates and slots are written in the other columns ("2026-11-23 dinner").
    private mutating func source(_ text: String) throws(MealRowError) -> LeftoversSource? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else {
            throw MealRowError(message: "leftovers_of '\(trimmed.messageExcerpt)' must name the day and slot of the cooked meal, as in '2026-11-23 dinner'")
        }
        do throws(MealRowError) {
            return LeftoversSource(day: try day(String(parts[0])), slot: try slotName(String(parts[1]).trimmingWhitespace()))
        } catch {
            throw MealRowError(message: "leftovers_of: \(error.message)")
        }
    }

    private func title(_ text: String) throws(MealRowError) -> String {
        do {
            return try Meal.validTitle(text)
        } catch {
            throw MealRowError(message: error.message)
        }
    }
}

/// What is wrong with one field of a row, before the line is added.
private struct MealRowError: Error {
    let message: String
}
