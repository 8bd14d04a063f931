import MealPlanExchange
import ShoppingList

/// The shopping list as `mealplan shop --format json` writes it: an array of items, one per
/// line, every key present.
enum ShoppingListJSON {
    /// An item: `name`, `aisle` (null for none), `amounts`, `meals`, `checked` (ticked off) and
    /// `added` (a top-up: what the plan needs beyond what was ticked).
    enum ItemField: String, JSONField {
        case name, aisle, amounts, meals, checked, added
        static let shape = JSONObjectShape<Self>()
    }

    /// An amount: `quantity` the exact number or null, `buy` it rounded as the text shows it
    /// (counts up to whole ones) or null, `unit` text or null: a mass or volume's symbol, or a
    /// counted thing's unit in the singular, `clove` for 3 cloves.
    enum AmountField: String, JSONField {
        case quantity, buy, unit
        static let shape = JSONObjectShape<Self>()
    }

    /// A meal an item is for, with the keys `list` writes for it, in the same order: a repeat's
    /// occurrence has a null id and its rule.
    enum MealField: String, JSONField {
        case id, date, `repeat`
        static let shape = JSONObjectShape<Self>()
    }

    static func write(_ list: ShoppingList, to json: inout JSONWriter) throws {
        try json.array(list.items) { item, json in
            try json.object(of: ItemField.self) { field, json in
                switch field {
                case .name: try json.value(item.name)
                case .aisle: try json.value(item.aisle)
                case .amounts: try json.array(item.amounts, writeAmount)
                case .meals: try json.array(item.meals, writeMeal)
                case .checked: try json.value(item.checked)
                case .added: try json.value(item.isTopUp)
                }
            }
        }
    }

    private static func writeAmount(_ amount: Amount, to json: inout JSONWriter) throws {
        try json.object(of: AmountField.self) { field, json in
            switch field {
            case .quantity: try json.value(amount.quantity)
            case .buy: try json.value(amount.buy)
            case .unit: try json.value(amount.unit)
            }
        }
    }

    private static func writeMeal(_ use: ShoppingList.MealUse, to json: inout JSONWriter) throws {
        try json.object(of: MealField.self) { field, json in
            switch field {
            case .id: try json.value(use.id)
            case .date: try json.value(use.day)
            case .repeat: try json.value(use.rule)
            }
        }
    }
}
