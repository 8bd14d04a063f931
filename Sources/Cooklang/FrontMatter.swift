import TextHelpers

/// The YAML front matter of a recipe, in the subset recipes use: `key: value` lines, lists as
/// `[a, b]` or as `- item` lines under the key, one level of nested keys (read as
/// `parent.child`), `|` and `>` blocks, quotes, and `#` comment lines.
enum FrontMatter {
    /// The entries of `lines`, the first of which is line `firstLine` of the file.
    static func parse(_ lines: ArraySlice<String>, firstLine: Int) throws(CooklangError) -> [MetadataEntry] {
        var entries: [MetadataEntry] = []
        /// The key whose value follows on the next, indented lines.
        var open: (key: String, index: Int, block: Character?)?
        for (offset, line) in lines.enumerated() {
            let number = firstLine + offset
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indented = line.first?.isWhitespace == true
            // Where the entry starts, for its errors (an unindented line's is 1, not measured).
            let column = indented ? indentation(line) + 1 : 1
            if indented, let parent = open {
                if let block = parent.block {
                    let text = entries[parent.index].value.text
                    entries[parent.index].value = .text(text.isEmpty ? trimmed : text + (block == "|" ? "\n" : " ") + trimmed)
                } else if trimmed.hasPrefix("- ") || trimmed == "-" {
                    let item = unquoted(trimmed.dropFirst().trimmingWhitespace())
                    if case .list(let items) = entries[parent.index].value {
                        entries[parent.index].value = .list(items + [item])
                    } else {
                        entries[parent.index].value = .list([item])
                    }
                } else {
                    let (key, value) = try pair(trimmed, line: number, column: column)
                    entries.append(MetadataEntry(key: parent.key + "." + key, value: value))
                }
                continue
            }
            if trimmed.hasPrefix("- "), let parent = open, parent.block == nil {
                let item = unquoted(trimmed.dropFirst().trimmingWhitespace())
                let items: [String] = if case .list(let items) = entries[parent.index].value { items } else { [] }
                entries[parent.index].value = .list(items + [item])
                continue
            }
            let (key, value) = try pair(trimmed, line: number, column: column)
            try Recipe.checkServings(key: key, value: value, line: number, column: column)
            entries.append(MetadataEntry(key: key, value: value))
            let blockMarker = value.text.first.flatMap { "|>".contains($0) ? $0 : nil }
            if value == .text("") || (blockMarker != nil && value.text.count <= 2) {
                if blockMarker != nil { entries[entries.count - 1].value = .text("") }
                open = (key, entries.count - 1, blockMarker)
            } else {
                open = nil
            }
        }
        return entries
    }

    /// `key: value`, the value a list when written `[a, b]`.
    private static func pair(_ text: String, line: Int, column: Int) throws(CooklangError) -> (String, MetadataValue) {
        guard let colon = firstIndex(of: ":", in: text), colon != text.startIndex else {
            throw CooklangError(line: line, column: column, "front matter lines are 'key: value'")
        }
        let key = unquoted(text[..<colon].trimmingWhitespace())
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        if value.hasPrefix("[") && value.hasSuffix("]") {
            let list = value.dropFirst().dropLast()
            // In ASCII text each byte is a Character: split at the byte.
            let items = list.isAllASCII
                ? list.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).map { unquoted(Substring($0).trimmingWhitespace()) }
                : list.split(separator: ",").map { unquoted($0.trimmingWhitespace()) }
            return (key, .list(items.filter { !$0.isEmpty }))
        }
        return (key, .text(unquoted(value)))
    }

    private static func unquoted(_ text: String) -> String {
        // Bytes, not Characters, counted: a text of one Character starts with a quote only
        // when it is the quote, of one byte.
        for quote in ["\"", "'"] where text.utf8.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// The first Character `character` (ASCII) in `text`: found in the bytes when the text is
    /// ASCII, where each byte is a Character.
    private static func firstIndex(of character: Unicode.Scalar, in text: String) -> String.Index? {
        text.isAllASCII ? text.utf8.firstIndex(of: UInt8(ascii: character)) : text.firstIndex(of: Character(character))
    }

    private static func indentation(_ line: String) -> Int {
        line.prefix { $0.isWhitespace }.count
    }
}
