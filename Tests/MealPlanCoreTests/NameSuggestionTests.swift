import Testing
@testable import MealPlanCore

@Suite struct NameSuggestionTests {
    static let commands = ["add", "list", "edit", "move", "copy", "copy-days", "remove", "slots", "import", "export"]

    @Test(arguments: [
        ("lsit", "list"), ("lst", "list"), ("LIST", "list"), ("remvoe", "remove"), ("exprot", "export"),
        ("imp", "import"), ("copydays", "copy-days"), ("mvoe", "move"),
    ])
    func aCloseNameIsSuggested(typed: String, expected: String) {
        #expect(NameSuggestion.closest(to: typed, among: Self.commands) == expected)
    }

    @Test(arguments: ["zzz", "banana", "", "x", "brunch"])
    func nothingCloseSuggestsNothing(typed: String) {
        #expect(NameSuggestion.closest(to: typed, among: Self.commands) == nil)
    }

    @Test func twoEditsNeedTheFirstLetterRight() {
        #expect(NameSuggestion.closest(to: "brunch", among: ["lunch"]) == nil)
        #expect(NameSuggestion.closest(to: "bunch", among: ["lunch"]) == "lunch")
        #expect(NameSuggestion.closest(to: "lnuhc", among: ["lunch"]) == "lunch")
    }

    @Test func anUnknownSlotSuggestsTheClosestSlot() {
        #expect(throws: NameLookupError(.slot, typed: "dinr", problem: .unknown(suggestion: "dinner"), known: MealSlot.defaults.map(\.name))) {
            try MealSlot.defaults.resolve("dinr")
        }
        #expect(throws: NameLookupError(.slot, typed: "tea", problem: .unknown(suggestion: nil), known: MealSlot.defaults.map(\.name))) {
            try MealSlot.defaults.resolve("tea")
        }
    }
}
