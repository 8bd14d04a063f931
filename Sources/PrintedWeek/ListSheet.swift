import MealPlanCore
import ShoppingList
import TextHelpers

/// The shopping list's sheet: the days and how many meals it is for, then aisle by aisle each
/// item with a box to tick (ticked already when `shop` has it ticked) and its amounts as `shop`
/// shows them, what the plan leaves running low, the meals whose shopping it does not do (they
/// have no recipe), and the list's notes, in columns.
struct ListSheet {
    let printed: PrintedList
    let days: DayRange
    let layout: ListLayout
    let printedOn: Day

    init(_ printed: PrintedList, days: DayRange, box: PageBox, printedOn: Day) {
        self.printed = printed
        self.days = days
        layout = ListLayout(printed.list, box: box)
        self.printedOn = printedOn
    }

    func write(into html: inout String) {
        let list = printed.list
        let flowing = layout.fits ? "" : " flowing"
        html += "<section class=\"sheet list\(flowing)\" style=\"font-size: \(PrintStyle.rounded(layout.fontSize))pt\">\n"
        html += "<header><h1>Shopping list, \(SheetText.range(days))</h1><p>"
            + HTMLText.escaped(ShoppingList.cookedText(printed.cooked)) + "</p></header>\n<div class=\"aisles\">\n"
        if list.items.isEmpty { html += "<p>" + HTMLText.escaped(ShoppingList.nothingToBuy(cooked: printed.cooked)) + "</p>\n" }
        for group in list.aisleGroups {
            html += "<section class=\"aisle\"><h2>" + HTMLText.escaped(group.aisle ?? "other") + "</h2><ul>\n"
            for item in group.items {
                html += item.checked ? "<li class=\"ticked\"><span class=\"box\">✓</span>" : "<li><span class=\"box\"></span>"
                html += "<span class=\"name\">" + HTMLText.escaped(item.name) + "</span>"
                let amount = item.shownAmount
                if !amount.isEmpty { html += "<span class=\"amount\">" + HTMLText.escaped(amount) + "</span>" }
                html += "</li>\n"
            }
            html += "</ul></section>\n"
        }
        section("running low", list.runningLow.map(\.text), into: &html)
        section("not on this list", list.withoutRecipe.map(Self.withoutRecipeText), into: &html)
        section("notes", Self.notes(of: list), into: &html)
        html += "</div>\n<footer><p></p><p>printed \(SheetText.printed(printedOn))</p></footer>\n</section>\n"
    }

    /// "Tue 3 lunch: Club sandwich": a meal of the days without a recipe, whose shopping the
    /// list does not do; a long title cut, as a message quotes it.
    static func withoutRecipeText(_ meal: ShoppingList.MealUse) -> String {
        "\(meal.day.weekday.shortName) \(meal.day.date.day) \(meal.slot): \(meal.title.messageExcerpt)"
    }

    /// The list's notes and the meals it leaves out, as `shop` ends with them; the meals
    /// without a recipe have a section of their own.
    static func notes(of list: ShoppingList) -> [String] {
        list.notes.map { "note: \($0)" } + list.problems.map(\.text)
    }

    /// A heading and lines of text, without boxes; nothing when there are no lines.
    private func section(_ heading: String, _ lines: [String], into html: inout String) {
        guard !lines.isEmpty else { return }
        html += "<section class=\"aisle notes\"><h2>\(heading)</h2><ul>\n"
        for line in lines { html += "<li>" + HTMLText.escaped(line) + "</li>\n" }
        html += "</ul></section>\n"
    }
}

/// The list sheet's font size: the largest of `WeekLayout.sizes` at which the list, in
/// `columns` columns, is estimated to fit the sheet; else it runs over more sheets.
struct ListLayout: Equatable {
    let fontSize: Double
    let fits: Bool

    static let columns = 3
    static let columnGap = 6.0
    static let aisleGap = 3.0
    static let itemPadding = 0.6
    static let headingText = 1.1
    static let flowingSize = 9.0

    init(_ list: ShoppingList, box: PageBox) {
        for size in WeekLayout.sizes where Self.height(of: list, box: box, fontSize: size) <= box.height * WeekLayout.filling {
            fontSize = size
            fits = true
            return
        }
        fontSize = Self.flowingSize
        fits = false
    }

    /// The estimated height of the sheet at `fontSize`: its heading and foot, and the columns'
    /// content shared among them, each ending up to one item (or heading) taller than the share.
    static func height(of list: ShoppingList, box: PageBox, fontSize: Double) -> Double {
        let em = fontSize * TextMeasure.millimetresPerPoint, line = em * WeekLayout.lineHeight
        let column = (box.width - Double(columns - 1) * columnGap) / Double(columns)
        let text = (column - 2 * em) / em
        var blocks: [Double] = []
        let heading = headingText * line + 1 + WeekLayout.rule
        for group in list.aisleGroups {
            blocks.append(heading + aisleGap)
            for item in group.items {
                let words = item.name + " " + item.shownAmount
                blocks.append(Double(TextMeasure.lines(words, width: text)) * line + 2 * itemPadding)
            }
        }
        for lines in [list.runningLow.map(\.text), list.withoutRecipe.map(ListSheet.withoutRecipeText), ListSheet.notes(of: list)]
        where !lines.isEmpty {
            blocks.append(heading + aisleGap)
            blocks += lines.map { Double(TextMeasure.lines($0, width: column / em)) * line + 2 * itemPadding }
        }
        let frame = WeekLayout.headingText * line + WeekLayout.headingGap + WeekLayout.legendText * line + WeekLayout.legendGap
        return frame + blocks.reduce(0, +) / Double(columns) + (blocks.max() ?? 0) + heading
    }
}
