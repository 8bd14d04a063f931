import Glibc
import MealPlanCore
import TextHelpers
@testable import MealPlanExchange

/// Fuzzes what `mealplan import` does with a file's bytes before anything reaches SQLite: the
/// same `CSVMealImport` pipeline reads the rows and judges each row's date, slot, title and
/// note. Either every row becomes a meal, or the first bad one is reported as `line N: …` with
/// N a line of the input.
///
/// Reading the input from a file in chunks of a few bytes, so that records and line ends are
/// cut everywhere, must give what reading it at once gives. Accepted meals must be sane, and
/// written with CSVMealWriter and read back they must come back unchanged, so what `export`
/// writes `import` reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = importMeals(CSVMealReader(bytes: bytes))
    let chunked = importMeals(CSVMealReader(fileDescriptor: scratchFile { fd in
        _ = bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }, chunkSize: 1 + size % 8))
    FuzzCheck.require(chunked == result, "reading in chunks gives what reading at once gives", "at once: \(result)\nin chunks: \(chunked)")
    switch result {
    case .success(let meals):
        for meal in meals { requireSane(meal) }
        let copy = importMeals(CSVMealReader(fileDescriptor: scratchFile { fd in write(meals, to: fd) }))
        FuzzCheck.require(copy == .success(meals), "meals written by CSVMealWriter read back unchanged", "got \(copy)")
    case .failure(let error):
        FuzzCheck.requireOneLine(error.userMessage)
        let lines = lineCount(bytes)
        FuzzCheck.require((1...max(1, lines)).contains(error.line), "an error names a line of the input", "line \(error.line) of \(lines): \(error.message)")
    }
    return 0
}

private let slots = MealSlot.defaults

/// The meals of the file, or its first problem, as `mealplan import` gets them.
private func importMeals(_ reader: CSVMealReader) -> Result<[Meal], CSVImportError> {
    var pipeline = CSVMealImport(reader, slots: slots)
    var meals: [Meal] = []
    do throws(CSVImportError) {
        while let meal = try pipeline.next() {
            meals.append(meal)
        }
    } catch {
        return .failure(error)
    }
    return .success(meals)
}

private func requireSane(_ meal: Meal) {
    let title = meal.title
    FuzzCheck.require(!title.isEmpty && title == title.trimmingWhitespace(), "a title is trimmed and not empty", title.debugDescription)
    FuzzCheck.require(title.count <= Meal.maximumTitleLength, "a title has at most 500 characters", "\(title.count) characters")
    FuzzCheck.require(!title.contains(where: \.isNewline), "a title is one line", title.debugDescription)
    FuzzCheck.require(Day.validNumbers.contains(meal.day.number), "a meal's day lies in the calendar", "\(meal.day.number)")
    FuzzCheck.require(slots.contains { $0.name == meal.slot }, "a meal's slot exists", meal.slot)
    if let note = meal.note {
        FuzzCheck.require(!note.isEmpty && note == note.trimmingWhitespace(), "a note is trimmed and not empty", note.debugDescription)
    }
}

/// The scratch file, emptied, filled by `fill` and rewound.
private func scratchFile(filledBy fill: (Int32) -> Void) -> Int32 {
    FuzzCheck.require(ftruncate(scratch, 0) == 0 && lseek(scratch, 0, SEEK_SET) == 0, "the scratch file can be emptied", "")
    fill(scratch)
    FuzzCheck.require(lseek(scratch, 0, SEEK_SET) == 0, "the scratch file can be rewound", "")
    return scratch
}

/// An unlinked temporary file, reused by every input.
private let scratch = fileno(tmpfile())

private func write(_ meals: [Meal], to fileDescriptor: Int32) {
    var writer = CSVMealWriter(fileDescriptor: fileDescriptor)
    do {
        for meal in meals { try writer.write(meal) }
        try writer.finish()
    } catch {
        FuzzCheck.require(false, "CSVMealWriter writes to a file", "\(error)")
    }
}

/// Lines of the input as an editor counts them: CR LF, LF and a lone CR each end one.
private func lineCount(_ bytes: [UInt8]) -> Int {
    var lines = 0
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\r") {
            lines += 1
            if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        } else if bytes[index] == UInt8(ascii: "\n") {
            lines += 1
        }
        index += 1
    }
    let endsWithBreak = bytes.last == UInt8(ascii: "\r") || bytes.last == UInt8(ascii: "\n")
    return lines + (bytes.isEmpty || endsWithBreak ? 0 : 1)
}
