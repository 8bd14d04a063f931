import MealPlanCore
import Testing
import TextHelpers

/// One message for a name that picks nothing, whatever it names: "unknown", "did you mean",
/// the names there are, "could mean", each list cut after the same number of names.
@Suite struct NameLookupErrorTests {
    /// Names `a1`, `a2`, … enough to be cut.
    static let many = (1...NameLookupError.listedNames + 2).map { "a\($0)" }
    static let shown = many.prefix(NameLookupError.listedNames).joined(separator: ", ") + ", …"

    @Test func anUnknownSlotSuggestsAndListsTheSlots() {
        let slots = ["breakfast", "lunch", "dinner", "snack"]
        #expect(throws: NameLookupError(.slot, typed: "dinr", problem: .unknown(suggestion: "dinner"), known: slots)) {
            try NameMatch.index(of: "dinr", among: slots, kind: .slot, listing: true)
        }
        #expect(NameLookupError(.slot, typed: "dinr", problem: .unknown(suggestion: "dinner"), known: slots).userMessage
            == "unknown slot 'dinr'; did you mean dinner? slots are breakfast, lunch, dinner, snack")
        #expect(NameLookupError(.slot, typed: "tea", problem: .unknown(suggestion: nil), known: slots).userMessage
            == "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")
        #expect(throws: NameLookupError(.slot, typed: " ", problem: .missing, known: slots)) {
            try NameMatch.index(of: " ", among: slots, kind: .slot, listing: true)
        }
        #expect(NameLookupError(.slot, typed: "", problem: .missing, known: slots).userMessage
            == "no slot given; slots are breakfast, lunch, dinner, snack")
    }

    @Test func anUnknownTemplateSaysWhenThereAreNone() {
        #expect(NameLookupError(.template, typed: "Weak", problem: .unknown(suggestion: "Week"), known: ["Week", "Weekend"]).userMessage
            == "unknown template 'Weak'; did you mean Week? templates are Week, Weekend")
        #expect(throws: NameLookupError(.template, typed: "Week", problem: .unknown(suggestion: nil), known: [])) {
            try NameMatch.index(of: "Week", among: [], kind: .template, listing: true)
        }
        #expect(NameLookupError(.template, typed: "Week", problem: .unknown(suggestion: nil), known: []).userMessage
            == "unknown template 'Week'; there are no templates yet")
    }

    @Test func anUnknownRecipeSaysWhereItWasLookedFor() {
        #expect(throws: NameLookupError(.recipe, typed: "bred", problem: .unknown(suggestion: "bread"))) {
            try NameMatch.index(of: "bred", among: ["bread", "soup"], kind: .recipe)
        }
        #expect(NameLookupError(.recipe, typed: "bred", problem: .unknown(suggestion: "bread"), place: "in '/r'").userMessage
            == "unknown recipe 'bred' in '/r'; did you mean bread?")
        #expect(NameLookupError(.recipe, typed: "pizza", problem: .unknown(suggestion: nil), place: "in '/r'").userMessage
            == "unknown recipe 'pizza' in '/r'")
    }

    @Test func anUnknownCommandSuggestsTheWholeCommand() {
        let error = NameLookupError(.command, typed: "ad", problem: .unknown(suggestion: "add"),
                                    suggestionPrefix: "mealplan slots ", help: "see 'mealplan help slots'")
        #expect(error.userMessage == "unknown command 'ad'; did you mean 'mealplan slots add'? (see 'mealplan help slots')")
        #expect(error.exitStatus == .usage)
    }

    /// Every kind cuts a list of names alike, whether they are the names matched or the names
    /// there are.
    @Test(arguments: [NameLookupError.Kind.slot, .template, .recipe, .command])
    func listsAreCutAlike(kind: NameLookupError.Kind) {
        #expect(throws: NameLookupError(kind, typed: "a", problem: .ambiguous(Self.many))) {
            try NameMatch.index(of: "a", among: Self.many, kind: kind)
        }
        #expect(NameLookupError(kind, typed: "a", problem: .ambiguous(Self.many)).userMessage
            == "'a' could mean \(Self.shown); type more letters")
        #expect(NameLookupError(kind, typed: "b", problem: .unknown(suggestion: nil), known: Self.many).userMessage
            == "unknown \(kind.singular) 'b'; \(kind.plural) are \(Self.shown)")
    }

    /// A typed name is quoted short; a suggestion is shortened too, and quoted only when a
    /// space, comma or quote in it would blur where it ends.
    @Test func longNamesAreShortened() {
        let long = String(repeating: "x", count: 60)
        let message = NameLookupError(.recipe, typed: long, problem: .unknown(suggestion: long + "y")).userMessage
        #expect(message == "unknown recipe '\(long.messageExcerpt)'; did you mean \((long + "y").messageExcerpt)?")
    }

    @Test func aNameWithASpaceIsQuoted() {
        #expect(NameLookupError(.template, typed: "w", problem: .ambiguous(["Weekend", "Winter week", "a,b"])).userMessage
            == "'w' could mean Weekend, 'Winter week', 'a,b'; type more letters")
    }
}
