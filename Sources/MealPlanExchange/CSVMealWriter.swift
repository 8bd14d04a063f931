#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// Writes meals as RFC 4180 CSV (UTF-8, CRLF, header
/// `date,slot,title,note,recipe,servings,status,leftovers_of,eaters`) to a file descriptor, one
/// row at a time. `status` is empty while planned; `leftovers_of` names the source of leftovers
/// by its day and slot ("2026-11-23 dinner"), since the file has no ids.
///
/// Exporting a million meals must take well under a second and constant memory, so rows are
/// encoded straight into a byte buffer that is handed to `write(2)` whenever it fills; nothing
/// is built per row but bytes. Fields are quoted only when they must be (a comma, quote, CR or
/// LF, or leading/trailing blank space that a careless reader could trim).
///
/// With `protectsFormulas`, a field that a spreadsheet would run as a formula (one starting
/// with `=`, `+`, `-`, `@`, a tab or CR), or that starts with an apostrophe, gets an apostrophe
/// before it, and the header says so (see `CSVFormat.protectedHeaderStart`), so that
/// `CSVMealReader` removes them again.
///
/// Written to a terminal, every C0 and C1 control character of a field (a line break in a note
/// too) is shown as its stand-in (`ControlPicture`), so that no text of a meal reaches the
/// terminal as a command; to a file or a pipe, a field keeps its text as stored.
public struct CSVMealWriter {
    private var output: BufferedOutput
    private var wroteHeader = false
    private let protectsFormulas: Bool
    /// Whether the output is a terminal, where control characters are shown.
    private let showsControls: Bool

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        self.init(fileDescriptor: fileDescriptor, protectsFormulas: false)
    }

    public init(fileDescriptor: Int32, protectsFormulas: Bool) {
        output = BufferedOutput(fileDescriptor: fileDescriptor, format: "CSV")
        self.protectsFormulas = protectsFormulas
        showsControls = isatty(fileDescriptor) == 1
    }

    /// Appends `meal` as one row, after the header if this is the first row.
    public mutating func write(_ meal: Meal) throws(OutputWriteError) {
        try meal.withRowView { row throws(OutputWriteError) in try write(row) }
    }

    /// Appends the meal `row` shows as one row, its texts copied from where they lie.
    public mutating func write(_ row: MealRowView) throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let slot = row.slot, title = row.title, note = row.note ?? empty, recipe = row.recipe ?? empty
        var servings = row.servings.map(Meal.servingsText) ?? ""
        var source = row.leftoversSource?.place ?? ""
        var eaters = row.eaters.map(Meal.servingsText) ?? ""
        let status = row.status.storedValue?.utf8.count ?? 0
        // Date, five fields that may double every byte (or triple it, each a control shown) and
        // gain two quotes and an apostrophe, servings, status, eaters, commas, CR LF.
        let textBytes = slot.count + title.count + note.count + recipe.count + source.utf8.count
        let growth = showsControls ? ControlPicture.growth : 2
        let largestRow = 10 + growth * textBytes + 15 + servings.utf8.count + status + eaters.utf8.count + 8 + 2
        try output.reserve(largestRow)
        let date = row.day.date, protects = protectsFormulas, shows = showsControls
        output.encode { bytes, end in
            DigitEncoding.date(date, separator: UInt8(ascii: "-"), into: bytes, at: &end)
            Self.encodeField(slot, protectingFormulas: protects, showingControls: shows, into: bytes, at: &end)
            Self.encodeField(title, protectingFormulas: protects, showingControls: shows, into: bytes, at: &end)
            Self.encodeField(note, protectingFormulas: protects, showingControls: shows, into: bytes, at: &end)
            Self.encodeField(recipe, protectingFormulas: protects, showingControls: shows, into: bytes, at: &end)
            servings.withUTF8 { Self.encodeField($0, protectingFormulas: false, into: bytes, at: &end) }
            Self.encodeStatus(row.status, into: bytes, at: &end)
            source.withUTF8 { Self.encodeField($0, protectingFormulas: protects, showingControls: shows, into: bytes, at: &end) }
            eaters.withUTF8 { Self.encodeField($0, protectingFormulas: false, into: bytes, at: &end) }
            bytes[end] = CSVFormat.carriageReturn
            bytes[end + 1] = CSVFormat.lineFeed
            end += 2
        }
    }

    /// Writes the header if no row was written (an empty export is still a valid file) and
    /// hands every buffered byte to the file descriptor.
    public mutating func finish() throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        try output.flush()
    }

    private mutating func writeHeader() throws(OutputWriteError) {
        wroteHeader = true
        var header = Array((CSVFormat.columns.joined(separator: ",") + "\r\n").utf8)
        if protectsFormulas { header.replaceSubrange(0..<4, with: CSVFormat.protectedHeaderStart) }
        try output.append(header)
    }

    /// Writes a comma and the status's stored value: nothing while planned.
    private static func encodeStatus(_ status: MealStatus, into row: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        row[end] = CSVFormat.comma
        end += 1
        guard var text = status.storedValue else { return }
        text.withUTF8 { bytes in
            _ = UnsafeMutableBufferPointer(rebasing: row[end..<end + bytes.count]).initialize(fromContentsOf: bytes)
            end += bytes.count
        }
    }

    /// Writes a comma and the field, quoted only when it must be, after an apostrophe when
    /// protecting formulas and the field needs one; `showingControls`, its control characters
    /// shown (`ControlPicture`).
    private static func encodeField(
        _ bytes: UnsafeBufferPointer<UInt8>, protectingFormulas: Bool, showingControls: Bool = false,
        into row: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
    ) {
        if showingControls, bytes.contains(where: { ControlPicture.isC0($0) || $0 == 0xC2 }) {
            var shown: [UInt8] = []
            ControlPicture.appendShown(bytes, to: &shown)
            shown.withUnsafeBufferPointer { encodeField($0, protectingFormulas: protectingFormulas, into: row, at: &end) }
            return
        }
        row[end] = CSVFormat.comma
        end += 1
        let quoted = needsQuotes(bytes)
        if quoted {
            row[end] = CSVFormat.quote
            end += 1
        }
        if protectingFormulas, let first = bytes.first, first == CSVFormat.apostrophe || CSVFormat.formulaStarts.contains(first) {
            row[end] = CSVFormat.apostrophe
            end += 1
        }
        guard quoted else {
            _ = UnsafeMutableBufferPointer(rebasing: row[end..<end + bytes.count]).initialize(fromContentsOf: bytes)
            end += bytes.count
            return
        }
        for byte in bytes {
            row[end] = byte
            end += 1
            if byte == CSVFormat.quote {
                row[end] = CSVFormat.quote
                end += 1
            }
        }
        row[end] = CSVFormat.quote
        end += 1
    }

    /// `text` as one CSV field of another table (a shopping list), which is printed to standard
    /// output: its control characters shown when that is a terminal.
    public static func field(_ text: String) -> String {
        field(text, showingControls: isatty(STDOUT_FILENO) == 1)
    }

    /// `text` as one CSV field: quoted only when it must be, and with its control characters
    /// shown when `showingControls`.
    public static func field(_ text: String, showingControls: Bool) -> String {
        var text = showingControls ? ControlPicture.shown(text) : text
        guard text.withUTF8(needsQuotes) else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }

    private static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if isBlank(first) || isBlank(last) { return true }
        for byte in bytes where byte == CSVFormat.comma || byte == CSVFormat.quote
            || byte == CSVFormat.carriageReturn || byte == CSVFormat.lineFeed {
            return true
        }
        return false
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == CSVFormat.space || byte == CSVFormat.tab
    }
}
