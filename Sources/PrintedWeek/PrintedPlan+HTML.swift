import MealPlanCore

extension PrintedPlan {
    /// "Meals, 2 – 8 March 2026": the page's title.
    public var title: String { "Meals, \(SheetText.range(days))" }

    /// The page: a sheet for each week, then the list's. Its Content-Security-Policy lets
    /// nothing load and no script run, whatever a browser is given.
    public var html: String {
        let box = PageBox(paper)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(title)</title>
            <style>
            \(PrintStyle.css(paper: paper, box: box))</style>
            </head>
            <body>

            """
        let sources = Dictionary(meals.compactMap { meal in meal.id.map { ($0, meal) } }) { first, _ in first }
        for week in weeks {
            let cells = WeekCells(week: week, slots: slots, meals: meals, sources: sources)
            WeekSheet(cells, box: box, printedOn: printedOn).write(into: &html)
        }
        if let list { ListSheet(list, days: days, box: box, printedOn: printedOn).write(into: &html) }
        html += "</body>\n</html>\n"
        return html
    }
}
