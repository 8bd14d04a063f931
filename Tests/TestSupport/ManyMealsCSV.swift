/// A CSV file of `rows` meals in import's format, four a day from 2030-01-01 over the 28 days of
/// each month of 2030 and onwards: big enough to cross the progress threshold, quick to build.
public func manyMealsCSV(rows: Int) -> String {
    let slots = ["breakfast", "lunch", "dinner", "snack"]
    var text = "date,slot,title,note\r\n"
    text.reserveCapacity(rows * 40)
    for row in 0..<rows {
        let dayIndex = row / slots.count
        let year = 2030 + dayIndex / (12 * 28)
        let month = dayIndex / 28 % 12 + 1
        let day = dayIndex % 28 + 1
        let date = "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        text += "\(date),\(slots[row % slots.count]),Meal number \(row),\r\n"
    }
    return text
}
