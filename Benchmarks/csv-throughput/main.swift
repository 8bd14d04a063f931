// Times MealPlanExchange's CSV reader and writer alone, without a database, so that their
// share of `mealplan import`/`export` is known:
//
//   csv-throughput read FILE.csv     parse every row (fd streaming), print rows and seconds
//   csv-throughput write N           write N meals to standard output, print seconds to stderr
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import MealPlanExchange

/// Writes a line to standard error (Swift 6 forbids touching C's global `stderr`).
func report(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    report("csv-throughput: \(message)")
    exit(64)
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.dropFirst().first) {
case ("read", let path?):
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { fail("cannot open \(path)") }
    let start = ContinuousClock.now
    var reader = CSVMealReader(fileDescriptor: descriptor)
    var rows = 0
    var bytes = 0
    do {
        while let row = try reader.next() {
            rows += 1
            bytes &+= row.title.utf8.count
        }
    } catch {
        fail(error.description)
    }
    report("read \(rows) rows (\(bytes) title bytes) in \(seconds(since: start)) s")
case ("write", let countText?):
    guard let count = Int(countText), count >= 0 else { fail("write needs a meal count") }
    let titles = ["Porridge", "Lentil soup, bread", "Pad thai", "Crème brûlée", "拉麺", "The \"famous\" lasagna"]
    let slots = MealSlot.defaults.map(\.name)
    let first = Day(year: 1700, month: 1, day: 1)!
    let start = ContinuousClock.now
    var writer = CSVMealWriter(fileDescriptor: 1)
    do {
        for index in 0..<count {
            try writer.write(Meal(
                day: first.adding(days: index / 4), slot: slots[index % 4], title: titles[index % titles.count],
                note: index % 7 == 0 ? "prep the night before\nsoak beans" : nil))
        }
        try writer.finish()
    } catch {
        fail("\(error)")
    }
    report("wrote \(count) meals in \(seconds(since: start)) s")
default:
    fail("usage: csv-throughput read FILE.csv | csv-throughput write N")
}
