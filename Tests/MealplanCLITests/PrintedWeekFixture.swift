import Foundation
import MealPlanCore
import TestSupport
import Testing

/// A week planned to be printed, in one of the shapes that push a sheet hardest: long titles,
/// many meals in a slot, many slots, long notes. Every title starts with a word of its own
/// (`q17`), so that the test can find where the PDF put it and which cell that is.
struct PrintedWeekFixture {
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        /// A week as most households plan it: a meal or two in each of four slots.
        case typical
        /// Titles of 100 to 200 characters, with a 45-letter word and Korean in them.
        case longTitles
        /// Three meals in every slot of every day, six in one.
        case crowded
        /// Twelve slots, names of 32 characters (the longest a slot may have) among them.
        case manySlots
        /// A note on every meal whose first line is long, with more lines after it.
        case notes

        var testDescription: String { rawValue }
    }

    struct PlannedMeal {
        let token: String
        let day: Int
        let slot: Int
        let title: String
        let note: String?
        let recipe: String?
    }

    static let monday = day("2026-03-02")
    let shape: Shape
    let slots: [String]
    let meals: [PlannedMeal]

    init(_ shape: Shape) {
        self.shape = shape
        let extraSlots = ["Second breakfast before the walk", "elevenses", "Afternoon tea with the neighbours",
                          "after school", "pre-workout", "Supper for whoever is still up", "midnight feast", "Nibbles"]
        slots = MealSlot.defaults.map(\.name) + (shape == .manySlots ? extraSlots.map { String($0.prefix(32)) } : [])
        var meals: [PlannedMeal] = []
        func plan(_ day: Int, _ slot: Int, _ title: String, note: String? = nil, recipe: String? = nil) {
            let token = "q\(meals.count)"
            meals.append(PlannedMeal(token: token, day: day, slot: slot, title: token + " " + title, note: note, recipe: recipe))
        }
        let dishes = ["Porridge with blueberries", "Lasagna al forno", "Lentil soup with rye bread", "Chicken tikka masala",
                      "Smørrebrød with pickled herring", "Crème brûlée", "Bibimbap 비빔밥", "Apple slices"]
        for day in 0..<7 {
            for slot in slots.indices {
                let dish = dishes[(day + slot) % dishes.count]
                // Lasagna and soup have recipes: the list is made of them.
                let recipe = dish.hasPrefix("Lasagna") ? "Lasagna" : dish.hasPrefix("Lentil") ? "Soup" : nil
                switch shape {
                case .typical:
                    plan(day, slot, dish, recipe: recipe)
                    if slot == 3 && day % 2 == 0 { plan(day, slot, "Hummus and carrots") }
                case .longTitles:
                    let words = "Slow-roasted lamb with rosemary, served with "
                        + "Donaudampfschifffahrtsgesellschaftskapitänsmütze-shaped dumplings, 비빔밥 and "
                    plan(day, slot, words + String(repeating: "spring vegetables from the market ", count: (day + slot) % 4),
                         recipe: recipe)
                case .crowded:
                    for index in 0..<(day == 2 && slot == 2 ? 6 : 3) {
                        plan(day, slot, dishes[(day + slot + index) % dishes.count], recipe: index == 0 ? recipe : nil)
                    }
                case .manySlots:
                    plan(day, slot, dish, recipe: recipe)
                case .notes:
                    plan(day, slot, dish, note: "Take it out of the freezer the night before and keep it in the fridge; "
                         + "the sauce wants an hour on a low heat, stirred now and then, and salt only at the end\n"
                         + "second line, not printed", recipe: recipe)
                }
            }
        }
        self.meals = meals
    }

    /// The fixture's plan in `cli`: its slots, then its meals imported from a CSV file.
    func plan(in cli: CLISandbox) throws {
        for slot in slots.dropFirst(MealSlot.defaults.count) { try cli.succeed(["slots", "add", slot]) }
        let rows = meals.map { meal in
            [Self.monday.adding(days: meal.day).iso, slots[meal.slot], meal.title, meal.note ?? "", meal.recipe ?? "",
             meal.recipe == nil ? "" : "4"].map(Self.csvField).joined(separator: ",")
        }
        let file = cli.folder + "/week.csv"
        try (["date,slot,title,note,recipe,servings"] + rows).joined(separator: "\r\n").appending("\r\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try cli.succeed(["import", file])
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { ",\"\r\n".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
