import MealPlanCore
import TerminalKit

/// The text of `mealplan list`: meals grouped under day headers, ids and slots in aligned
/// columns measured in terminal columns (a CJK slot name takes two per character), user text
/// made visible, the recipe (with "recipe missing" when `hasRecipe` does not find its file) and
/// each note line indented under its title. `everyDay` lists each of its days,
/// those without meals too; `ifEmpty` is the one line printed when there is nothing to list.
/// `dayLabel` heads each day; meals without ids (a template's) have no id column.
///
/// Given the `width` of a terminal, titles and notes wrap at spaces to fit it, each continuation
/// indented under the title, so a long line never breaks mid-word at the terminal's edge. Text
/// for a pipe or a file is never wrapped.
///
/// The text streams: the columns are measured on a first pass over the meals (`Columns`), and a
/// `Writer` then writes each meal's lines as it comes, so that a listing of millions of meals
/// holds one at a time.
enum MealListText {
    /// Below this many columns for the text, wrapping would make a ribbon of words: the lines
    /// are left long instead.
    static let narrowestWrap = 12

    /// What the columns need to know of every meal listed, and which days had meals.
    struct Columns {
        /// Whether some meal has an id (a template's meals have none: no id column then).
        fileprivate var hasIDs = false
        fileprivate var idWidth = 1
        fileprivate var slotWidth = 0
        /// The first and last day with a meal.
        private(set) var days: DayRange?
        /// Whether some meal names a recipe.
        private(set) var namesRecipe = false

        init() {}

        /// Takes `meal`, one of those to be listed, into account.
        mutating func measure(_ meal: Meal) {
            hasIDs = hasIDs || meal.id != nil || meal.occurrence != nil
            idWidth = max(idWidth, meal.listedID.count)
            slotWidth = max(slotWidth, meal.slot.terminalWidth)
            days = days.map { DayRange(min($0.first, meal.day), max($0.last, meal.day)) } ?? DayRange(meal.day, meal.day)
            namesRecipe = namesRecipe || meal.recipe != nil
        }
    }

    /// Writes the lines of meals given one at a time in display order, all of them measured
    /// into `columns` first.
    struct Writer {
        private let idWidth: Int?
        private let slotWidth: Int
        private let noteIndent: String
        /// The columns a title or note line may take; nil when not wrapping.
        private let textWidth: Int?
        private let everyDay: DayRange?
        private let ifEmpty: String
        private let hasRecipe: (String) -> Bool
        private let dayLabel: (Day) -> String
        /// The day whose header was written last.
        private var currentDay: Day?

        init(
            columns: Columns, everyDay: DayRange?, ifEmpty: String, width: Int? = nil,
            hasRecipe: @escaping (String) -> Bool = { _ in true },
            dayLabel: @escaping (Day) -> String = { "\($0.weekday.shortName) \($0.iso)" }
        ) {
            idWidth = columns.hasIDs ? columns.idWidth : nil
            slotWidth = columns.slotWidth
            let indent = 2 + (idWidth.map { $0 + 2 } ?? 0) + slotWidth + 2
            noteIndent = String(repeating: " ", count: indent)
            textWidth = width.map { $0 - indent }.flatMap { $0 >= narrowestWrap ? $0 : nil }
            self.everyDay = everyDay
            self.ifEmpty = ifEmpty
            self.hasRecipe = hasRecipe
            self.dayLabel = dayLabel
        }

        /// Writes `meal`'s lines through `emit`, after its day's header when it is the day's first.
        mutating func write(_ meal: Meal, to emit: (String) -> Void) {
            if meal.day != currentDay {
                writeDays(before: meal.day, to: emit)
                header(meal.day, to: emit)
            }
            let idColumn = idWidth.map { width in
                let id = meal.listedID
                return String(repeating: " ", count: max(0, width - id.count)) + id + "  "
            } ?? ""
            let title = fitted((statusMark(meal.status) + meal.title)[...])
            emit("  \(idColumn)\(meal.slot.padded(toWidth: slotWidth))  \(title[0])")
            title.dropFirst().forEach { emit(noteIndent + $0) }
            if let source = meal.leftoversOf {
                emit(noteIndent + "leftovers of meal \(source)")
            }
            if let recipe = meal.recipe {
                fitted(recipeLine(recipe, servings: meal.servings, eaters: meal.eaters, missing: !hasRecipe(recipe))[...])
                    .forEach { emit(noteIndent + $0) }
            }
            for noteLine in meal.note?.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) ?? [] {
                fitted(noteLine).forEach { emit(noteIndent + $0) }
            }
        }

        /// Writes the days of `everyDay` left after the last meal, or `ifEmpty` when nothing
        /// was listed at all.
        mutating func finish(to emit: (String) -> Void) {
            guard everyDay != nil else {
                if currentDay == nil { emit(ifEmpty) }
                return
            }
            writeDays(before: nil, to: emit)
        }

        /// The days of `everyDay` after the current one and before `end` (to its last day when
        /// nil), each as having nothing planned.
        private mutating func writeDays(before end: Day?, to emit: (String) -> Void) {
            guard let everyDay else { return }
            // The day after the current one (none after the calendar's last), else the first.
            var day: Day? = currentDay.map { $0 < everyDay.last ? max($0.adding(days: 1), everyDay.first) : nil } ?? everyDay.first
            while let next = day, end.map({ next < $0 }) ?? true {
                header(next, to: emit)
                emit("  (nothing planned)")
                day = next < everyDay.last ? next.adding(days: 1) : nil
            }
        }

        private mutating func header(_ day: Day, to emit: (String) -> Void) {
            if currentDay != nil { emit("") }
            emit(dayLabel(day))
            currentDay = day
        }

        /// `text` as lines of at most `textWidth` columns (one line each when not wrapping).
        private func fitted(_ text: Substring) -> [String] {
            guard let textWidth else { return [String(text).terminalVisible] }
            return String(text).wrapped(toWidth: textWidth)
        }
    }

    /// The lines of `meals`, given in display order, all at once.
    static func lines(
        meals: [Meal], everyDay: DayRange?, ifEmpty: String, width: Int? = nil, hasRecipe: @escaping (String) -> Bool = { _ in true },
        dayLabel: @escaping (Day) -> String = { "\($0.weekday.shortName) \($0.iso)" }
    ) -> [String] {
        var columns = Columns()
        meals.forEach { columns.measure($0) }
        var writer = Writer(columns: columns, everyDay: everyDay, ifEmpty: ifEmpty, width: width, hasRecipe: hasRecipe, dayLabel: dayLabel)
        var lines: [String] = []
        for meal in meals { writer.write(meal) { lines.append($0) } }
        writer.finish { lines.append($0) }
        return lines
    }

    /// "recipe: Lasagna, 6 servings", and "(recipe missing)" after it when its file is gone.
    static func recipeLine(_ recipe: String, servings: Double?, eaters: Double? = nil, missing: Bool) -> String {
        "recipe: \(recipe)" + (servings.map { ", \(Meal.servingsText($0)) servings" } ?? "")
            + (eaters.map { ", \(Meal.servingsText($0)) eat" } ?? "") + (missing ? " (recipe missing)" : "")
    }

    /// "✓ " before a meal marked done, "✗ " before a skipped one, nothing while planned.
    static func statusMark(_ status: MealStatus) -> String {
        switch status {
        case .planned: ""
        case .done: "✓ "
        case .skipped: "✗ "
        }
    }
}

extension Meal {
    /// The id `list` shows: the meal's, or `r` and the rule's for an occurrence of a repeat
    /// rule, which `mealplan repeat` takes.
    var listedID: String {
        if let id { return String(id) }
        return occurrence.map { "r\($0.rule)" } ?? "-"
    }
}
