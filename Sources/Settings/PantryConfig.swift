import Cooklang
import MealPlanCore
import TextHelpers

/// What the household has in stock, as cookcli's `pantry.conf` writes it (TOML): `[place]`
/// sections, each item `name = "500%g"` or `name = { quantity = "1%kg", bought = "…",
/// expire = "…", low = "…" }`. The quantity is taken away from the list and `low` marks what
/// the plan may not bring it below; an item without a quantity counts as in stock, whatever
/// the amount. Amounts are written as in a recipe (`500%g`) or plainly (`2 l`, `1.5kg`).
public struct PantryConfig: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var name: String
        public var place: String
        /// `nil`: in stock, amount not said.
        public var quantity: Quantity?
        /// Below this, the item is running low.
        public var low: Quantity?
        /// `expire = "…"` as written, and its line, for `recipes --use-first`.
        public var expire: Written?

        /// The day `expire` names: `2026-12-01`, or `01.12.2026` as cookcli's examples write it;
        /// `nil` without one or for any other text.
        public var expiry: Day? {
            guard let text = expire?.text.trimmingWhitespace() else { return nil }
            let dashed = text.split(separator: "-", omittingEmptySubsequences: false)
            let dotted = text.split(separator: ".", omittingEmptySubsequences: false)
            let numbers: [Int]? = if dashed.count == 3, dashed[0].count == 4 {
                dashed.map { Int($0) ?? -1 }
            } else if dotted.count == 3, dotted[2].count == 4 {
                [dotted[2], dotted[1], dotted[0]].map { Int($0) ?? -1 }
            } else {
                nil
            }
            guard let numbers, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
            return Day(year: numbers[0], month: numbers[1], day: numbers[2])
        }
    }

    /// A value as the file writes it, with its line, for a message about it.
    public struct Written: Equatable, Sendable {
        public var text: String
        public var line: Int
    }

    public var items: [Item] = []

    public init() {}

    /// The item called `name` (any case), if the pantry has it.
    public func item(named name: String) -> Item? {
        items.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Reads `text`; anything outside the subset above is an error naming the line and key.
    public static func parse(_ text: String) throws(ConfigError) -> PantryConfig {
        let document: TOMLSubset
        do {
            document = try TOMLSubset(text)
        } catch {
            throw ConfigError(line: error.line, error.message)
        }
        var pantry = PantryConfig()
        for entry in document.entries {
            let quantityText: String?
            var lowText: String?
            var expireText: String?
            switch entry.value {
            case .string(let text):
                quantityText = text
            case .table(let fields):
                for field in fields where field.value.string == nil {
                    throw ConfigError(line: entry.line, "key '\(entry.key).\(field.key)': the value must be a quoted text, like \"500%g\"")
                }
                quantityText = fields.first { $0.key == "quantity" }?.value.string
                lowText = fields.first { $0.key == "low" }?.value.string
                expireText = fields.first { $0.key == "expire" }?.value.string
            default:
                throw ConfigError(line: entry.line, "key '\(entry.key)': the value must be a quoted text, like \"500%g\"")
            }
            func amount(_ text: String?, key: String) throws(ConfigError) -> Quantity? {
                guard let text else { return nil }
                guard let quantity = Quantity.parseAmount(text) else {
                    throw ConfigError(line: entry.line, "key '\(key)': '\(text.messageExcerpt)' is not an amount like \"500%g\" or \"2 l\"")
                }
                return quantity
            }
            let quantity = try amount(quantityText, key: entry.key)
            let low = try amount(lowText, key: entry.key + ".low")
            pantry.items.append(Item(name: entry.key, place: entry.table, quantity: quantity, low: low,
                                     expire: expireText.map { Written(text: $0, line: entry.line) }))
        }
        return pantry
    }
}
