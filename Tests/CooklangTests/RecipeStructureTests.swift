import Cooklang
import Testing

/// What the conformance suite does not cover: sections, notes, block comments, front matter
/// lists, references to other recipes, fixed amounts, preparations, and the errors.
@Suite struct RecipeStructureTests {
    @Test func sectionsNotesAndStepsInOrder() throws {
        let recipe = try CooklangParser.parse("""
            Preheat the #oven{}.

            == Dough ==
            Mix @flour{500%g} and
            @water{300%ml}. [- cold
            or warm -] Knead.

            == Sauce ==
            > Make it a day ahead:
            it keeps.
            Stir @butter{2%tbsp}(soft) into @./sauces/Hollandaise{150%g}.
            """)
        #expect(recipe.sections.map(\.name) == [nil, "Dough", "Sauce"])
        #expect(recipe.sections[0].blocks == [.step([.text("Preheat the "), .cookware(0), .text(".")])])
        // The two lines of a step are joined by a space; the block comment goes, spaces stay.
        #expect(recipe.sections[1].blocks == [
            .step([.text("Mix "), .ingredient(0), .text(" and "), .ingredient(1), .text(".  Knead.")]),
        ])
        // A note runs to the blank line that ends its paragraph.
        #expect(recipe.sections[2].blocks == [
            .note("Make it a day ahead: it keeps. Stir @butter{2%tbsp}(soft) into @./sauces/Hollandaise{150%g}."),
        ])
        #expect(recipe.ingredients.map(\.name) == ["flour", "water"])
        // Each ingredient knows its line, for messages that point at it: flour on line 4,
        // water on the step's second line, 5.
        #expect(recipe.ingredients.map(\.line) == [4, 5])
    }

    /// A recipe's metadata read alone is what the whole parse says, for recipes with front
    /// matter, `>>` lines, comments, or none.
    @Test func theListsMetadataIsTheWholeParsesMetadata() throws {
        let texts = [
            "---\ntitle: A\nservings: 2\ntags: [x, y]\n---\nCook @rice{1%cup}.\n",
            ">> servings: 4\n>> title: Old style\nCook @rice{1%cup}.\n",
            "---\ntitle: B\n---\n[- >> servings: 9 -]\nCook.\n",
            "\u{FEFF}---\ntitle: With a mark\n---\n",
            "\u{FEFF}  ---  \r\ntitle: Spaced\r\n---\r\nSteps.",
            "---\ntitle: Never closed\n",
            "No front matter\n---\ntitle: not metadata\n---\n",
            "Just @salt{}.\n",
            "",
        ]
        for text in texts {
            let whole = Result { () throws(CooklangError) in try CooklangParser.parse(text).metadata }
            let alone = Result { () throws(CooklangError) in try CooklangParser.metadata(of: text).metadata }
            #expect(alone == whole, "\(text)")
        }
    }

    @Test func referencesFixedAmountsPreparationsAndMixedNumbers() throws {
        let recipe = try CooklangParser.parse(
            "Whisk @./sauces/Hollandaise{150%g}, @salt{=1%tsp}, @onion{1}(finely chopped), @flour{1 1/2%cup} and @milk{.5%l}.")
        #expect(recipe.ingredients == [
            Ingredient(name: "Hollandaise", quantity: Quantity(value: .number(150), unit: "g"), reference: "./sauces/Hollandaise", line: 1),
            Ingredient(name: "salt", quantity: Quantity(value: .number(1), unit: "tsp", isFixed: true), line: 1),
            Ingredient(name: "onion", quantity: Quantity(value: .number(1)), note: "finely chopped", line: 1),
            Ingredient(name: "flour", quantity: Quantity(value: .number(1.5), unit: "cup"), line: 1),
            Ingredient(name: "milk", quantity: Quantity(value: .number(0.5), unit: "l"), line: 1),
        ])
    }

    /// Front matter beyond ASCII reads as in ASCII (which is split at the byte); a comma or
    /// colon that takes a combining accent is no longer one, as everywhere in a recipe.
    @Test func frontMatterBeyondASCII() throws {
        let recipe = try CooklangParser.parse("---\ntitre: \"Crème brûlée\"\ntags: [été, 'hiver' , ,fête]\nmots: [a,\u{301}b]\n---\n")
        #expect(recipe.metadata == [
            MetadataEntry(key: "titre", value: .text("Crème brûlée")),
            MetadataEntry(key: "tags", value: .list(["été", "hiver", "fête"])),
            MetadataEntry(key: "mots", value: .list(["a,\u{301}b"])),
        ])
        #expect(throws: CooklangError(line: 2, column: 1, "front matter lines are 'key: value'")) {
            try CooklangParser.parse("---\nclé:\u{301} valeur\n---\n")
        }
    }

    @Test func frontMatterTitleServingsTagsAndLists() throws {
        let recipe = try CooklangParser.parse("""
            ---
            title: "Lentil soup"
            servings: 4 people
            tags: [soup, vegan]
            source: https://example.com/soup
            time:
              prep: 10 min
              cook: 40 min
            diet:
              - vegan
              - gluten-free
            description: |
              Warming.
              Cheap.
            ---
            >> course: starter
            Simmer @lentils{200%g}.
            """)
        #expect(recipe.title == "Lentil soup")
        #expect(recipe.servings == 4)
        #expect(recipe.tags == ["soup", "vegan"])
        #expect(recipe.metadata("source") == .text("https://example.com/soup"))
        #expect(recipe.metadata("time.cook") == .text("40 min"))
        #expect(recipe.metadata("diet") == .list(["vegan", "gluten-free"]))
        #expect(recipe.metadata("description") == .text("Warming.\nCheap."))
        #expect(recipe.metadata("course") == .text("starter"))
        #expect(recipe.ingredients.count == 1)
    }

    @Test(arguments: [
        ("4", 4.0), ("2|4|6", 2.0), ("1.5", 1.5), ("4 people", 4.0), ("", nil),
    ] as [(String, Double?)])
    func servingsAreTheFirstNumber(text: String, servings: Double?) throws {
        #expect(try CooklangParser.parse("---\nservings: \(text)\n---\n").servings == servings)
    }

    /// Servings are read whole or refused, never read in part (`1e3` as 1), in the front matter
    /// and after `>>`.
    @Test(arguments: [
        ("---\nservings: 1e3\n---\n", CooklangError(line: 2, column: 1, "'servings: 1e3': servings must be a number like 4 or 2.5, not '1e3'")),
        ("---\nservings: a few\n---\n", CooklangError(line: 2, column: 1, "'servings: a few': servings must be a number like 4 or 2.5, not 'a'")),
        ("---\nservings: 0\n---\n", CooklangError(line: 2, column: 1, "'servings: 0': servings must be a number above 0, not 0")),
        ("Step.\n  >> Servings: 4x\n", CooklangError(line: 2, column: 3, "'servings: 4x': servings must be a number like 4 or 2.5, not '4x'")),
    ])
    func servingsThatAreNotANumberAreRefused(source: String, error: CooklangError) {
        #expect(throws: error) { try CooklangParser.parse(source) }
    }

    /// An amount too large for any kitchen, or not finite, is refused where it is written.
    @Test(arguments: [
        ("Add @flour{99999999999999999999%g}.", 12),
        ("Add @flour{\(String(repeating: "9", count: 400))%g}.", 12),
        ("Add @flour{1000000001}.", 12),
        ("Add @flour{99999999999/1%g}.", 12),
    ])
    func absurdAmountsAreRefused(source: String, column: Int) throws {
        do {
            _ = try CooklangParser.parse(source)
            Issue.record("accepted: \(source.prefix(40))")
        } catch {
            #expect(error.line == 1 && error.column == column)
            #expect(error.message.hasSuffix("is too large (at most 1000000000)"))
        }
        #expect(try CooklangParser.parse("Add @flour{1000000000%g}.").ingredients[0].quantity?.value == .number(1e9))
    }

    @Test(arguments: [(1e20, "1e+20"), (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"), (9.2e18, "9.2e+18"), (2.5, "2.5")])
    func anyAmountIsFormattedWithoutTrapping(value: Double, text: String) {
        #expect(QuantityValue.format(value) == text)
    }

    /// Each error names the line and column (in characters, from 1) where the trouble starts.
    @Test(arguments: [
        ("---\ntitle: Soup\n", CooklangError(line: 1, column: 1, "the front matter that starts here is not closed by a '---' line")),
        ("---\ntitle: Soup\njust words\n---\n", CooklangError(line: 3, column: 1, "front matter lines are 'key: value'")),
        ("Add @salt{%g} now", CooklangError(line: 1, column: 11, "the amount is missing before '%'; write it as {quantity%unit}")),
        ("Step one.\n\nAdd @salt{=} now", CooklangError(line: 3, column: 11, "the amount is missing before '%'; write it as {quantity%unit}")),
        ("Add @x{1/0%g}", CooklangError(line: 1, column: 8, "'1/0' divides by zero")),
        ("Mix.\n  Then [- forget\nthis", CooklangError(line: 2, column: 8, "this '[-' comment is never closed by '-]'")),
        (">> no colon here", CooklangError(line: 1, column: 1, "metadata after '>>' must be 'key: value'")),
    ])
    func malformedRecipesAreRefusedWithAPlace(source: String, error: CooklangError) {
        #expect(throws: error) { try CooklangParser.parse(source) }
    }

    @Test func aByteOrderMarkAndWindowsLineEndsAreRead() throws {
        let recipe = try CooklangParser.parse("\u{FEFF}---\r\ntitle: Toast\r\n---\r\nToast @bread{2%slices}.\r\n\r\nEat.\r\n")
        #expect(recipe.title == "Toast")
        #expect(recipe.sections.first?.blocks.count == 2)
    }
}

@Suite struct RecipeScalingTests {
    @Test func scalingLeavesFixedWordedCookwareAndTimersAlone() throws {
        let recipe = try CooklangParser.parse(
            "Mix @flour{250%g}, @salt{=1%tsp}, @pepper{a pinch} and @eggs{3} in #bowl{2}; rest ~{10%minutes}.")
        let doubled = recipe.scaled(by: 2)
        #expect(doubled.ingredients.map { $0.quantity?.description } == ["500 g", "1 tsp", "a pinch", "6"])
        #expect(doubled.cookware == recipe.cookware)
        #expect(doubled.timers == recipe.timers)
        guard case .step(let items)? = doubled.sections.first?.blocks.first else {
            Issue.record("no step")
            return
        }
        #expect(doubled.text(of: items) == "Mix flour, salt, pepper and eggs in bowl; rest 10 minutes.")
    }

    @Test(arguments: [(1.5, "1.5"), (0.333333, "0.33"), (250, "250"), (2.005, "2.01"), (0.1, "0.1"), (1.05, "1.05"), (-0.5, "-0.5")])
    func numbersShowTwoDecimalsAtMost(number: Double, text: String) {
        #expect(QuantityValue.format(number) == text)
    }
}
