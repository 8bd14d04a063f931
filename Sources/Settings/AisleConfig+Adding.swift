import TextHelpers
extension AisleConfig {
    /// `text`, an `aisle.conf`, with `name` as the last ingredient of `[aisle]` (any case), or
    /// in a new `[aisle]` at the end: what `shop add --aisle` writes, so that the Cooklang apps
    /// place the item alike. The caller checks first that no aisle names it yet.
    public static func adding(_ name: String, toAisle aisle: String, in text: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        var inAisle = false
        var last: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") {
                inAisle = String(trimmed.dropFirst().dropLast()).trimmingWhitespace().lowercased() == aisle.lowercased()
                if inAisle { last = index }
            } else if inAisle, !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("--") {
                last = index
            }
        }
        if let last {
            lines.insert(name, at: last + 1)
            return lines.joined(separator: "\n")
        }
        let start = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        return start + (start.isEmpty ? "" : "\n") + "[\(aisle)]\n\(name)\n"
    }
}
