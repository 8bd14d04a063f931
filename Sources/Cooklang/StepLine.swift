import TextHelpers

/// One line of a step read into text and mentions of ingredients, cookware and timers.
enum StepLine {
    static let sigils: Set<Character> = ["@", "#", "~"]

    /// The items of `line`; each mention is added to `recipe`'s lists.
    static func items(of line: SourceLine, into recipe: inout Recipe) throws(CooklangError) -> [StepItem] {
        let characters = Array(line.characters.drop { $0.character.isWhitespace })
        var items: [StepItem] = []
        var text = ""
        var index = 0
        while index < characters.count {
            if sigils.contains(characters[index].character),
               let (item, next) = try mention(at: index, in: characters, line: line.number, recipe: &recipe) {
                if !text.isEmpty { items.append(.text(text)) }
                text = ""
                items.append(item)
                index = next
            } else {
                text.append(characters[index].character)
                index += 1
            }
        }
        if !text.isEmpty { items.append(.text(text)) }
        return items
    }

    /// Adjacent text items joined into one.
    static func merged(_ items: [StepItem]) -> [StepItem] {
        var result: [StepItem] = []
        for item in items {
            if case .text(let more) = item, case .text(let before)? = result.last {
                result[result.count - 1] = .text(before + more)
            } else {
                result.append(item)
            }
        }
        return result
    }

    /// The mention starting with the sigil at `start`, and the index after it; `nil` when the
    /// sigil is plain text (followed by a space, punctuation or nothing).
    private static func mention(
        at start: Int, in characters: [SourceCharacter], line: Int, recipe: inout Recipe
    ) throws(CooklangError) -> (StepItem, Int)? {
        let sigil = characters[start].character
        var index = start + 1
        var isOptional = false
        if sigil != "~", index < characters.count, characters[index].character == "?" {
            isOptional = true
            index += 1
        }
        guard index < characters.count else { return nil }
        var name: String?
        var amount: (range: Range<Int>, column: Int)?
        if sigil == "~" && characters[index].character == "{" {
            guard let close = closingBrace(after: index, in: characters) else { return nil }
            amount = (index + 1..<close, characters[index].column)
            index = close + 1
        } else {
            guard !characters[index].character.isWhitespace else { return nil }
            if let (multiword, open, close) = multiwordName(from: index, in: characters) {
                name = multiword
                amount = (open + 1..<close, characters[open].column)
                index = close + 1
            } else {
                let end = characters[index...].firstIndex { $0.character.isWhitespace || $0.character.isPunctuation }
                    ?? characters.count
                guard end > index else { return nil }
                name = String(characters[index..<end].map(\.character))
                index = end
            }
        }
        let quantity = try amount.flatMap { amount throws(CooklangError) in
            try QuantityText.parse(String(characters[amount.range].map(\.character)), line: line, column: amount.column + 1)
        }
        switch sigil {
        case "@":
            var note: String?
            if index < characters.count, characters[index].character == "(",
               let close = characters[index...].firstIndex(where: { $0.character == ")" }) {
                note = String(characters[index + 1..<close].map(\.character)).trimmingWhitespace()
                index = close + 1
            }
            var ingredient = Ingredient(name: name ?? "", quantity: quantity, note: note, isOptional: isOptional, line: line)
            if let path = name, path.hasPrefix("./") || path.hasPrefix("../") {
                ingredient.reference = path
                ingredient.name = String(path.split(separator: "/").last ?? Substring(path))
            }
            recipe.ingredients.append(ingredient)
            return (.ingredient(recipe.ingredients.count - 1), index)
        case "#":
            recipe.cookware.append(Cookware(name: name ?? "", quantity: quantity, isOptional: isOptional))
            return (.cookware(recipe.cookware.count - 1), index)
        default:
            recipe.timers.append(CookingTimer(name: name, quantity: quantity))
            return (.timer(recipe.timers.count - 1), index)
        }
    }

    /// A name of several words ends at `{`, which must come before any other sigil on the line
    /// and have its `}`: the name, and the indices of the braces.
    private static func multiwordName(from start: Int, in characters: [SourceCharacter]) -> (String, Int, Int)? {
        var index = start
        while index < characters.count, characters[index].character != "{" {
            if sigils.contains(characters[index].character) { return nil }
            index += 1
        }
        guard index < characters.count, index > start, let close = closingBrace(after: index, in: characters) else {
            return nil
        }
        let name = String(characters[start..<index].map(\.character)).trimmingWhitespace()
        return name.isEmpty ? nil : (name, index, close)
    }

    private static func closingBrace(after open: Int, in characters: [SourceCharacter]) -> Int? {
        characters[(open + 1)...].firstIndex { $0.character == "}" }
    }
}
