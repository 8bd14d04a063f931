import TextHelpers

/// Reads Cooklang text (cooklang.org's language) into a `Recipe`: pure, no files, so the same
/// text always gives the same recipe or the same error.
///
/// What it reads: YAML front matter between `---` lines; `--` line and `[- -]` block comments;
/// `== Section ==` lines; `>` notes and `>> key: value` metadata; steps as paragraphs (lines
/// joined by a space, blank lines between steps); `@ingredient`, `@multi word{qty%unit}(note)`,
/// `@./other/Recipe{…}`, `#cookware{…}`, `~timer{…}`, `?` for optional, `=` for fixed amounts.
public enum CooklangParser {
    public static func parse(_ text: String) throws(CooklangError) -> Recipe {
        let (lines, recipe, bodyStart) = try frontMatter(of: text)
        var body = Body(recipe: recipe)
        var comments = CommentStripper()
        for index in lines.indices.dropFirst(bodyStart) {
            try body.read(try comments.strip(lines[index], line: index + 1))
        }
        try comments.finish()
        return body.finish()
    }

    /// What a recipe says about itself (title, servings, tags …) without reading its steps:
    /// what a listing of the recipes folder shows, at a fraction of a whole parse's cost. A
    /// mistake in the front matter is the same error `parse` gives; the steps are not checked.
    /// A recipe whose steps may hold metadata too (a `>>` line) or hide some in a `[- -]`
    /// comment is parsed whole, so the answer is always `parse`'s metadata.
    public static func metadata(of text: String) throws(CooklangError) -> Recipe {
        if mayHoldMetadataInSteps(text) { return try parse(text) }
        // The lines up to the front matter's closing line, the steps after it never split.
        var lines: [String] = []
        var split = Lines(text)
        while let line = split.next() {
            lines.append(line)
            if lines.count == 1 && String(lines[0].drop { $0 == "\u{FEFF}" }).trimmingWhitespace() != "---" { return Recipe() }
            if lines.count > 1 && lines[lines.count - 1].trimmingWhitespace() == "---" { break }
        }
        return try frontMatter(of: lines).recipe
    }

    /// The lines of a text, split where a `Character` is a newline (`isNewline`: LF, VT, FF,
    /// CR, CR LF, NEL, LS, PS), as `split(omittingEmptySubsequences: false)` splits them, but
    /// found in the UTF-8 bytes, at a fraction of the cost of breaking the text into
    /// Characters. The same places: each of those scalars is a Character of its own (or CR LF),
    /// never part of another (Unicode's grapheme rules break before and after controls).
    struct Lines: IteratorProtocol {
        private let text: String
        private var start: String.Index
        private var isDone = false

        init(_ text: String) {
            self.text = text
            start = text.startIndex
        }

        mutating func next() -> String? {
            guard !isDone else { return nil }
            let bytes = text.utf8
            var index = start
            while index < bytes.endIndex {
                let length = Self.newlineLength(in: bytes, at: index)
                if length > 0 {
                    let line = String(text[start..<index])
                    start = bytes.index(index, offsetBy: length)
                    return line
                }
                index = bytes.index(after: index)
            }
            isDone = true
            return String(text[start...])
        }

        /// The length in bytes of the newline at `index`, 0 when none starts there.
        private static func newlineLength(in bytes: String.UTF8View, at index: String.Index) -> Int {
            func byte(_ offset: Int) -> UInt8? {
                bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex).flatMap { $0 < bytes.endIndex ? bytes[$0] : nil }
            }
            switch bytes[index] {
            case 0x0A, 0x0B, 0x0C: return 1
            case 0x0D: return byte(1) == 0x0A ? 2 : 1
            case 0xC2: return byte(1) == 0x85 ? 2 : 0  // U+0085
            case 0xE2: return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0  // U+2028, U+2029
            default: return 0
            }
        }
    }

    /// Whether `text` has a `>>` or a `[-` anywhere: looked for in its bytes, which costs a
    /// tenth of a search for the strings as characters.
    private static func mayHoldMetadataInSteps(_ text: String) -> Bool {
        func holds(_ bytes: some Sequence<UInt8>) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: ">") && previous == UInt8(ascii: ">") { return true }
                if byte == UInt8(ascii: "-") && previous == UInt8(ascii: "[") { return true }
                previous = byte
            }
            return false
        }
        // The bytes in place where the text has them so (a file's text does), else one by one.
        return text.utf8.withContiguousStorageIfAvailable(holds) ?? holds(text.utf8)
    }

    /// The text's lines (a leading byte-order mark dropped), a recipe holding the front
    /// matter's entries, and the index of the first line after it.
    private static func frontMatter(of text: String) throws(CooklangError) -> (lines: [String], recipe: Recipe, bodyStart: Int) {
        try frontMatter(of: Array(IteratorSequence(Lines(text))))
    }

    /// The same for the text's lines.
    private static func frontMatter(of lines: [String]) throws(CooklangError) -> (lines: [String], recipe: Recipe, bodyStart: Int) {
        var lines = lines
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        var recipe = Recipe()
        guard lines.first?.trimmingWhitespace() == "---" else { return (lines, recipe, 0) }
        guard let end = lines.indices.dropFirst().first(where: { lines[$0].trimmingWhitespace() == "---" }) else {
            throw CooklangError(line: 1, column: 1, "the front matter that starts here is not closed by a '---' line")
        }
        recipe.metadata = try FrontMatter.parse(lines[1..<end], firstLine: 2)
        return (lines, recipe, end + 1)
    }
}

/// A character of a line with its column in the file (from 1), so errors point at the source
/// even after comments were cut out.
struct SourceCharacter {
    let character: Character
    let column: Int
}

/// One line of the body, comments removed.
struct SourceLine {
    let number: Int
    var characters: [SourceCharacter]

    var text: String { String(characters.map(\.character)) }
    var isBlank: Bool { characters.allSatisfy(\.character.isWhitespace) }
}

/// Removes `[- … -]` block comments (which may span lines) and `--` line comments.
struct CommentStripper {
    /// Where an open block comment started.
    private var openBlock: (line: Int, column: Int)?

    mutating func strip(_ text: String, line: Int) throws(CooklangError) -> SourceLine {
        let characters = Array(text)
        var kept: [SourceCharacter] = []
        var index = 0
        while index < characters.count {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if openBlock != nil {
                if characters[index] == "-" && next == "]" {
                    openBlock = nil
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            if characters[index] == "[" && next == "-" {
                openBlock = (line, index + 1)
                index += 2
                continue
            }
            if characters[index] == "-" && next == "-" { break }
            kept.append(SourceCharacter(character: characters[index], column: index + 1))
            index += 1
        }
        return SourceLine(number: line, characters: kept)
    }

    /// Refuses a block comment still open at the end of the file.
    func finish() throws(CooklangError) {
        if let openBlock {
            throw CooklangError(line: openBlock.line, column: openBlock.column, "this '[-' comment is never closed by '-]'")
        }
    }
}

/// The body of a recipe read line by line into sections, steps and notes.
struct Body {
    private var recipe: Recipe
    private var section = RecipeSection(name: nil)
    /// The paragraph being read: a step's items or a note's text.
    private var step: [StepItem]?
    private var note: String?

    init(recipe: Recipe) {
        self.recipe = recipe
    }

    mutating func read(_ line: SourceLine) throws(CooklangError) {
        let trimmed = line.text.trimmingWhitespace()
        if line.isBlank {
            endParagraph()
        } else if trimmed.hasPrefix(">>") {
            endParagraph()
            let entry = trimmed.dropFirst(2)
            guard let colon = entry.firstIndex(of: ":") else {
                throw CooklangError(line: line.number, column: line.characters.first { !$0.character.isWhitespace }!.column,
                                    "metadata after '>>' must be 'key: value'")
            }
            let key = entry[..<colon].trimmingWhitespace(), value = MetadataValue.text(entry[entry.index(after: colon)...].trimmingWhitespace())
            try Recipe.checkServings(key: key, value: value, line: line.number,
                                     column: line.characters.first { !$0.character.isWhitespace }!.column)
            recipe.metadata.append(MetadataEntry(key: key, value: value))
        } else if trimmed.hasPrefix("=") {
            endParagraph()
            if !section.blocks.isEmpty || section.name != nil { recipe.sections.append(section) }
            let name = trimmed.trimmingCharacters(in: "=")
            section = RecipeSection(name: name.isEmpty ? nil : name)
        } else if trimmed.hasPrefix(">") {
            let text = trimmed.dropFirst().trimmingWhitespace()
            if let open = note {
                note = open + " " + text
            } else {
                endParagraph()
                note = text
            }
        } else if let open = note {
            note = open + " " + trimmed
        } else {
            var items = try StepLine.items(of: line, into: &recipe)
            if var current = step {
                items.insert(.text(" "), at: 0)
                current.append(contentsOf: items)
                step = StepLine.merged(current)
            } else {
                step = StepLine.merged(items)
            }
        }
    }

    private mutating func endParagraph() {
        if let step, !step.isEmpty { section.blocks.append(.step(step)) }
        if let note { section.blocks.append(.note(note)) }
        step = nil
        note = nil
    }

    mutating func finish() -> Recipe {
        endParagraph()
        if !section.blocks.isEmpty || section.name != nil { recipe.sections.append(section) }
        return recipe
    }
}

extension String {
    /// The text without `characters` (and white space) at either end.
    func trimmingCharacters(in characters: Character) -> String {
        var text = Substring(self)
        while let first = text.first, first == characters || first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last == characters || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
