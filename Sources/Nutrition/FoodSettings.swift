import Settings

/// The config file's `[foods]` table: the household's own names of SR21 foods, one a line,
/// `"house granola" = "08037"`, over mealplan's table. A value that is not five digits in
/// quotes, or numbers no SR21 food, is a mistake naming its line (`mealplan nutrition --food
/// NAME` lists the foods matching a name's words, to copy from).
public struct FoodSettings: ConfigSection {
    public static let table = "foods"
    /// Any name.
    public static let keys: [String] = []

    /// The table's names over mealplan's.
    public private(set) var names = FoodNames.standard

    public init() {}

    public mutating func read(_ entry: ConfigEntry) throws(ConfigFileError) {
        guard let number = entry.value.string else {
            throw entry.mistake("must be a USDA food number in quotes, like \"01001\" (a number loses its leading zeros)")
        }
        do {
            try names.map(entry.key, to: number, line: entry.line)
        } catch {
            throw entry.problem(error.message)
        }
    }
}
