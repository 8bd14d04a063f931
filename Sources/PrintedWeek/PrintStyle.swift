/// The page's style sheet: black on white, landscape sheets of the page box, a grid with ruled
/// cells whose text wraps at spaces (Korean too, `keep-all`) and anywhere in a word too long
/// for its line rather than leave its cell, and a list in columns. Its lengths are
/// `WeekLayout`'s, which the font size was chosen by.
enum PrintStyle {
    static func css(paper: Paper?, box: PageBox) -> String {
        let millimetres = { (value: Double) in "\(rounded(value))mm" }
        let week = WeekLayout.self
        return """
            @page { size: \(paper.map { $0.cssName + " " } ?? "")landscape; margin: \(millimetres(PageBox.margin)); }
            * { box-sizing: border-box; }
            html { color: #000; background: #fff; line-height: \(week.lineHeight);
              font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; }
            body { margin: 0; }
            .sheet { width: \(millimetres(box.width)); height: \(millimetres(box.height - sheetSlack)); display: flex;
              flex-direction: column; break-after: page; }
            .sheet:last-child { break-after: auto; }
            .sheet.flowing { height: auto; }
            .sheet > header { display: flex; justify-content: space-between; align-items: baseline; gap: 4mm;
              margin-bottom: \(millimetres(week.headingGap)); }
            .sheet > header p, h1, h2 { margin: 0; }
            h1 { font-size: \(week.headingText)em; }
            .sheet > footer { display: flex; justify-content: space-between; gap: 4mm; font-size: \(week.legendText)em;
              margin-top: \(millimetres(week.legendGap)); }
            .frame { flex: 1 1 auto; min-height: 0; }
            .flowing .frame { flex: none; }
            table { width: 100%; height: 100%; border-collapse: collapse; table-layout: fixed; }
            .flowing table { height: auto; }
            th, td { border: \(millimetres(week.rule)) solid #000; padding: \(millimetres(week.cellPadding)); vertical-align: top;
              text-align: left; overflow-wrap: anywhere; word-break: keep-all; }
            tr { break-inside: avoid; }
            thead th span { display: block; font-weight: normal; }
            .t, .m, .n, tbody th, li span { unicode-bidi: plaintext; }
            .t { font-weight: bold; }
            .m, .n { font-size: \(week.smallText)em; }
            .n { font-style: italic; }
            .meal + .meal { margin-top: 1mm; padding-top: 1mm; border-top: 0.2mm dotted #000; }
            .skipped .t { text-decoration: line-through; }
            .aisles { flex: 1 1 auto; min-height: 0; columns: \(ListLayout.columns); column-gap: \(millimetres(ListLayout.columnGap)); }
            .flowing .aisles { flex: none; }
            .aisle { margin-bottom: \(millimetres(ListLayout.aisleGap)); }
            h2 { font-size: \(ListLayout.headingText)em; border-bottom: \(millimetres(week.rule)) solid #000;
              margin-bottom: 1mm; break-after: avoid; }
            ul { list-style: none; margin: 0; padding: 0; }
            li { display: flex; align-items: flex-start; gap: 2mm; padding: \(millimetres(ListLayout.itemPadding)) 0;
              break-inside: avoid; overflow-wrap: anywhere; }
            .box { flex: none; width: 1em; height: 1em; margin-top: 0.1em; border: \(millimetres(week.rule)) solid #000;
              font-size: 1em; line-height: 1; text-align: center; }
            .name { flex: 1 1 auto; min-width: 0; }
            .amount { flex: 0 1 auto; max-width: 50%; text-align: right; }
            .ticked .name { text-decoration: line-through; }
            .notes li { display: block; }
            @media screen {
              html { background: #ddd; }
              .sheet { box-sizing: content-box; background: #fff; margin: 8mm auto; padding: \(millimetres(PageBox.margin)); }
            }

            """
    }

    /// How much shorter a sheet is than its page box, so that rounding never pushes its foot
    /// onto a page of its own.
    static let sheetSlack = 1.0

    /// `value` (not negative) with at most two decimals, as CSS takes it: "10", "2.2", "0.35".
    static func rounded(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        if fraction == 0 { return "\(whole)" }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
