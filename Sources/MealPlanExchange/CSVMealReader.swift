#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// Reads meal rows from RFC 4180 CSV, streaming, with every error tied to a line of the file.
///
/// Reading a million rows must take well under a second, so the reader scans raw bytes in
/// large chunks and makes strings only of the fields a meal needs. Columns are found by
/// header name (case-insensitive, any order; all but `date`, `slot` and `title` may be missing;
/// other columns are ignored
/// and listed in `ignoredColumns`). It accepts CRLF, LF and lone CR line ends, a UTF-8 byte
/// order mark, quoted fields with doubled quotes and line breaks, and skips empty lines. A quote
/// inside an unquoted field is kept as text. Fields come back raw: judging dates, slots and
/// titles is the importer's job.
///
/// After an error, `next()` throws that same error again.
public struct CSVMealReader {
    /// Header columns other than a meal's, in file order; known once the
    /// first `next()` has returned.
    public private(set) var ignoredColumns: [String] = []
    /// Whether the header marks the file's fields as protected from spreadsheets (see
    /// `CSVMealWriter`): then the apostrophe that starts a field is not part of it.
    private var formulasAreProtected = false

    private let fileDescriptor: Int32?
    private let chunkSize: Int
    /// Bytes read but not parsed yet are `buffer[start..<end]`.
    private var buffer: [UInt8]
    private var start = 0
    private var end: Int
    private var reachedEndOfInput: Bool
    /// The physical line of the file at `start`.
    private var line = 1
    private var layout: ColumnLayout?
    /// The fields of the last scanned record; reused to avoid an allocation per row.
    private var spans: [FieldSpan] = []
    private var failure: CSVImportError?

    /// A reader of the file descriptor (0 for standard input), which stays open and owned by the
    /// caller.
    public init(fileDescriptor: Int32) {
        self.init(fileDescriptor: fileDescriptor, chunkSize: 256 * 1024)
    }

    /// A reader that fills its buffer `chunkSize` bytes at a time; tests make chunks tiny to
    /// cut records at every possible place.
    init(fileDescriptor: Int32, chunkSize: Int) {
        self.fileDescriptor = fileDescriptor
        self.chunkSize = chunkSize
        buffer = [UInt8](repeating: 0, count: chunkSize)
        end = 0
        reachedEndOfInput = false
    }

    /// A reader of CSV text that is already in memory.
    public init(bytes: [UInt8]) {
        fileDescriptor = nil
        chunkSize = 0
        buffer = bytes
        end = bytes.count
        reachedEndOfInput = true
    }

    /// The next meal row, or `nil` after the last one. The first call reads the header.
    public mutating func next() throws(CSVImportError) -> CSVMealRow? {
        if let failure { throw failure }
        do throws(CSVImportError) {
            return try nextRow()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func nextRow() throws(CSVImportError) -> CSVMealRow? {
        let layout: ColumnLayout
        if let known = self.layout {
            layout = known
        } else {
            layout = try readHeader()
        }
        guard let recordLine = try scanRecord() else { return nil }
        guard spans.count == layout.fieldCount else {
            throw CSVImportError(
                line: recordLine,
                message: "this row has \(spans.count) \(spans.count == 1 ? "field" : "fields") but the header has \(layout.fieldCount)")
        }
        let bytes = buffer
        return try bytes.withUnsafeBufferPointer { bytes throws(CSVImportError) in
            CSVMealRow(
                line: recordLine,
                date: try Self.text(of: spans[layout.date], in: bytes),
                slot: try text(of: spans[layout.slot], in: bytes),
                title: try text(of: spans[layout.title], in: bytes),
                note: try optionalText(layout.note, in: bytes),
                recipe: try optionalText(layout.recipe, in: bytes),
                servings: try optionalText(layout.servings, in: bytes),
                status: try optionalText(layout.status, in: bytes),
                leftoversOf: try optionalText(layout.leftoversOf, in: bytes),
                eaters: try optionalText(layout.eaters, in: bytes))
        }
    }

    // MARK: Header

    /// Where each meal column sits in a record.
    private struct ColumnLayout {
        var fieldCount: Int
        var date: Int
        var slot: Int
        var title: Int
        var note: Int?
        var recipe: Int?
        var servings: Int?
        var status: Int?
        var leftoversOf: Int?
        var eaters: Int?
    }

    /// A field's text without the apostrophe that protects it, in a protected file.
    private func text(of span: FieldSpan, in bytes: UnsafeBufferPointer<UInt8>) throws(CSVImportError) -> String {
        var span = span
        if formulasAreProtected, span.start < span.end, bytes[span.start] == CSVFormat.apostrophe { span.start += 1 }
        return try Self.text(of: span, in: bytes)
    }

    /// The text of an optional column's field, empty when the file has no such column.
    private func optionalText(_ column: Int?, in bytes: UnsafeBufferPointer<UInt8>) throws(CSVImportError) -> String {
        guard let column else { return "" }
        return try text(of: spans[column], in: bytes)
    }

    private mutating func readHeader() throws(CSVImportError) -> ColumnLayout {
        try skipByteOrderMark()
        let marker = CSVFormat.protectedHeaderStart
        while end - start < marker.count && !reachedEndOfInput {
            try readMore()
        }
        formulasAreProtected = end - start >= marker.count && buffer[start..<start + marker.count].elementsEqual(marker)
        let expected = "the first line must be a header naming the columns date, slot, title and optionally note"
        if start < end, buffer[start] == UInt8(ascii: "[") || buffer[start] == UInt8(ascii: "{") {
            throw CSVImportError(line: 1, message: "the file looks like JSON, not CSV; \(expected)")
        }
        guard let headerLine = try scanRecord() else {
            throw CSVImportError(line: 1, message: "the file is empty; \(expected)")
        }
        let bytes = buffer
        let names = try bytes.withUnsafeBufferPointer { bytes throws(CSVImportError) in
            var names: [String] = []
            for span in spans { names.append(try Self.text(of: span, in: bytes).trimmingWhitespace()) }
            return names
        }
        var positions: [String: Int] = [:]
        var ignored: [String] = []
        for (index, name) in names.enumerated() {
            let key = name.lowercased()
            guard CSVFormat.columns.contains(key) else {
                ignored.append(name)
                continue
            }
            guard positions[key] == nil else {
                throw CSVImportError(line: headerLine, message: "the header names the column '\(key)' twice")
            }
            positions[key] = index
        }
        let missing = CSVFormat.requiredColumns.filter { positions[$0] == nil }
        guard let date = positions["date"], let slot = positions["slot"], let title = positions["title"] else {
            if let message = Self.explainOneColumnHeader(names, expected: expected) {
                throw CSVImportError(line: headerLine, message: message)
            }
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            throw CSVImportError(line: headerLine, message: "\(expected); \(list) \(missing.count == 1 ? "is" : "are") missing")
        }
        let layout = ColumnLayout(
            fieldCount: names.count, date: date, slot: slot, title: title, note: positions["note"],
            recipe: positions["recipe"], servings: positions["servings"], status: positions["status"],
            leftoversOf: positions["leftovers_of"], eaters: positions["eaters"])
        self.layout = layout
        ignoredColumns = ignored
        return layout
    }

    /// What a header read as one column says the file is, when it is not CSV separated by
    /// commas: columns separated by `;` or tabs (spreadsheets in many locales), or iCalendar.
    private static func explainOneColumnHeader(_ names: [String], expected: String) -> String? {
        guard names.count == 1, let header = names.first else { return nil }
        if header.uppercased() == "BEGIN:VCALENDAR" { return "the file looks like iCalendar, not CSV; \(expected)" }
        for (separator, name) in [(";", "';'"), ("\t", "tabs"), ("|", "'|'")] where header.contains(separator) {
            return "the header '\(header.messageExcerpt)' separates its columns with \(name), not commas; \(expected), separated by commas"
        }
        return nil
    }

    private mutating func skipByteOrderMark() throws(CSVImportError) {
        let markLength = CSVFormat.byteOrderMark.count
        while end - start < markLength && !reachedEndOfInput {
            try readMore()
        }
        if end - start >= markLength && buffer[start..<start + markLength].elementsEqual(CSVFormat.byteOrderMark) {
            start += markLength
        }
    }

    // MARK: Records

    /// Where one field lies in `buffer`, without its enclosing quotes.
    struct FieldSpan {
        var start: Int
        var end: Int
        /// The line the field starts on, for errors about its text.
        var line: Int
        /// Whether the field is quoted and holds `""` pairs that stand for one quote each.
        var hasDoubledQuotes: Bool
    }

    private enum ScanOutcome {
        case record(next: Int, nextLine: Int)
        case needMoreInput
        case failure(CSVImportError)
    }

    /// Scans the next non-empty record into `spans`; its line, or `nil` at the end of input.
    private mutating func scanRecord() throws(CSVImportError) -> Int? {
        while true {
            if start == end && reachedEndOfInput { return nil }
            let bytes = buffer
            let outcome = bytes.withUnsafeBufferPointer { bytes in
                Self.scanRecord(in: bytes, from: start, to: end, isLastChunk: reachedEndOfInput, line: line, into: &spans)
            }
            switch outcome {
            case .record(let next, let nextLine):
                let recordStart = start
                let recordLine = line
                start = next
                line = nextLine
                let isEmptyLine = spans.count == 1 && spans[0].start == recordStart && spans[0].end == recordStart
                if !isEmptyLine { return recordLine }
            case .needMoreInput:
                try readMore()
            case .failure(let error):
                throw error
            }
        }
    }

    /// Moves the unparsed bytes to the front of the buffer (doubling it when one record fills it
    /// all) and fills the space after them. Filling it whole, not taking one pipe-sized read,
    /// keeps a huge record to a few rescans (one per doubling) instead of one per 64 KiB.
    private mutating func readMore() throws(CSVImportError) {
        guard let fileDescriptor, !reachedEndOfInput else {
            reachedEndOfInput = true
            return
        }
        let pending = end - start
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: pending)
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            buffer = Self.doubled(buffer, minimumGrowth: chunkSize)
        }
        while end < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                FileDescriptorIO.readSome(into: UnsafeMutableRawBufferPointer(rebasing: bytes[end...]), from: fileDescriptor)
            }
            guard let count else {
                throw CSVImportError(
                    line: line, message: "cannot read the input: \(systemErrorText(errno))", isReadFailure: true)
            }
            end += count
            if count == 0 {
                reachedEndOfInput = true
                return
            }
        }
    }

    /// `bytes` copied into an array at least twice as long (the rest zero), by whole-memory
    /// copies, since appending element by element is slow for a field of megabytes.
    private static func doubled(_ bytes: [UInt8], minimumGrowth: Int) -> [UInt8] {
        var grown = [UInt8](repeating: 0, count: bytes.count + max(bytes.count, minimumGrowth))
        grown.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { target.copyMemory(from: $0) }
        }
        return grown
    }

    /// Finds the fields of the record at `bytes[from...]`. When the record may continue past
    /// `to` and more input can come, asks for it; the caller then scans the record again.
    private static func scanRecord(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, isLastChunk: Bool, line startLine: Int,
        into spans: inout [FieldSpan]
    ) -> ScanOutcome {
        spans.removeAll(keepingCapacity: true)
        var position = from
        var line = startLine
        while true {
            let fieldLine = line
            if position < end && bytes[position] == CSVFormat.quote {
                var cursor = position + 1
                var hasDoubledQuotes = false
                scanQuoted: while true {
                    guard cursor < end else {
                        if isLastChunk {
                            return .failure(CSVImportError(
                                line: fieldLine, message: "unbalanced quote: the quoted field that starts on this line never ends"))
                        }
                        return .needMoreInput
                    }
                    switch bytes[cursor] {
                    case CSVFormat.quote:
                        guard cursor + 1 < end else {
                            if isLastChunk { break scanQuoted }
                            return .needMoreInput
                        }
                        guard bytes[cursor + 1] == CSVFormat.quote else { break scanQuoted }
                        hasDoubledQuotes = true
                        cursor += 2
                        continue scanQuoted
                    case CSVFormat.lineFeed:
                        line += 1
                    case CSVFormat.carriageReturn:
                        if cursor + 1 < end {
                            if bytes[cursor + 1] != CSVFormat.lineFeed { line += 1 }
                        } else if isLastChunk {
                            line += 1
                        } else {
                            return .needMoreInput
                        }
                    case 0:
                        return .failure(nulByte(line: line))
                    default:
                        break
                    }
                    cursor += 1
                }
                spans.append(FieldSpan(start: position + 1, end: cursor, line: fieldLine, hasDoubledQuotes: hasDoubledQuotes))
                position = cursor + 1
            } else {
                var cursor = position
                while cursor < end {
                    let byte = bytes[cursor]
                    if byte == CSVFormat.comma || byte == CSVFormat.lineFeed || byte == CSVFormat.carriageReturn { break }
                    if byte == 0 { return .failure(nulByte(line: line)) }
                    cursor += 1
                }
                if cursor == end && !isLastChunk { return .needMoreInput }
                spans.append(FieldSpan(start: position, end: cursor, line: fieldLine, hasDoubledQuotes: false))
                position = cursor
            }
            guard position < end else { return .record(next: position, nextLine: line) }
            switch bytes[position] {
            case CSVFormat.comma:
                position += 1
            case CSVFormat.lineFeed:
                return .record(next: position + 1, nextLine: line + 1)
            case CSVFormat.carriageReturn:
                if position + 1 < end {
                    let next = bytes[position + 1] == CSVFormat.lineFeed ? position + 2 : position + 1
                    return .record(next: next, nextLine: line + 1)
                }
                if isLastChunk { return .record(next: position + 1, nextLine: line + 1) }
                return .needMoreInput
            default:
                return .failure(CSVImportError(
                    line: line, message: "text after a closing quote; inside a quoted field write a quote as \"\""))
            }
        }
    }

    private static func nulByte(line: Int) -> CSVImportError {
        CSVImportError(line: line, message: "the file contains a NUL byte; is it a binary or UTF-16 file?")
    }

    /// The text of a field: its bytes with `""` made `"`, which must be valid UTF-8.
    private static func text(of span: FieldSpan, in bytes: UnsafeBufferPointer<UInt8>) throws(CSVImportError) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        let invalid = CSVImportError(line: span.line, message: "the text is not valid UTF-8; save the file as UTF-8")
        guard span.hasDoubledQuotes else {
            guard UTF8Validation.isValid(raw) else { throw invalid }
            return String(decoding: raw, as: UTF8.self)
        }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            unescaped.append(raw[index])
            index += raw[index] == CSVFormat.quote ? 2 : 1
        }
        return try unescaped.withUnsafeBufferPointer { unescaped throws(CSVImportError) in
            guard UTF8Validation.isValid(unescaped) else { throw invalid }
            return String(decoding: unescaped, as: UTF8.self)
        }
    }
}
