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
                    let (key, value) = try pair(trimmed, line: number, column: indentation(line) + 1)
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
            let (key, value) = try pair(trimmed, line: number, column: indentation(line) + 1)
            try Recipe.checkServings(key: key, value: value, line: number, column: indentation(line) + 1)
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
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw CooklangError(line: line, column: column, "front matter lines are 'key: value'")
        }
        let key = unquoted(text[..<colon].trimmingWhitespace())
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        if value.hasPrefix("[") && value.hasSuffix("]") {
            let items = value.dropFirst().dropLast().split(separator: ",").map { unquoted($0.trimmingWhitespace()) }
            return (key, .list(items.filter { !$0.isEmpty }))
        }
        return (key, .text(unquoted(value)))
    }

    private static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    private static func indentation(_ line: String) -> Int {
        line.prefix { $0.isWhitespace }.count
    }
}
