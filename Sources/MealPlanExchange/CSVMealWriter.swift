import MealPlanCore

/// Writes meals as RFC 4180 CSV (UTF-8, CRLF, header `date,slot,title,note`) to a file
/// descriptor, one row at a time.
///
/// Exporting a million meals must take well under a second and constant memory, so rows are
/// encoded straight into a byte buffer that is handed to `write(2)` whenever it fills; nothing
/// is built per row but bytes. Fields are quoted only when they must be (a comma, quote, CR or
/// LF, or leading/trailing blank space that a careless reader could trim).
public struct CSVMealWriter {
    private static let flushThreshold = 64 * 1024

    private let fileDescriptor: Int32
    /// `buffer[0..<used]` waits to be written; the buffer only grows for a row larger than it.
    private var buffer = [UInt8](repeating: 0, count: flushThreshold)
    private var used = 0
    private var wroteHeader = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Appends `meal` as one row, after the header if this is the first row.
    public mutating func write(_ meal: Meal) throws(CSVWriteError) {
        if !wroteHeader { try writeHeader() }
        var slot = meal.slot
        var title = meal.title
        var note = meal.note ?? ""
        // Date, three fields that may double every byte and gain two quotes, commas, CR LF.
        let largestRow = 10 + 2 * (slot.utf8.count + title.utf8.count + note.utf8.count) + 6 + 3 + 2
        try makeRoom(for: largestRow)
        let date = meal.day.date
        var end = used
        buffer.withUnsafeMutableBufferPointer { row in
            Self.encodeDate(date, into: row, at: &end)
            slot.withUTF8 { Self.encodeField($0, after: CSVFormat.comma, into: row, at: &end) }
            title.withUTF8 { Self.encodeField($0, after: CSVFormat.comma, into: row, at: &end) }
            note.withUTF8 { Self.encodeField($0, after: CSVFormat.comma, into: row, at: &end) }
            row[end] = CSVFormat.carriageReturn
            row[end + 1] = CSVFormat.lineFeed
            end += 2
        }
        used = end
    }

    /// Writes the header if no row was written (an empty export is still a valid file) and
    /// hands every buffered byte to the file descriptor.
    public mutating func finish() throws(CSVWriteError) {
        if !wroteHeader { try writeHeader() }
        try flush()
    }

    private mutating func writeHeader() throws(CSVWriteError) {
        wroteHeader = true
        let header = Array((CSVFormat.columns.joined(separator: ",") + "\r\n").utf8)
        try makeRoom(for: header.count)
        buffer.replaceSubrange(used..<used + header.count, with: header)
        used += header.count
    }

    /// Flushes when `count` more bytes would pass the threshold; grows the buffer for a row
    /// larger than all of it.
    private mutating func makeRoom(for count: Int) throws(CSVWriteError) {
        guard used + count > Self.flushThreshold else { return }
        try flush()
        if count > buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
        }
    }

    /// The same text as `day.iso`, written as digits directly: formatting a million dates
    /// through intermediate strings would cost a large share of the export's time.
    private static func encodeDate(_ date: CivilDate, into row: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        encodeDigits(date.year, count: 4, into: row, at: &end)
        row[end] = UInt8(ascii: "-")
        end += 1
        encodeDigits(date.month, count: 2, into: row, at: &end)
        row[end] = UInt8(ascii: "-")
        end += 1
        encodeDigits(date.day, count: 2, into: row, at: &end)
    }

    /// The last `count` decimal digits of `value`, zero-padded.
    private static func encodeDigits(_ value: Int, count: Int, into row: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        var rest = value
        for offset in (0..<count).reversed() {
            row[end + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        end += count
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

    private mutating func flush() throws(CSVWriteError) {
        let pending = used
        let failure = buffer.withUnsafeBytes { CSVFormat.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<pending]), to: fileDescriptor) }
        used = 0
        if let failure {
            throw CSVWriteError(message: "cannot write the CSV output: \(CSVFormat.systemErrorText(failure))")
        }
    }
}
