import Cooklang
import MealPlanExchange
import Nutrition
import Settings
import TerminalKit

/// `mealplan nutrition --food NAME`: the food a name maps to, and how its amounts are weighed;
/// for a name nothing maps, the SR21 foods whose descriptions hold its words, to copy into
/// `[foods]`. None of those is taken by itself.
enum FoodLookupOutput {
    static func print(_ name: String, figures: IngredientFigures, format: NutritionCommand.Format,
                      energy: NutritionText.Energy) throws {
        let mapping = figures.names.mapping(of: name, aisles: figures.aisles)
        let food = mapping.flatMap { FoodTable.food($0.entry.number) }
        let candidates = food == nil ? Self.candidates(for: name) : []
        let density = figures.gramsPerMillilitre(of: name, entry: mapping?.entry, food: food)
        switch format {
        case .json:
            try JSONOutput.write { json in try writeJSON(name, mapping: mapping, food: food, density: density, candidates: candidates, to: &json) }
        case .text:
            Swift.print(text(name, mapping: mapping, food: food, density: density, candidates: candidates, energy: energy)
                .map(\.terminalVisible).joined(separator: "\n"))
        }
    }

    /// The foods holding every word of `name`, else those holding any one of them.
    static func candidates(for name: String) -> [Food] {
        let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let all = FoodTable.foods(matching: words)
        guard all.isEmpty, words.count > 1 else { return all }
        var some: [Food] = []
        for word in words { some += FoodTable.foods(matching: [word], limit: 4).filter { food in !some.contains(food) } }
        return some
    }

    static func text(_ name: String, mapping: FoodNames.Mapping?, food: Food?, density: Double?, candidates: [Food],
                     energy: NutritionText.Energy) -> [String] {
        guard let mapping, let food else {
            var lines = ["no food is known for '\(name)'"]
            if candidates.isEmpty {
                lines.append("no USDA SR21 food's description holds its words; try another word for it")
                return lines
            }
            lines[0] += "; USDA SR21 foods whose descriptions hold its words:"
            lines += candidates.map { "  \($0.number)  \($0.description)" }
            lines += ["", "To use one, add it to the config file (see 'mealplan help config'):", "  [foods]",
                      "  \"\(name.lowercased())\" = \"\(candidates[0].number)\""]
            return lines
        }
        let source = switch mapping.source {
        case .table: "mealplan's names"
        case .config(let line): "[foods] in the config file, line \(line)"
        }
        let through = FoodNames.normalized(name) == mapping.name ? "" : " (as '\(mapping.name)', another name aisle.conf gives it)"
        var lines = ["'\(name)'\(through) is \(food.number) \(food.description), from \(source)",
                     "  per 100 g: " + NutritionText.figures(food.per100g, energy: energy)]
        if !food.missing.isEmpty {
            lines.append("  USDA gives no " + Nutrient.allCases.filter(food.missing.contains).map(\.label).joined(separator: ", "))
        }
        if let each = mapping.entry.gramsEach { lines.append("  one (a plain count, like '3') is \(grams(each))") }
        if let density { lines.append("  a cup is \(grams(density * 236.5882365)) (\(decimal(density)) g/ml)") }
        if food.refuse > 0, mapping.entry.isAsBought { lines.append("  weighed as bought: \(decimal(food.refuse)) % refuse taken off") }
        if !food.measures.isEmpty {
            lines.append("  household measures: " + food.measures.map { "\(decimal($0.amount)) \($0.description) \(grams($0.grams))" }
                .joined(separator: " · "))
        }
        // The table's reasons for its choice, after the description it starts with.
        if case .table = mapping.source, let why = mapping.entry.note.split(separator: ";", maxSplits: 1).dropFirst().first {
            lines.append("  chosen:" + why)
        }
        return lines
    }

    /// "227 g", "14.2 g", "0.45 g": three digits at most, rounded to the nearest.
    private static func grams(_ value: Double) -> String {
        let scale = value >= 100 ? 1.0 : value >= 10 ? 10 : 100
        return QuantityValue.format((value * scale).rounded() / scale) + " g"
    }

    /// "0.96", "0.5": at most three decimals.
    private static func decimal(_ value: Double) -> String { QuantityValue.format((value * 1000).rounded() / 1000) }

    /// The keys of `--food`'s JSON: `name` as asked, `food` (null for a name nothing maps), and
    /// for a name nothing maps, the `candidates` matching its words.
    enum LookupField: String, JSONField {
        case name, food, source, config_line, mapped_as, grams_each, grams_per_ml, candidates
        static let shape = JSONObjectShape<Self>()
    }

    enum FoodField: String, JSONField {
        case number, description, per_100g, missing, refuse_percent, measures
        static let shape = JSONObjectShape<Self>()
    }

    enum MeasureField: String, JSONField {
        case amount, description, grams
        static let shape = JSONObjectShape<Self>()
    }

    enum CandidateField: String, JSONField {
        case number, description
        static let shape = JSONObjectShape<Self>()
    }

    static func writeJSON(_ name: String, mapping: FoodNames.Mapping?, food: Food?, density: Double?, candidates: [Food],
                          to json: inout JSONWriter) throws {
        let line: Int? = if case .config(let line) = mapping?.source { line } else { nil }
        try json.object(of: LookupField.self) { field, json in
            switch field {
            case .name: try json.value(name)
            case .food:
                guard let food else { return try json.null() }
                try json.object(of: FoodField.self) { field, json in
                    switch field {
                    case .number: try json.value(food.number)
                    case .description: try json.value(food.description)
                    case .per_100g: try NutritionJSON.writeNutrients(food.per100g, to: &json)
                    case .missing:
                        try json.array(NutritionJSON.NutrientField.allCases.filter { food.missing.contains($0.nutrient) }) { field, json in
                            try json.value(field.rawValue)
                        }
                    case .refuse_percent: try json.value(food.refuse)
                    case .measures:
                        try json.array(food.measures) { measure, json in
                            try json.object(of: MeasureField.self) { field, json in
                                switch field {
                                case .amount: try json.value(measure.amount)
                                case .description: try json.value(measure.description)
                                case .grams: try json.value(measure.grams)
                                }
                            }
                        }
                    }
                }
            case .source: try json.value(mapping.map { if case .table = $0.source { "table" } else { "config" } })
            case .config_line: try json.value(line.map(Int64.init))
            case .mapped_as: try json.value(mapping?.name)
            case .grams_each: try json.value(mapping?.entry.gramsEach)
            case .grams_per_ml: try json.value(food == nil ? nil : density)
            case .candidates:
                try json.array(candidates) { candidate, json in
                    try json.object(of: CandidateField.self) { field, json in
                        switch field {
                        case .number: try json.value(candidate.number)
                        case .description: try json.value(candidate.description)
                        }
                    }
                }
            }
        }
    }
}
