import Cooklang
import MealPlanCore

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
        let document: TOMLSubset
        do {
            document = try TOMLSubset(text)
        } catch {
            throw ConfigError(line: error.line, error.message)
        }
        var pantry = PantryConfig()
        for entry in document.entries {
            let quantityText: String?
            switch entry.value {
            case .string(let text):
                quantityText = text
            case .table(let fields):
                for field in fields where field.value.string == nil {
                    throw ConfigError(line: entry.line, "key '\(entry.key).\(field.key)': the value must be a quoted text, like \"500%g\"")
                }
                quantityText = fields.first { $0.key == "quantity" }?.value.string
            default:
                throw ConfigError(line: entry.line, "key '\(entry.key)': the value must be a quoted text, like \"500%g\"")
            }
            let quantity = try quantityText.flatMap { text throws(ConfigError) in
                do {
                    return try Quantity.parse(text)
                } catch {
                    throw ConfigError(line: entry.line, "key '\(entry.key)': '\(text)' is not a quantity like \"500%g\"")
                }
            }
            pantry.items.append(Item(name: entry.key, place: entry.table, quantity: quantity))
        }
        return pantry
    }
}
