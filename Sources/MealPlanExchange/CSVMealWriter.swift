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
    private var buffer: [UInt8] = []
    private var wroteHeader = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(Self.flushThreshold + 4096)
    }

    /// Appends `meal` as one row, after the header if this is the first row.
    public mutating func write(_ meal: Meal) throws(CSVWriteError) {
        appendHeaderIfNeeded()
        appendDate(meal.day)
        buffer.append(CSVFormat.comma)
        appendField(meal.slot)
        buffer.append(CSVFormat.comma)
        appendField(meal.title)
        buffer.append(CSVFormat.comma)
        appendField(meal.note ?? "")
        appendLineEnd()
        if buffer.count >= Self.flushThreshold {
            try flush()
        }
    }

    /// Writes the header if no row was written (an empty export is still a valid file) and
    /// hands every buffered byte to the file descriptor.
    public mutating func finish() throws(CSVWriteError) {
        appendHeaderIfNeeded()
        try flush()
    }

    private mutating func appendHeaderIfNeeded() {
        guard !wroteHeader else { return }
        wroteHeader = true
        buffer.append(contentsOf: CSVFormat.columns.joined(separator: ",").utf8)
        appendLineEnd()
    }

    private mutating func appendLineEnd() {
        buffer.append(CSVFormat.carriageReturn)
        buffer.append(CSVFormat.lineFeed)
    }

    /// The same text as `day.iso`, written as digits directly: formatting a million dates
    /// through intermediate strings would cost a large share of the export's time.
    private mutating func appendDate(_ day: Day) {
        let date = day.date
        appendDigits(date.year, count: 4)
        buffer.append(UInt8(ascii: "-"))
        appendDigits(date.month, count: 2)
        buffer.append(UInt8(ascii: "-"))
        appendDigits(date.day, count: 2)
    }

    private mutating func appendDigits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    private mutating func appendField(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if Self.needsQuotes(bytes) {
                buffer.append(CSVFormat.quote)
                for byte in bytes {
                    buffer.append(byte)
                    if byte == CSVFormat.quote { buffer.append(CSVFormat.quote) }
                }
                buffer.append(CSVFormat.quote)
            } else {
                buffer.append(contentsOf: bytes)
            }
        }
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
        let failure = buffer.withUnsafeBytes { CSVFormat.writeAll($0, to: fileDescriptor) }
        buffer.removeAll(keepingCapacity: true)
        if let failure {
            throw CSVWriteError(message: "cannot write the CSV output: \(CSVFormat.systemErrorText(failure))")
        }
    }
}
