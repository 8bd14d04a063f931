import MealPlanCore
import TextHelpers

/// The text between `{` and `}`: `quantity%unit`, `quantity`, `=quantity%unit` (fixed) or
/// nothing. A quantity is a number when it reads as one (`2`, `1.5`, `.5`, `1/2`, `1 1/2`,
/// spaces around `/` allowed); otherwise it is kept as words (`a pinch`, `2-3`, `01/2`).
enum QuantityText {
    /// The quantity in `text`, `nil` when there is none; `column` is where `text` starts.
    static func parse(_ text: String, line: Int, column: Int) throws(CooklangError) -> Quantity? {
        let (amountText, unitText) = split(text)
        var amount = amountText.trimmingWhitespace()
        let unit = unitText.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        let isFixed = amount.hasPrefix("=")
        if isFixed { amount = amount.dropFirst().trimmingWhitespace() }
        guard !amount.isEmpty else {
            if unitText != nil || isFixed {
                throw CooklangError(line: line, column: column, "the amount is missing before '%'; write it as {quantity%unit}")
            }
            return nil
        }
        return Quantity(value: try value(amount, line: line, column: column), unit: unit, isFixed: isFixed)
    }

    /// The text before the first `%` and, if there is one, after it.
    private static func split(_ text: String) -> (String, String?) {
        guard let percent = text.firstIndex(of: "%") else { return (text, nil) }
        return (String(text[..<percent]), String(text[text.index(after: percent)...]))
    }

    /// The largest amount a recipe may write: a billion of any unit is no kitchen's, and
    /// keeps every amount scaled by servings and sub-recipes far from overflowing.
    static let maximumAmount = 1_000_000_000.0

    private static func value(_ text: String, line: Int, column: Int) throws(CooklangError) -> QuantityValue {
        let value = try readValue(text, line: line, column: column)
        if case .number(let number) = value, !(number.isFinite && number <= maximumAmount) {
            throw CooklangError(line: line, column: column, "the amount '\(text.messageExcerpt)' is too large (at most 1000000000)")
        }
        return value
    }

    private static func readValue(_ text: String, line: Int, column: Int) throws(CooklangError) -> QuantityValue {
        if let number = decimal(text) { return .number(number) }
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        // "1 1/2": a whole number and a fraction.
        if parts.count >= 2, let whole = wholeNumber(parts[0]),
           let fraction = try fraction(parts.dropFirst().joined(separator: " "), line: line, column: column) {
            return .number(whole + fraction)
        }
        if let fraction = try fraction(text, line: line, column: column) { return .number(fraction) }
        return .text(text)
    }

    /// `12`, `1.5`, `.5` or `2.`.
    private static func decimal(_ text: String) -> Double? {
        let digitsAndPoint = text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard digitsAndPoint, text.filter({ $0 == "." }).count <= 1, text != "." else { return nil }
        return Double(text.hasPrefix(".") ? "0" + text : text)
    }

    private static func wholeNumber<Text: StringProtocol>(_ text: Text) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Double(String(text))
    }

    /// `a/b` with whole numbers written without leading zeros; a zero below is an error.
    private static func fraction(_ text: String, line: Int, column: Int) throws(CooklangError) -> Double? {
        let sides = text.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard sides.count == 2, let numerator = wholeNumber(sides[0]), let denominator = wholeNumber(sides[1]),
              !sides.contains(where: { $0.count > 1 && $0.hasPrefix("0") })
        else { return nil }
        guard denominator != 0 else {
            throw CooklangError(line: line, column: column, "'\(text)' divides by zero")
        }
        return numerator / denominator
    }
}

extension Quantity {
    /// `quantity%unit` as written between braces (`500%g`, `1/2%cup`, `=1%tsp`, `2`), for
    /// files that borrow the notation, such as a pantry; `nil` for empty text.
    public static func parse(_ text: String) throws(CooklangError) -> Quantity? {
        try QuantityText.parse(text, line: 1, column: 1)
    }
}

extension Quantity {
    /// A number of something as a settings file writes it: `500%g` as in a recipe, or the
    /// number and its unit together, `2 l`, `2l`, `2 L`, `1.5kg`, `1 1/2 cup`, `6`; `nil` for
    /// anything else (`some%kg`, `2-3`, a unit that does not start with a letter).
    public static func parseAmount(_ text: String) -> Quantity? {
        var written = text.trimmingWhitespace()
        if !written.contains("%") {
            let start = written.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == "/" || $0 == " ")) }
            if let start {
                guard written[start].isLetter else { return nil }
                written = written[..<start] + "%" + written[start...]
            }
        }
        guard let quantity = try? parse(written), case .number = quantity.value else { return nil }
        return quantity
    }
}
