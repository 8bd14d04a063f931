import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange
import TestSupport

/// A valid input and the rows it must give: (line, date, slot, title, note).
struct ValidCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let rows: [[String]]
    var ignoredColumns: [String] = []
    var testDescription: String { name }
}

let validCases: [ValidCase] = [
    ValidCase(name: "CRLF line ends", text: "date,slot,title,note\r\n2026-03-02,dinner,Pasta,\r\n",
              rows: [["2", "2026-03-02", "dinner", "Pasta", ""]]),
    ValidCase(name: "LF line ends and no final line end",
              text: "date,slot,title,note\n2026-03-02,lunch,Soup,hot\n2026-03-03,dinner,Rice,cold",
              rows: [["2", "2026-03-02", "lunch", "Soup", "hot"], ["3", "2026-03-03", "dinner", "Rice", "cold"]]),
    ValidCase(name: "lone CR line ends", text: "date,slot,title,note\r2026-03-02,lunch,Soup,\r2026-03-03,dinner,Rice,\r",
              rows: [["2", "2026-03-02", "lunch", "Soup", ""], ["3", "2026-03-03", "dinner", "Rice", ""]]),
    ValidCase(name: "quoted commas and doubled quotes",
              text: "date,slot,title,note\r\n2026-03-02,dinner,\"Pasta, with \"\"cheese\"\"\",\"a,b\"\r\n",
              rows: [["2", "2026-03-02", "dinner", "Pasta, with \"cheese\"", "a,b"]]),
    ValidCase(name: "quoted CRLF moves the next record's line",
              text: "date,slot,title,note\r\n2026-03-02,dinner,Pasta,\"boil\r\ndrain\"\r\n2026-03-03,lunch,Soup,\r\n",
              rows: [["2", "2026-03-02", "dinner", "Pasta", "boil\r\ndrain"], ["4", "2026-03-03", "lunch", "Soup", ""]]),
    ValidCase(name: "quoted lone CR and LF each count as a line",
              text: "date,slot,title,note\n2026-03-02,dinner,Pasta,\"a\rb\nc\"\n2026-03-03,lunch,Soup,\n",
              rows: [["2", "2026-03-02", "dinner", "Pasta", "a\rb\nc"], ["5", "2026-03-03", "lunch", "Soup", ""]]),
    ValidCase(name: "byte order mark and no note column",
              text: "\u{FEFF}date,slot,title\r\n2026-03-02,lunch,Soup\r\n",
              rows: [["2", "2026-03-02", "lunch", "Soup", ""]]),
    ValidCase(name: "columns in any order, any case, extra columns ignored",
              text: "Title,EXTRA,date,Slot, Note ,cost\r\nPasta,x,2026-03-02,dinner,n,3\r\n",
              rows: [["2", "2026-03-02", "dinner", "Pasta", "n"]], ignoredColumns: ["EXTRA", "cost"]),
    ValidCase(name: "empty lines are skipped", text: "date,slot,title\r\n\r\n2026-03-02,lunch,Soup\r\n\r\n\n",
              rows: [["3", "2026-03-02", "lunch", "Soup", ""]]),
    ValidCase(name: "header only", text: "date,slot,title,note\r\n", rows: []),
    ValidCase(name: "header without line end", text: "date,slot,title,note", rows: []),
    ValidCase(name: "quote inside an unquoted field is text; quoted empty field is empty",
              text: "date,slot,title,note\r\n2026-03-02,dinner,5\" pizza,\"\"\r\n",
              rows: [["2", "2026-03-02", "dinner", "5\" pizza", ""]]),
    ValidCase(name: "fields are returned raw, spaces kept",
              text: "date,slot,title,note\r\n 2026-03-02 , dinner , Pasta ,\t\r\n",
              rows: [["2", " 2026-03-02 ", " dinner ", " Pasta ", "\t"]]),
    ValidCase(name: "non-ASCII text", text: "date,slot,title,note\r\n2026-03-02,lunch,拉麺,🍜 très bon\r\n",
              rows: [["2", "2026-03-02", "lunch", "拉麺", "🍜 très bon"]]),
    ValidCase(name: "quoted last field at the end of the input",
              text: "date,slot,title,note\r\n2026-03-02,lunch,Soup,\"hot, \"\"really\"\"\"",
              rows: [["2", "2026-03-02", "lunch", "Soup", "hot, \"really\""]]),
    ValidCase(name: "CR at the very end", text: "date,slot,title,note\r\n2026-03-02,lunch,Soup,x\r",
              rows: [["2", "2026-03-02", "lunch", "Soup", "x"]]),
    ValidCase(name: "empty trailing field after a comma at the end",
              text: "date,slot,title,note\n2026-03-02,lunch,Soup,",
              rows: [["2", "2026-03-02", "lunch", "Soup", ""]]),
]

/// An invalid input and the error it must give.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let line: Int
    let message: String
    var testDescription: String { name }

    init(_ name: String, _ text: String, line: Int, _ message: String) {
        self.init(name, Array(text.utf8), line: line, message)
    }

    init(_ name: String, _ bytes: [UInt8], line: Int, _ message: String) {
        self.name = name
        self.bytes = bytes
        self.line = line
        self.message = message
    }
}

let headerRule = "the first line must be a header naming the columns date, slot, title and optionally note"
let header = "date,slot,title,note\r\n"
let unbalanced = "unbalanced quote: the quoted field that starts on this line never ends"
let textAfterQuote = "text after a closing quote; inside a quoted field write a quote as \"\""
let notUTF8 = "the text is not valid UTF-8; save the file as UTF-8"
let nulByte = "the file contains a NUL byte; is it a binary or UTF-16 file?"

let invalidCases: [InvalidCase] = [
    InvalidCase("empty file", "", line: 1, "the file is empty; \(headerRule)"),
    InvalidCase("only a byte order mark", [0xEF, 0xBB, 0xBF], line: 1, "the file is empty; \(headerRule)"),
    InvalidCase("missing slot column", "date,title\r\n", line: 1, "\(headerRule); 'slot' is missing"),
    InvalidCase("missing date and title columns", "slot,note\r\n", line: 1, "\(headerRule); 'date', 'title' are missing"),
    InvalidCase("data where the header should be", "2026-03-02,dinner,Pasta\r\n",
                line: 1, "\(headerRule); 'date', 'slot', 'title' are missing"),
    InvalidCase("columns separated by semicolons", "date;slot;title;note\r\n2026-03-02;dinner;Pasta;\r\n", line: 1,
                "the header 'date;slot;title;note' separates its columns with ';', not commas; \(headerRule), separated by commas"),
    InvalidCase("columns separated by tabs", "Date\tSlot\tTitle\n", line: 1,
                "the header 'Date\tSlot\tTitle' separates its columns with tabs, not commas; \(headerRule), separated by commas"),
    InvalidCase("a JSON export", "[{\"id\":1,\"date\":\"2026-03-02\",\"slot\":\"dinner\"}]\n", line: 1,
                "the file looks like JSON, not CSV; \(headerRule)"),
    InvalidCase("an iCalendar file", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", line: 1,
                "the file looks like iCalendar, not CSV; \(headerRule)"),
    InvalidCase("column named twice", "date,slot,title,Date\r\n", line: 1, "the header names the column 'date' twice"),
    InvalidCase("unbalanced quote", header + "2026-03-02,dinner,Pasta,ok\r\n2026-03-03,dinner,\"Pasta,\r\n2026-03-04,lunch,Soup,\r\n",
                line: 3, unbalanced),
    InvalidCase("unbalanced quote in a field that starts on a later line than its record",
                header + "2026-03-02,dinner,\"two\nlines\",\"never closed\n", line: 3, unbalanced),
    InvalidCase("unbalanced quote in the header", "date,slot,\"title\r\n", line: 1, unbalanced),
    InvalidCase("text after a closing quote", header + "2026-03-02,dinner,\"Pasta\"x,\r\n", line: 2, textAfterQuote),
    InvalidCase("space after a closing quote", header + "2026-03-02,dinner,\"Pasta\" ,\r\n", line: 2, textAfterQuote),
    InvalidCase("text after a closing quote on the quoted field's last line",
                header + "2026-03-02,dinner,Pasta,\"a\r\nb\"c\r\n", line: 3, textAfterQuote),
    InvalidCase("too few fields", header + "2026-03-02,dinner,Pasta,\r\n2026-03-03,dinner,Pasta\r\n",
                line: 3, "this row has 3 fields but the header has 4"),
    InvalidCase("too many fields", header + "2026-03-02,dinner,Pasta,x,y\r\n", line: 2, "this row has 5 fields but the header has 4"),
    InvalidCase("one field", header + "2026-03-02\r\n", line: 2, "this row has 1 field but the header has 4"),
    InvalidCase("field count after a multi-line field",
                header + "2026-03-02,dinner,Pasta,\"a\nb\nc\"\n2026-03-03,lunch\n", line: 5, "this row has 2 fields but the header has 4"),
    InvalidCase("invalid UTF-8 byte", Array((header + "2026-03-02,dinner,Pasta,\r\n2026-03-03,lunch,").utf8) + [0xFF] + Array(",\r\n".utf8),
                line: 3, notUTF8),
    InvalidCase("overlong encoding", Array((header + "2026-03-02,dinner,").utf8) + [0xC0, 0x80] + Array(",\r\n".utf8),
                line: 2, notUTF8),
    InvalidCase("encoded surrogate", Array((header + "2026-03-02,dinner,").utf8) + [0xED, 0xA0, 0x80] + Array(",\r\n".utf8),
                line: 2, notUTF8),
    InvalidCase("truncated sequence at the end of a field", Array((header + "2026-03-02,dinner,Pasta,").utf8) + [0xF0, 0x9F, 0x98],
                line: 2, notUTF8),
    InvalidCase("invalid UTF-8 in a quoted multi-line field names the line the field starts on",
                Array((header + "2026-03-02,dinner,Pasta,\"a\nb").utf8) + [0xFE] + Array("\"\r\n".utf8),
                line: 2, notUTF8),
    InvalidCase("invalid UTF-8 in the header", [0x64, 0xE9] + Array("te,slot,title\r\n".utf8), line: 1, notUTF8),
    InvalidCase("NUL byte in an unquoted field", Array((header + "2026-03-02,dinner,Pa").utf8) + [0] + Array("sta,\r\n".utf8),
                line: 2, nulByte),
    InvalidCase("NUL byte in a quoted field", Array((header + "2026-03-02,dinner,\"a\r\n").utf8) + [0] + Array("\",\r\n".utf8),
                line: 3, nulByte),
    InvalidCase("UTF-16 file", [0xFF, 0xFE] + Array("date".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                line: 1, nulByte),
]

@Suite("CSVMealReader")
struct CSVMealReaderTests {
    @Test("valid input", arguments: validCases)
    func validInput(_ valid: ValidCase) throws {
        var reader = CSVMealReader(bytes: Array(valid.text.utf8))
        var found: [[String]] = []
        while let row = try reader.next() {
            found.append([String(row.line), row.date, row.slot, row.title, row.note])
        }
        #expect(found == valid.rows)
        #expect(reader.ignoredColumns == valid.ignoredColumns)
    }

    @Test("invalid input", arguments: invalidCases)
    func invalidInput(_ invalid: InvalidCase) {
        let error = importError(of: invalid.bytes)
        #expect(error == CSVImportError(line: invalid.line, message: invalid.message))
    }

    @Test("the error's description names the line")
    func errorDescription() {
        #expect(CSVImportError(line: 1234, message: "bad date").description == "line 1234: bad date")
    }

    @Test("rows read before an error are returned, and the error repeats")
    func errorRepeats() throws {
        var reader = CSVMealReader(bytes: Array((header + "2026-03-02,lunch,Soup,\r\n2026-03-03,lunch\r\n").utf8))
        #expect(try reader.next()?.title == "Soup")
        let expected = CSVImportError(line: 3, message: "this row has 2 fields but the header has 4")
        #expect(throws: expected) { try reader.next() }
        #expect(throws: expected) { try reader.next() }
    }

    @Test("after the last row, next() keeps returning nil")
    func endRepeats() throws {
        var reader = CSVMealReader(bytes: Array((header + "2026-03-02,lunch,Soup,\r\n").utf8))
        #expect(try reader.next() != nil)
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }

    /// Every valid and invalid case again, read from a file descriptor in chunks of 1…7 bytes
    /// and 64 KiB, so that each record, quote, CR LF pair and byte order mark is cut at every
    /// possible place: the rows, lines and errors must not change.
    @Test("streaming from a file descriptor gives the same rows and errors at every chunk size",
          arguments: [1, 2, 3, 5, 7, 65_536])
    func chunkBoundaries(chunkSize: Int) throws {
        for valid in validCases {
            let bytes = Array(valid.text.utf8)
            let streamed = try withTemporaryFile(containing: bytes) { try rowsFromFile(at: $0, chunkSize: chunkSize) }
            #expect(streamed == (try rows(of: bytes)), "\(valid.name)")
        }
        for invalid in invalidCases {
            let streamedError = try withTemporaryFile(containing: invalid.bytes) { path -> CSVImportError? in
                do {
                    _ = try rowsFromFile(at: path, chunkSize: chunkSize)
                    return nil
                } catch let error as CSVImportError {
                    return error
                }
            }
            #expect(streamedError == CSVImportError(line: invalid.line, message: invalid.message), "\(invalid.name)")
        }
    }

    @Test("a large generated file reads the same from memory and streamed in small chunks")
    func largeFileStreamed() throws {
        var generator = SeededGenerator(seed: 7)
        let meals = (0..<5000).map { _ in RandomMeals.meal(using: &generator) }
        let bytes = try written(meals)
        #expect(bytes.count > 3 * 65_536)
        let fromMemory = try rows(of: bytes)
        #expect(fromMemory.count == meals.count)
        for chunkSize in [97, 4096, 65_536] {
            let streamed = try withTemporaryFile(containing: bytes) { try rowsFromFile(at: $0, chunkSize: chunkSize) }
            #expect(streamed == fromMemory)
        }
    }

    @Test("reads standard-input-like pipes")
    func readsPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = Array((header + "2026-03-02,lunch,Soup,\r\n").utf8)
        #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == text.count)
        close(ends[1])
        defer { close(ends[0]) }
        var reader = CSVMealReader(fileDescriptor: ends[0])
        #expect(try reader.next() == CSVMealRow(line: 2, date: "2026-03-02", slot: "lunch", title: "Soup", note: ""))
        #expect(try reader.next() == nil)
    }

    @Test("a descriptor that cannot be read is a read failure, not bad data")
    func readFailure() {
        let directory = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
        defer { close(directory) }
        var reader = CSVMealReader(fileDescriptor: directory)
        #expect(throws: CSVImportError(line: 1, message: "cannot read the input: Is a directory", isReadFailure: true)) {
            try reader.next()
        }
    }
}
