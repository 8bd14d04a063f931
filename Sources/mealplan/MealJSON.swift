import MealPlanCore

/// Meals as a JSON array for `list --format json`: one object per meal with id, date, slot,
/// position, title and note (null when absent), keys in that order.
enum MealJSON {
    static func array(_ meals: [Meal]) -> String {
        let objects = meals.map { meal in
            let note = meal.note.map(quoted) ?? "null"
            return """
                {"id":\(meal.id ?? 0),"date":"\(meal.day.iso)","slot":\(quoted(meal.slot)),\
                "position":\(meal.position),"title":\(quoted(meal.title)),"note":\(note)}
                """
        }
        return "[" + objects.joined(separator: ",\n") + "]"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters (C0, DEL, C1) escaped,
    /// so the output is valid RFC 8259 and safe on a terminal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
