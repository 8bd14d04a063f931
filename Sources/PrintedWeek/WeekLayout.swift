/// The size a week's sheet is printed in, chosen before the browser lays it out: the largest
/// font (from `sizes`) at which the estimated grid (`TextMeasure`) fits the page's box, else
/// the sheet runs over more pages at `flowingSize`. Every length is in millimetres, from the
/// same figures the style sheet (`PrintStyle`) sets, so that the two cannot drift.
struct WeekLayout: Equatable {
    /// The font size, in points.
    let fontSize: Double
    /// The slot names' column, in millimetres.
    let slotColumn: Double
    /// Whether the week fits its sheet; if not, its rows run onto the next sheets.
    let fits: Bool

    /// The sizes tried, largest first: 10 pt reads from across a kitchen, 6 pt still up close.
    static let sizes: [Double] = [10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5, 6]
    /// The size of a week that fits no sheet: its rows run over several, each readable.
    static let flowingSize = 8.0

    /// Line height, in ems (`line-height` in the style).
    static let lineHeight = 1.25
    /// A cell's padding on each side, and the width of a rule between cells, in millimetres.
    static let cellPadding = 1.0
    static let rule = 0.3
    /// The room between two meals of a cell: a margin, a dotted rule, a padding.
    static let mealGap = 2.2
    /// The marks' and notes' size, and the legend's, in ems of the sheet's.
    static let smallText = 0.85
    static let legendText = 0.8
    /// The heading's size in ems, and the room under it and above the legend, in millimetres.
    static let headingText = 1.4
    static let headingGap = 2.0
    static let legendGap = 1.5
    /// The fewest lines a slot's row keeps, for writing on.
    static let fewestLines = 2.0
    /// The narrowest and widest the slot names' column is.
    static let slotColumnRange = 16.0...32.0
    /// The share of the box an estimate may fill: the rest is for what it cannot foresee.
    static let filling = 0.94

    /// The layout of `week`'s cells in a page box `box`.
    init(_ cells: WeekCells, box: PageBox) {
        for size in Self.sizes {
            let layout = Self.measure(cells, box: box, fontSize: size)
            if layout.height <= box.height * Self.filling {
                self.init(fontSize: size, slotColumn: layout.slotColumn, fits: true)
                return
            }
        }
        self.init(fontSize: Self.flowingSize, slotColumn: Self.measure(cells, box: box, fontSize: Self.flowingSize).slotColumn,
                  fits: false)
    }

    init(fontSize: Double, slotColumn: Double, fits: Bool) {
        self.fontSize = fontSize
        self.slotColumn = slotColumn
        self.fits = fits
    }

    /// The estimated height of the whole sheet at `fontSize`, and its slot column's width.
    static func measure(_ cells: WeekCells, box: PageBox, fontSize: Double) -> (height: Double, slotColumn: Double) {
        let em = fontSize * TextMeasure.millimetresPerPoint
        let line = em * lineHeight
        let longestSlot = cells.slots.map { slot in slot.reduce(0.0) { $0 + TextMeasure.width(of: $1, bold: true) } }.max() ?? 0
        let slotColumn = min(max(longestSlot * em * TextMeasure.slack + 2 * cellPadding + rule, slotColumnRange.lowerBound),
                             slotColumnRange.upperBound)
        let inner = { (column: Double) in (column - 2 * cellPadding - rule) / em }
        let dayText = inner((box.width - slotColumn) / Double(max(cells.days.count, 1)))
        let slotText = inner(slotColumn)
        let cellFrame = 2 * cellPadding + rule
        var height = headingText * line + headingGap + legendText * line + legendGap + rule
        height += 2 * line + cellFrame  // the days' heading row: the weekday, then the date
        for (row, slot) in cells.slots.enumerated() {
            var tallest = max(Double(TextMeasure.lines(slot, width: slotText, bold: true)), fewestLines) * line
            for column in cells.days.indices {
                let meals = cells.meals[row][column]
                var content = 0.0
                for (index, meal) in meals.enumerated() {
                    if index > 0 { content += mealGap }
                    content += Double(TextMeasure.lines(meal.title, width: dayText, bold: true)) * line
                    let small = dayText / smallText
                    for text in [meal.marks, meal.note].compactMap({ $0 }) {
                        content += Double(TextMeasure.lines(text, width: small)) * line * smallText
                    }
                }
                tallest = max(tallest, content)
            }
            height += tallest + cellFrame
        }
        return (height, slotColumn)
    }
}
