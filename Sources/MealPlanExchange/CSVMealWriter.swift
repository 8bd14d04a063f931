import MealPlanCore

/// Writes meals as RFC 4180 CSV (UTF-8, CRLF, header `date,slot,title,note`) to a file
/// descriptor, one row at a time.
///
/// Exporting a million meals must take well under a second and constant memory, so rows are
/// encoded straight into a byte buffer that is handed to `write(2)` whenever it fills; nothing
/// is built per row but bytes. Fields are quoted only when they must be (a comma, quote, CR or
/// LF, or leading/trailing blank space that a careless reader could trim).
public struct CSVMealWriter {
    private var output: BufferedOutput
    private var wroteHeader = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        output = BufferedOutput(fileDescriptor: fileDescriptor, format: "CSV")
    }

    /// Appends `meal` as one row, after the header if this is the first row.
    public mutating func write(_ meal: Meal) throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        var slot = meal.slot
        var title = meal.title
        var note = meal.note ?? ""
        // Date, three fields that may double every byte and gain two quotes, commas, CR LF.
        let largestRow = 10 + 2 * (slot.utf8.count + title.utf8.count + note.utf8.count) + 6 + 3 + 2
        try output.reserve(largestRow)
        let date = meal.day.date
        output.encode { row, end in
            DigitEncoding.date(date, separator: UInt8(ascii: "-"), into: row, at: &end)
            slot.withUTF8 { Self.encodeField($0, after: CSVFormat.comma, into: row, at: &end) }
            title.withUTF8 { Self.encodeField($0, after: CSVFormat.comma, into: row, at: &end) }
            note.withUTF8 { Self.encodeField($0, after: CSVFormat.comma, into: row, at: &end) }
            row[end] = CSVFormat.carriageReturn
            row[end + 1] = CSVFormat.lineFeed
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
        let header = Array((CSVFormat.columns.joined(separator: ",") + "\r\n").utf8)
        try output.append(header)
    }

    /// Writes `separator` and the field, quoted only when it must be.
    private static func encodeField(
        _ bytes: UnsafeBufferPointer<UInt8>, after separator: UInt8, into row: UnsafeMutableBufferPointer<UInt8>,
        at end: inout Int
    ) {
        row[end] = separator
        end += 1
        guard needsQuotes(bytes) else {
            _ = UnsafeMutableBufferPointer(rebasing: row[end..<end + bytes.count]).initialize(fromContentsOf: bytes)
            end += bytes.count
            return
        }
        row[end] = CSVFormat.quote
        end += 1
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
