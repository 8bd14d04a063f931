/// The byte values and column names that the CSV reader and writer share, so that what one
/// writes is exactly what the other expects.
enum CSVFormat {
    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The first bytes a field may not start with in a file opened by a spreadsheet, which would
    /// run it as a formula (OWASP's list: = + - @, tab and CR), and the apostrophe that
    /// spreadsheets read as "text follows", put before such a field to keep it text. Fields
    /// that start with an apostrophe get one too, so removing one from every field that starts
    /// with one gives back exactly what was written.
    static let formulaStarts: Set<UInt8> = Set("=+-@\t\r".utf8)
    static let apostrophe = UInt8(ascii: "'")
    /// The header of a file whose fields are protected that way: `date` is quoted, which CSV
    /// readers and spreadsheets take as plain `date`, and mealplan's importer as the sign to
    /// remove the apostrophes.
    static let protectedHeaderStart = Array("\"date\"".utf8)

    /// The columns of a meal file, in the order the writer puts them.
    static let columns = ["date", "slot", "title", "note", "recipe", "servings", "status", "leftovers_of", "eaters"]
    /// The columns a file must have to be imported; the others may be left out (files written
    /// before meals had recipes, or a status, have none).
    static let requiredColumns = ["date", "slot", "title"]
}
