import MealPlanCore
import Settings
import TextHelpers

/// An item the plan does not need but the household does (paper towels): a name, and an
/// amount if one was written; its aisle is the one `aisle.conf` gives it, as for any item.
///
/// Kept in cookcli's `.shopping-list` in the recipes folder, where the Cooklang apps and `cook
/// server` keep their list: a line `./path{2}` is a recipe (its ingredients indented under it),
/// any other line an item, `name` or `name{amount}`. mealplan reads and writes only the items
/// at the top, one a line, nothing else: the readers of the format do not agree on comments
/// (cooklang-rs 0.18 skips `--` lines, later versions cut lines at `//` instead), so an aisle
/// kept in a comment would become part of the name for one of them. The aisle goes to
/// `aisle.conf`, where the Cooklang apps look for it too. The recipes on their list are theirs:
/// mealplan's list comes from the plan.
public struct ExtraItem: Equatable, Sendable {
    public var name: String
    public var amounts: [Amount]

    public init(name: String, amounts: [Amount] = []) {
        self.name = name
        self.amounts = amounts
    }

    /// The items at the top of a `.shopping-list`; a line indented under no recipe is an
    /// error naming it, as in their reader.
    public static func parseList(_ text: String) throws(ConfigError) -> [ExtraItem] {
        var items: [ExtraItem] = []
        var underRecipe = false
        for (offset, line) in lines(of: text).enumerated() {
            guard let parts = parts(of: line) else { continue }
            if parts.indent > 0 {
                guard underRecipe else { throw ConfigError(line: offset + 1, "an indented line under no recipe") }
                continue
            }
            underRecipe = parts.content.hasPrefix("./")
            if underRecipe { continue }
            var item = ExtraItem(name: parts.content)
            if parts.content.hasSuffix("}"), let brace = parts.content.lastIndex(of: "{") {
                item.name = String(parts.content[..<brace]).trimmingWhitespace()
                item.amounts = [amount(String(parts.content[parts.content.index(after: brace)...].dropLast()))]
                guard !item.name.isEmpty else { throw ConfigError(line: offset + 1, "an item without a name") }
            }
            items.append(item)
        }
        return items
    }

    /// The line that adds `item` to a `.shopping-list`, ending in a newline.
    public var line: String { name + "\n" }

    /// What is wrong with `name` as an item of the list (their reader would read it as
    /// something else), or `nil`.
    public static func problem(with name: String) -> String? {
        if name.trimmingWhitespace().isEmpty { return "an item needs a name" }
        if name.contains(where: \.isNewline) { return "an item's name is one line" }
        if name.hasPrefix("./") { return "a name starting with './' is a recipe in .shopping-list" }
        if name.hasPrefix("--") || name.hasPrefix("//") { return "a name starting with '--' or '//' is a comment in .shopping-list" }
        if name.contains("{") || name.contains("}") { return "an item's name has no '{' or '}'" }
        return nil
    }

    /// `text` without the top-level item line naming `name` (any case); `nil` when there is
    /// none.
    public static func removing(_ name: String, from text: String) -> String? {
        var lines = lines(of: text)
        guard let index = lines.firstIndex(where: { line in
            guard let parts = parts(of: line), parts.indent == 0, !parts.content.hasPrefix("./") else { return false }
            let itemName = parts.content.hasSuffix("}") ? String(parts.content.prefix { $0 != "{" }).trimmingWhitespace() : parts.content
            return itemName.lowercased() == name.lowercased()
        }) else { return nil }
        lines.remove(at: index)
        return lines.joined(separator: "\n")
    }

    /// Lines end at "\n" ("\r\n" is one Character in Swift), as in their reader.
    private static func lines(of text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
    }

    /// A line's indent (spaces) and content; `nil` for a blank line or a comment of either
    /// reader (`--` or `//` at its start).
    private static func parts(of line: String) -> (indent: Int, content: String)? {
        let content = line.trimmingWhitespace()
        guard !content.isEmpty, !content.hasPrefix("--"), !content.hasPrefix("//") else { return nil }
        return (line.prefix { $0 == " " }.count, content)
    }

    /// `2%l` as 2 l, `3` as 3, anything else as words.
    private static func amount(_ text: String) -> Amount {
        let parts = text.split(separator: "%", maxSplits: 1).map { String($0).trimmingWhitespace() }
        if let first = parts.first, let number = Double(first), number.isFinite {
            return Amount(quantity: number, unit: parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil)
        }
        return Amount(quantity: nil, unit: text.replacing("%", with: " ").trimmingWhitespace())
    }
}
