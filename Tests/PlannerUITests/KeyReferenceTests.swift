import PlannerUI
import Testing

/// The key reference: the one list of keys and marks the `?` overlay, the manual page and the
/// guide are made from.
@Suite struct KeyReferenceTests {
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
        #expect(marks?.rows.map { $0.keys } == [["℞"], ["↻"], ["✎"]])
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
