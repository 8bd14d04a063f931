import Foundation
@testable import PlannerUI
import Testing
import TestSupport

/// The key reference: the one list of keys and marks the `?` overlay, the manual page and the
/// guide are made from. The guide's key table is the one the key tables make: change a binding
/// and a test fails until the guide is made again (`MEALPLAN_WRITE_REFERENCE=1 swift test
/// --filter KeyReference` rewrites the table between the guide's markers).
@Suite struct KeyReferenceTests {
    static let guide = GeneratedGuideText.guide
    static let keyTable = GeneratedGuideText("keys", from: "the key tables")

    static let conflictKeys = GeneratedGuideText("conflict keys", from: "the conflicts page's key table")

    /// The Sharing chapter's table of the conflicts page's keys, likewise.
    @Test func theSharingChaptersConflictKeysAreThePagesKeys() throws {
        #expect(KeyReference.conflictKeysMarkdown().contains("| `h` | keep this plan's version (here) |"))
        #expect(try Self.conflictKeys.holds(KeyReference.conflictKeysMarkdown()),
                "docs/GUIDE.md's conflict keys differ from the page's: MEALPLAN_WRITE_REFERENCE=1 swift test --filter KeyReference writes them")
    }

    @Test func theGuidesKeyTableIsTheOneTheKeyTablesMake() throws {
        #expect(try Self.keyTable.holds(KeyReference.markdown()),
                "docs/GUIDE.md's key table differs from the key tables: MEALPLAN_WRITE_REFERENCE=1 swift test --filter KeyReference writes it")
    }

    /// Every binding of the browsing keys is in the reference, under its section, in the order
    /// of the table; the marks follow the modes.
    @Test func theReferenceListsEveryBindingAndTheMarks() {
        let sections = KeyReference.sections()
        let browsing = KeyMap.standard.bindings
        let rows = sections.prefix { $0.heading != "A repeat's meal (d, e)" }.flatMap(\.rows)
        #expect(rows.map(\.text) == browsing.map(\.help))
        #expect(rows.map { $0.keys.joined(separator: " ") } == browsing.map(\.keyNames))
        let marks = sections.last
        #expect(marks?.heading == "Marks")
        #expect(marks?.rows.map { $0.keys } == [["℞"], ["↻"], ["✎"], ["✓"], ["✗"], [DayBlock.leftoversMark]])
    }

    /// The guide's prompts section names the key that lists what the pantry can make, and the
    /// key that switches its order, as the key tables bind them.
    @Test func theGuideNamesThePantryListsKeys() throws {
        let text = try String(contentsOfFile: Self.guide, encoding: .utf8)
        let start = try #require(text.range(of: "\n### Prompts\n"))
        let end = text.range(of: "\n### ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        let prompts = text[start.upperBound..<end]
        let sections = KeyReference.sections()
        let open = try #require(sections.flatMap(\.rows).first { $0.text == "lists what the pantry can make" })
        let order = try #require(sections.first { $0.heading.hasPrefix("What the pantry can make") }?.rows.first { $0.text.hasPrefix("expiring first") })
        #expect(prompts.contains("`\(open.keys[0])` lists what the pantry can make"))
        #expect(prompts.contains("`\(order.keys[0])` switches to the most held first"))
    }

    /// A table cell never breaks on a key named by a pipe, and every key is in backticks.
    @Test func theMarkdownTableHasOneRowPerBindingAndHeading() {
        let markdown = KeyReference.markdown()
        let lines = markdown.split(separator: "\n")
        let sections = KeyReference.sections()
        #expect(lines.count == 2 + sections.count + sections.map(\.rows.count).reduce(0, +))
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("| ") && $0.hasSuffix(" |") })
        #expect(markdown.contains("| `j` `↓` | next meal |"))
    }
}
