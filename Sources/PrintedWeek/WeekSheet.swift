import MealPlanCore

/// One week's sheet: a heading with its days, the grid of slots × days, and a foot with the
/// legend of the marks used and the day it was printed.
struct WeekSheet {
    let cells: WeekCells
    let layout: WeekLayout
    let printedOn: Day

    init(_ cells: WeekCells, box: PageBox, printedOn: Day) {
        self.cells = cells
        layout = WeekLayout(cells, box: box)
        self.printedOn = printedOn
    }

    func write(into html: inout String) {
        let flowing = layout.fits ? "" : " flowing"
        html += "<section class=\"sheet week\(flowing)\" style=\"font-size: \(PrintStyle.rounded(layout.fontSize))pt\">\n"
        let days = DayRange(cells.days.first!, cells.days.last!)
        html += "<header><h1>Meals, \(SheetText.range(days))</h1></header>\n"
        html += "<div class=\"frame\"><table>\n<colgroup><col style=\"width: \(PrintStyle.rounded(layout.slotColumn))mm\">"
        html += String(repeating: "<col>", count: cells.days.count) + "</colgroup>\n<thead><tr><th></th>"
        for day in cells.days {
            html += "<th>\(day.weekday.shortName)<span>\(day.date.day) \(Day.monthNames[day.date.month - 1].prefix(3))</span></th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for (row, slot) in cells.slots.enumerated() {
            html += "<tr><th>" + HTMLText.escaped(slot) + "</th>"
            for column in cells.days.indices {
                html += "<td>"
                for meal in cells.meals[row][column] { write(meal, into: &html) }
                html += "</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table></div>\n<footer><p>\(legend)</p><p>printed \(SheetText.printed(printedOn))</p></footer>\n</section>\n"
    }

    private func write(_ meal: WeekCells.PrintedMeal, into html: inout String) {
        html += meal.status == .skipped ? "<div class=\"meal skipped\">" : "<div class=\"meal\">"
        html += "<div class=\"t\">" + HTMLText.escaped(meal.title) + "</div>"
        if let marks = meal.marks { html += "<div class=\"m\">" + HTMLText.escaped(marks) + "</div>" }
        if let note = meal.note { html += "<div class=\"n\">" + HTMLText.escaped(note) + "</div>" }
        html += "</div>"
    }

    /// What the marks on this sheet mean: only those it uses, or nothing.
    private var legend: String {
        var parts: [String] = []
        if cells.repeats { parts.append("↻ a repeating meal") }
        if cells.done { parts.append("✓ done") }
        if cells.skipped { parts.append("struck out: skipped") }
        return parts.joined(separator: " · ")
    }
}
