import Settings

/// The pantry's items by the names the shopping list gives ingredients: each item under its own
/// name and under the name `aisle.conf` gives it (any case), the first in the file winning.
/// Made once per list, so that finding an item costs one lookup, not a pass over the pantry.
struct PantryLookup {
    private var items: [String: PantryConfig.Item] = [:]

    init(_ pantry: PantryConfig, aisles: AisleConfig) {
        for item in pantry.items {
            let key = item.name.lowercased()
            if items[key] == nil { items[key] = item }
            if let place = aisles.place(of: item.name)?.name.lowercased(), items[place] == nil { items[place] = item }
        }
    }

    /// The item that is the ingredient `name` as the list shows it.
    func item(named name: String) -> PantryConfig.Item? {
        items[name.lowercased()]
    }
}
