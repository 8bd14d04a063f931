/// The units of things counted (`clove`, `can`, `stalk`): a recipe writes them in the singular
/// or the plural, and both add up as one; a list prints the form its number needs.
public enum CountUnit {
    /// Plurals that do not just add -s or -es.
    private static let irregular: [String: String] = [
        "leaf": "leaves", "loaf": "loaves", "half": "halves", "knife": "knives", "potato": "potatoes",
        "tomato": "tomatoes",
    ]
    private static let singularOf = Dictionary(uniqueKeysWithValues: irregular.map { ($1, $0) })

    /// `unit` in the singular, lower-cased: the key that `clove` and `cloves` share.
    public static func singular(_ unit: String) -> String {
        let word = unit.lowercased()
        if let known = singularOf[word] { return known }
        if irregular[word] != nil { return word }
        for ending in ["ches", "shes", "sses", "xes"] where word.hasSuffix(ending) { return String(word.dropLast(2)) }
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 { return String(word.dropLast()) }
        return word
    }

    /// The singular `unit` in the plural.
    public static func plural(_ unit: String) -> String {
        if let known = irregular[unit] { return known }
        if ["ch", "sh", "s", "x"].contains(where: unit.hasSuffix) { return unit + "es" }
        if unit.hasSuffix("y"), let before = unit.dropLast().last, !"aeiou".contains(before) { return unit.dropLast() + "ies" }
        return unit + "s"
    }

    /// The form of the singular `unit` for `value`: 1 clove, ½ clove, 2 cloves.
    public static func word(_ unit: String, for value: Double) -> String {
        value > 1 + 1e-9 ? plural(unit) : unit
    }
}
