import MealPlanCore
import TextHelpers

/// One week's grid as the sheet prints it: a row per slot, a column per day, and in each cell
/// its meals' texts, in display order.
struct WeekCells {
    /// What one meal shows: its title (after ✓ when done), one line of marks, the first line of
    /// its note.
    struct PrintedMeal: Equatable {
        var title: String
        /// "4 servings · leftovers from Mon dinner · ↻", or `nil` when it has none.
        var marks: String?
        var note: String?
        var status: MealStatus
    }

    let days: [Day]
    let slots: [String]
    /// `meals[row][column]`: the meals of `slots[row]` on `days[column]`.
    let meals: [[[PrintedMeal]]]
    /// The marks the legend explains: whether some meal repeats, is done, is skipped.
    let repeats: Bool
    let done: Bool
    let skipped: Bool

    /// The longest note line printed, in characters: a note's first line is a reminder, and a
    /// paragraph would crowd its cell; a longer one ends in "…" at a space.
    static let noteLength = 100

    /// The grid of `week`: the plan's `slots` in order, then any slot a meal has that they do
    /// not name (none in a plan read whole, which names every slot its meals are in). `sources`
    /// are meals the leftovers among `meals` may come from, by id.
    init(week: DayRange, slots planSlots: [String], meals: [Meal], sources: [Int64: Meal]) {
        days = Array(week)
        var slots = planSlots
        for meal in meals where !slots.contains(meal.slot) { slots.append(meal.slot) }
        self.slots = slots
        let row = Dictionary(slots.enumerated().map { ($1, $0) }) { first, _ in first }
        var grid = Array(repeating: Array(repeating: [PrintedMeal](), count: days.count), count: slots.count)
        for meal in meals where week.contains(meal.day) {
            grid[row[meal.slot]!][week.first.distance(to: meal.day)].append(Self.printed(meal, sources: sources))
        }
        self.meals = grid
        repeats = meals.contains { week.contains($0.day) && $0.occurrence != nil }
        done = meals.contains { week.contains($0.day) && $0.status == .done }
        skipped = meals.contains { week.contains($0.day) && $0.status == .skipped }
    }

    /// The texts `meal` prints: servings, leftovers (with their cook's day and slot when it is
    /// printed too, else its date) and the repeat mark as one line.
    static func printed(_ meal: Meal, sources: [Int64: Meal]) -> PrintedMeal {
        var marks: [String] = []
        if meal.status == .skipped { marks.append("skipped") }
        if let servings = meal.servings { marks.append("\(Meal.servingsText(servings)) serving\(servings == 1 ? "" : "s")") }
        if let source = meal.leftoversOf {
            marks.append(sources[source].map { "leftovers from \($0.day.weekday.shortName) \($0.day.date.day) \($0.slot)" }
                         ?? "leftovers")
        }
        if meal.occurrence != nil { marks.append("↻") }
        let title = (meal.status == .done ? "✓ " : "") + meal.title
        return PrintedMeal(title: title, marks: marks.isEmpty ? nil : marks.joined(separator: " · "),
                           note: meal.note.flatMap(firstLine), status: meal.status)
    }

    /// The first line of `note` that is not blank, trimmed, at most `noteLength` characters
    /// (cut at a space, with "…"; also when more lines follow, so the reader knows there is more).
    static func firstLine(of note: String) -> String? {
        let lines = note.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
        guard let index = lines.firstIndex(where: { !$0.isEmpty }) else { return nil }
        var line = lines[index]
        let more = lines[(index + 1)...].contains { !$0.isEmpty }
        guard line.count > noteLength || more else { return line }
        if line.count > noteLength {
            let cut = line.prefix(noteLength)
            line = String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut).trimmingWhitespace()
        }
        return line + " …"
    }
}
