import Testing
@testable import MealPlanCore

@Suite struct MealTests {
    @Test func titlesAreTrimmed() throws {
        #expect(try Meal.validTitle("  Lasagna \t") == "Lasagna")
        #expect(try Meal.validTitle("拉麺") == "拉麺")
    }

    @Test(arguments: [
        ("", "the title is empty"),
        (" \t ", "the title is empty"),
        ("Soup\nand bread", "the title must be one line"),
        (String(repeating: "é", count: 501), "the title has 501 characters"),
        ("a" + String(repeating: "\u{301}", count: 4000), "the title has 4001 code points"),
        ("拉麺\u{2028}x", "the title must be one line"),
        ("Crème\u{85}brûlée", "the title must be one line"),
        ("Crème\r\nbrûlée", "the title must be one line"),
        ("Crème\u{0B}brûlée", "the title must be one line"),
    ])
    func badTitlesAreRefused(input: String, message: String) {
        #expect {
            _ = try Meal.validTitle(input)
        } throws: { error in
            (error as? MealValidationError)?.message.hasPrefix(message) == true
        }
    }

    @Test func titleLengthCountsCharactersNotBytes() throws {
        let longest = String(repeating: "拉", count: 500)
        #expect(try Meal.validTitle(longest) == longest)
        let marked = String(repeating: "e\u{301}", count: 500)
        #expect(try Meal.validTitle(marked) == marked)
    }

    /// Line breaks are looked for scalar by scalar: a title beyond ASCII whose characters
    /// only hold separators and marks inside them is one line, as its Characters say.
    @Test(arguments: ["Crème brûlée", "e\u{301}\u{20DD}", "👨\u{200D}👩\u{200D}👧", "拉麺 \u{00A0} 寿司"])
    func titlesBeyondASCIIWithoutLineBreaksAreKept(title: String) throws {
        let hasLineBreak = title.contains { $0.isNewline }
        #expect(!hasLineBreak)
        #expect(try Meal.validTitle(title) == title)
    }

    @Test func blankNotesBecomeNil() {
        #expect(Meal.validNote(nil) == nil)
        #expect(Meal.validNote(" \n ") == nil)
        #expect(Meal.validNote(" first\nsecond \n") == "first\nsecond")
    }
}

@Suite struct MealSlotTests {
    private let slots = MealSlot.defaults + [MealSlot(name: "brunch", position: 4), MealSlot(name: "Tea", position: 5),
                                              MealSlot(name: "teatime", position: 6)]

    @Test func defaultSlotsInOrder() {
        #expect(MealSlot.defaults.map(\.name) == ["breakfast", "lunch", "dinner", "snack"])
        #expect(MealSlot.defaults.map(\.position) == [0, 1, 2, 3])
    }

    @Test(arguments: [
        ("din", "dinner"), ("DINNER", "dinner"), ("l", "lunch"), ("s", "snack"),
        ("bre", "breakfast"), ("bru", "brunch"), ("tea", "Tea"), ("teat", "teatime"), (" Lunch ", "lunch"),
    ])
    func resolves(input: String, expected: String) throws {
        #expect(try slots.resolve(input).name == expected)
    }

    @Test(arguments: [
        ("br", "'br' could mean breakfast, brunch; type more letters"),
        ("x", "unknown slot 'x'; slots are breakfast, lunch, dinner, snack, brunch, Tea, teatime"),
        ("", "no slot given; slots are breakfast, lunch, dinner, snack, brunch, Tea, teatime"),
    ])
    func refuses(input: String, message: String) {
        #expect {
            _ = try slots.resolve(input)
        } throws: { error in
            (error as? NameLookupError)?.message == message
        }
    }

    @Test func slotNamesAreValidated() throws {
        #expect(try MealSlot.validName(" supper ") == "supper")
        #expect(throws: MealValidationError.self) { try MealSlot.validName("  ") }
        #expect(throws: MealValidationError.self) { try MealSlot.validName(String(repeating: "a", count: 33)) }
        #expect(throws: MealValidationError.self) { try MealSlot.validName("tea\u{1B}[2J") }
    }
}

@Suite struct FastPathTests {
    @Test(arguments: ["Lasagna", "a", String(repeating: "x", count: 500), "Fish & chips (2)"])
    func plainASCIITitlesAreKeptAsTheyAre(title: String) throws {
        #expect(try Meal.validTitle(title) == title)
    }

    @Test(arguments: [
        ("Soup\r", "Soup"), ("\tSoup", "Soup"), ("Soup\u{0B}", "Soup"), (" Soup ", "Soup"),
    ])
    func asciiTitlesWithBlankEndsAreTrimmed(input: String, expected: String) throws {
        #expect(try Meal.validTitle(input) == expected)
    }

    @Test func asciiTitlesWithLineBreaksOrTooLongAreRefused() {
        #expect(throws: MealValidationError.self) { try Meal.validTitle("Soup\rand bread") }
        #expect(throws: MealValidationError.self) { try Meal.validTitle("Soup\u{0C}and bread") }
        #expect(throws: MealValidationError.self) { try Meal.validTitle(String(repeating: "x", count: 501)) }
    }

    /// A recipe name's parts are read alike in ASCII (split at the byte) and beyond it.
    @Test(arguments: ["sauces/Béchamel", "crème/brûlée", "a/b"])
    func recipeNamesInFoldersAreValid(name: String) throws {
        #expect(try Meal.validRecipeName(name) == name)
    }

    @Test(arguments: [
        ("a//b", "an empty part"), ("é//b", "an empty part"), ("a/./b", "a '.' part"), ("é/./b", "a '.' part"),
        ("a/../b", "a '..' part"), ("é/../b", "a '..' part"), ("é/", "an empty part"),
    ])
    func recipeNamesWithPartsLeadingElsewhereAreRefused(name: String, part: String) {
        #expect(throws: MealValidationError(
            message: "the recipe name '\(name)' has \(part): give its path inside the recipes folder")) {
            try Meal.validRecipeName(name)
        }
    }

    @Test func everyDayOfAYearParsesFromItsISOText() throws {
        for day in DayRange(start: try Day(iso: "2024-01-01"), count: 366) {
            #expect(try Day(iso: day.iso) == day)
        }
    }
}
