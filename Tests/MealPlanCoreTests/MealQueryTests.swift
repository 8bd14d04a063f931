import Foundation
import Testing
@testable import MealPlanCore

@Suite struct MealQueryTests {
    @Test(arguments: [
        ("lasagna", "Veg Lasagna", nil, true),
        ("LASAGNA", "veg lasagna", nil, true),
        ("crème", "CRÈME BRÛLÉE", nil, true),
        ("CRÈME", "crème brûlée", nil, true),
        ("creme", "Crème brûlée", nil, true),
        ("CRÈME", "creme", nil, true),
        ("brulee", "Lasagna", "then crème BRÛLÉE", true),
        ("strasse", "Straße soup", nil, true),
        ("øl", "Ol", nil, true),  // ø reads o, as people without the key type it
        ("ol", "Øl", nil, true),
        ("拉", "醤油拉麺", nil, true),
        ("freeze", "Lasagna", "double batch,\nfreeze half", true),
        ("half\nfreeze", "Lasagna", "freeze half", false),
        ("agna!", "Lasagna", nil, false),
        ("lasagnas", "Lasagna", nil, false),
        ("", "anything", nil, true),
        ("soup", "Sou", "p", false),
    ] as [(String, String, String?, Bool)])
    func matchesTitleOrNoteIgnoringCaseAndAccents(query: String, title: String, note: String?, expected: Bool) {
        #expect(MealQuery(query).matches(title: title, note: note) == expected)
        let meal = Meal(day: .first, slot: "dinner", title: title, note: note)
        #expect(meal.matches(MealQuery(query)) == expected)
    }
}

/// The search's folding, without Foundation, against Foundation's own case- and
/// accent-insensitive folding over the Latin, Greek and Cyrillic letters.
@Suite struct SearchFoldingTests {
    /// Letters where the two differ on purpose: we read them as their plain letter, as people
    /// type them; Foundation keeps them.
    static let plainerThanFoundation: Set<String> = ["ø", "Ø", "đ", "Đ", "ħ", "Ħ", "ı", "ł", "Ł", "ŀ", "Ŀ", "ŧ", "Ŧ", "þ", "Þ",
                                                     "ð", "Ð", "ƀ", "Ƀ", "ɨ", "Ɨ", "ʉ", "Ʉ", "æ", "Æ", "œ", "Œ",
                                                     "Ǣ", "ǣ", "Ǽ", "ǽ", "Ǿ", "ǿ"]

    @Test func lettersFoldAsFoundationFoldsThem() {
        var differences: [String] = []
        for range in [0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x04FF, 0x1E00...0x1EFF] {
            for code in range {
                guard let scalar = Unicode.Scalar(code), scalar.properties.isAlphabetic else { continue }
                let letter = String(scalar)
                if Self.plainerThanFoundation.contains(letter) { continue }
                let theirs = letter.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                if MealQuery.folded(letter) != theirs { differences.append("\(letter) U+\(String(code, radix: 16)): \(MealQuery.folded(letter)) vs \(theirs)") }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    /// `folded` skips the lower-case mapping of a letter that does not change when lowered,
    /// taking the letter itself: true of every scalar in the standard library's tables.
    @Test func aLetterThatLoweringLeavesIsItsOwnLowerCase() {
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            !$0.properties.changesWhenLowercased && $0.properties.lowercaseMapping != String($0)
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0.value, radix: 16) })")
    }

    /// A text folds as its letters do, one by one, whatever their lengths in UTF-8 (one to four
    /// bytes) and wherever they stand: `folded` reads a long text's bytes itself.
    @Test func aTextFoldsAsItsLettersDo() {
        let letters: [Unicode.Scalar] = ["a", "Z", " ", "\n", "É", "ß", "Ø", "\u{301}", "葱", "拉", "Ω", "İ", "ẞ", "😀", "𝐀", "\u{10FFFF}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let scalars = (0..<Int.random(in: 1...40, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let text = String(String.UnicodeScalarView(scalars))
            let oneByOne = scalars.map { MealQuery.folded(String($0)) }.joined()
            #expect(Array(MealQuery.folded(text).utf8) == Array(oneByOne.utf8), "\(scalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test(arguments: [("Crème Brûlée", "creme brulee"), ("GRÜSSE", "grusse"), ("Straße", "strasse"), ("Ærøskøbing", "aeroskobing"),
                      ("e\u{301}clair", "eclair"), ("Łódź", "lodz"), ("拉麺", "拉麺"), ("Leek 葱 SOUP, Crème", "leek 葱 soup, creme"),
                      ("Crème CRÈME crème 葱葱 e\u{301}\u{301}", "creme creme creme 葱葱 e")])
    func wordsFold(text: String, folded: String) {
        #expect(MealQuery.folded(text) == folded)
    }
}
