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

    /// The columns of a meal file, in the order the writer puts them.
    static let columns = ["date", "slot", "title", "note"]
    /// The columns a file must have to be imported; `note` may be left out.
    static let requiredColumns = ["date", "slot", "title"]
}
