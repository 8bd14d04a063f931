import Cooklang

/// What the household has in stock, as cookcli's `pantry.conf` writes it (TOML): `[place]`
/// sections, each item `name = "500%g"` or `name = { quantity = "1%kg", bought = "…",
/// expire = "…", low = "…" }`. Only the quantity matters to a shopping list; an item without
/// one counts as in stock, whatever the amount.
public struct PantryConfig: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var name: String
        public var place: String
        /// `nil`: in stock, amount not said.
        public var quantity: Quantity?
    }

    public var items: [Item] = []

    public init() {}

    /// The item called `name` (any case), if the pantry has it.
    public func item(named name: String) -> Item? {
        items.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Reads `text`; anything outside the subset above is an error naming the line and key.
    public static func parse(_ text: String) throws(ConfigError) -> PantryConfig {
        var pantry = PantryConfig()
        var place = ""
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = offset + 1
            let line = withoutComment(String(raw)).trimmed
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else { throw ConfigError(line: number, "a place is written [name]") }
                place = unquoted(String(line.dropFirst().dropLast()).trimmed)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigError(line: number, "an item is written name = \"quantity\"")
            }
            let name = unquoted(line[..<equals].trimmed)
            let value = line[line.index(after: equals)...].trimmed
            guard !name.isEmpty else { throw ConfigError(line: number, "an item needs a name before '='") }
            var quantityText: String?
            if value.hasPrefix("{") {
                guard value.hasSuffix("}") else { throw ConfigError(line: number, "key '\(name)': the table is not closed by '}'") }
                for field in value.dropFirst().dropLast().split(separator: ",") where !field.trimmed.isEmpty {
                    guard let fieldEquals = field.firstIndex(of: "=") else {
                        throw ConfigError(line: number, "key '\(name)': '\(field.trimmed)' is not key = \"value\"")
                    }
                    let key = unquoted(field[..<fieldEquals].trimmed)
                    let fieldValue = try string(field[field.index(after: fieldEquals)...].trimmed, key: "\(name).\(key)", line: number)
                    if key == "quantity" { quantityText = fieldValue }
                }
            } else {
                quantityText = try string(value, key: name, line: number)
            }
            let quantity = try quantityText.flatMap { text throws(ConfigError) in
                do {
                    return try Quantity.parse(text)
                } catch {
                    throw ConfigError(line: number, "key '\(name)': '\(text)' is not a quantity like \"500%g\"")
                }
            }
            pantry.items.append(Item(name: name, place: place, quantity: quantity))
        }
        return pantry
    }

    /// A TOML basic or literal string's content.
    private static func string(_ text: String, key: String, line: Int) throws(ConfigError) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        throw ConfigError(line: line, "key '\(key)': the value must be a quoted text, like \"500%g\"")
    }

    private static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// The line without a `#` comment (one outside quotes).
    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        for (index, character) in zip(line.indices, line) {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return String(line[..<index])
            }
        }
        return line
    }
}
