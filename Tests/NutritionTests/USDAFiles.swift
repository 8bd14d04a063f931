import Foundation

/// USDA's SR21 files as Debian's `gourmand` ships them, read here on their own, apart from
/// mealplan's generated table: the oracle the figures are checked against.
struct USDAFiles {
    static let folder = "/usr/lib/python3/dist-packages/gourmand/data/"
    static let shared = USDAFiles()

    /// ABBREV.txt's columns for kcal, protein, fat, carbohydrate, fibre, sugars and sodium.
    static let columns = [3, 4, 5, 7, 8, 9, 15]

    /// Per food number: the seven values per 100 g (`nil` where USDA gives none).
    let per100g: [String: [Double?]]
    /// Per food number: FOOD_DES.txt's description and food group code.
    let foods: [String: (description: String, group: String, refuse: Double)]
    /// Per food number: WEIGHT.txt's measures, in order.
    let measures: [String: [(amount: Double, description: String, grams: Double)]]

    private init() {
        func records(_ name: String) -> [[String]] {
            let data = FileManager.default.contents(atPath: Self.folder + name) ?? Data()
            let text = String(data: data, encoding: .isoLatin1) ?? ""
            return text.split(whereSeparator: \.isNewline).map { line in
                line.split(separator: "^", omittingEmptySubsequences: false).map { field in
                    String(field.hasPrefix("~") && field.hasSuffix("~") && field.count > 1 ? field.dropFirst().dropLast() : field)
                }
            }
        }
        var per100g: [String: [Double?]] = [:]
        for row in records("ABBREV.txt") { per100g[row[0]] = Self.columns.map { Double(row[$0]) } }
        var foods: [String: (String, String, Double)] = [:]
        for row in records("FOOD_DES.txt") { foods[row[0]] = (row[2], row[1], Double(row[9]) ?? 0) }
        var measures: [String: [(Double, String, Double)]] = [:]
        for row in records("WEIGHT.txt") { measures[row[0], default: []].append((Double(row[2])!, row[3], Double(row[4])!)) }
        self.per100g = per100g
        self.foods = foods
        self.measures = measures
    }

    /// The grams of one `description` measure of food `number` ("cup", "clove", "large").
    func grams(_ number: String, per description: String) -> Double {
        let measure = measures[number]!.first { $0.description == description }!
        return measure.grams / measure.amount
    }

    /// Millilitres of US customary measures, exactly.
    static let teaspoon = 4.92892159375
    static let tablespoon = 3 * teaspoon
    static let cup = 48 * teaspoon

    /// Grams per millilitre of food `number` from its `description` measure of `millilitres`.
    func density(_ number: String, _ description: String, millilitres: Double) -> Double {
        grams(number, per: description) / millilitres
    }

    /// The seven values of `grams` of food `number` (a missing value as 0).
    func nutrients(_ number: String, grams: Double) -> [Double] {
        per100g[number]!.map { ($0 ?? 0) * grams / 100 }
    }
}
