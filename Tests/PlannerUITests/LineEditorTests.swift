import PlannerUI
import TerminalKit
import Testing

extension LineEditor {
    /// The text before the cursor, which says where the cursor is.
    var beforeCursor: Substring { text[..<cursor] }
}

@Suite struct LineEditorTests {
    private func typed(_ text: String, then keys: [Key] = []) -> LineEditor {
        var editor = LineEditor()
        for character in text { #expect(editor.handle(.character(character)) == .edited) }
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    @Test func typingInsertsAtTheCursor() {
        let editor = typed("sop", then: [.left, .character("u")])
        #expect(editor.text == "soup")
        #expect(editor.beforeCursor == "sou")
    }

    @Test func cursorMovesByGraphemeNotByScalar() {
        // "é" as e + combining acute, a flag of two regional indicators, a family emoji with ZWJs.
        var editor = LineEditor("e\u{301}🇯🇵👨‍👩‍👧")
        #expect(editor.beforeCursor == "e\u{301}🇯🇵👨‍👩‍👧")
        _ = editor.handle(.backspace)
        #expect(editor.text == "e\u{301}🇯🇵")
        _ = editor.handle(.home)
        _ = editor.handle(.delete)
        #expect(editor.text == "🇯🇵")
        _ = editor.handle(.end)
        #expect(editor.beforeCursor == "🇯🇵")
    }

    @Test func arrowsStepOverWholeGraphemesAtBothEndsAndBetween() {
        // A family emoji (ZWJs) first, "é" as e + combining acute in the middle, a flag last.
        let graphemes = ["👨‍👩‍👧", "a", "e\u{301}", "b", "🇯🇵"]
        var editor = LineEditor(graphemes.joined())
        for count in (0..<graphemes.count).reversed() {
            _ = editor.handle(.left)
            #expect(editor.beforeCursor == graphemes.prefix(count).joined())
        }
        for count in 1...graphemes.count {
            _ = editor.handle(.right)
            #expect(editor.beforeCursor == graphemes.prefix(count).joined())
        }
    }

    @Test func aLetterTypedBeforeALoneCombiningMarkPutsTheCursorAfterTheGraphemeTheyMake() {
        var editor = LineEditor("\u{301}x")
        _ = editor.handle(.home)
        _ = editor.handle(.character("e"))
        #expect(editor.text == "e\u{301}x")
        #expect(editor.beforeCursor == "e\u{301}")
        _ = editor.handle(.left)
        #expect(editor.beforeCursor == "")
    }

    @Test func deletingBetweenTwoHalvesOfAFlagPutsTheCursorAfterTheFlag() {
        var editor = LineEditor("🇯x🇵")
        _ = editor.handle(.left)
        _ = editor.handle(.backspace)
        #expect(editor.text == "🇯🇵")
        #expect(editor.beforeCursor == "🇯🇵")
        _ = editor.handle(.left)
        #expect(editor.beforeCursor == "")
        _ = editor.handle(.delete)
        #expect(editor.text == "")
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var editor = typed("ne")
        _ = editor.handle(.character("\u{301}"))
        #expect(editor.text == "ne\u{301}")
        _ = editor.handle(.left)
        #expect(editor.beforeCursor == "n")
        _ = editor.handle(.delete)
        #expect(editor.text == "n")
    }

    @Test func homeEndAndTheirControlKeys() {
        var editor = LineEditor("pasta")
        _ = editor.handle(.control("a"))
        #expect(editor.beforeCursor == "")
        _ = editor.handle(.right)
        #expect(editor.beforeCursor == "p")
        _ = editor.handle(.control("e"))
        #expect(editor.beforeCursor == "pasta")
        _ = editor.handle(.right)
        #expect(editor.beforeCursor == "pasta")
        _ = editor.handle(.home)
        _ = editor.handle(.left)
        #expect(editor.beforeCursor == "")
    }

    @Test func deletingKeysAtTheEdgesDoNothing() {
        var editor = LineEditor("ab")
        _ = editor.handle(.delete)
        #expect(editor.text == "ab")
        _ = editor.handle(.home)
        _ = editor.handle(.backspace)
        #expect(editor.text == "ab")
        _ = editor.handle(.control("d"))
        #expect(editor.text == "b")
    }

    @Test func ctrlUDeletesToTheStartCtrlKToTheEnd() {
        var editor = typed("green curry", then: [.left, .left, .left, .left, .left, .control("u")])
        #expect(editor.text == "curry")
        #expect(editor.beforeCursor == "")
        _ = editor.handle(.right)
        _ = editor.handle(.control("k"))
        #expect(editor.text == "c")
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        var editor = typed("thai green  curry")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "thai green  ")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "thai ")
    }

    @Test func ctrlWDeletesAWordOfGraphemesOfSeveralScalars() {
        var editor = LineEditor("soup 👨‍👩‍👧e\u{301}🇯🇵")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "soup ")
        #expect(editor.beforeCursor == "soup ")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "")
    }

    @Test func enterAcceptsEscAndCtrlCCancelOthersAreLeftToTheCaller() {
        var editor = LineEditor("x")
        #expect(editor.handle(.enter) == .accepted)
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.control("c")) == .cancelled)
        #expect(editor.handle(.tab) == .ignored)
        #expect(editor.handle(.up) == .ignored)
        #expect(editor.handle(.control("r")) == .ignored)
        #expect(editor.text == "x")
    }

    @Test func visiblePartScrollsToKeepTheCursorInTheField() {
        var editor = LineEditor("abcdefghij")
        editor.scrollToCursor(width: 5)
        // Four characters and the cursor after them.
        #expect(editor.visible(width: 5) == ("ghij", 4))
        for _ in 0..<6 { _ = editor.handle(.left) }
        editor.scrollToCursor(width: 5)
        #expect(editor.visible(width: 5) == ("efghi", 0))
        _ = editor.handle(.home)
        editor.scrollToCursor(width: 5)
        #expect(editor.visible(width: 5) == ("abcde", 0))
        _ = editor.handle(.right)
        editor.scrollToCursor(width: 5)
        // Moving right inside the field does not scroll.
        #expect(editor.visible(width: 5) == ("abcde", 1))
    }

    /// A field made wider shows what it now has room for before the cursor, from the start
    /// when all of it fits; made narrower, the cursor stays in it.
    @Test func aFieldRefittedToAnotherWidthShowsWhatFitsBeforeTheCursor() {
        var editor = LineEditor("abcdefghij")
        editor.scrollToCursor(width: 5)
        #expect(editor.visible(width: 5) == ("ghij", 4))
        editor.refit(width: 20)
        #expect(editor.visible(width: 20) == ("abcdefghij", 10))
        editor.refit(width: 8)
        #expect(editor.visible(width: 8) == ("defghij", 7))
        for _ in 0..<9 { _ = editor.handle(.left) }
        editor.refit(width: 3)
        // The cursor after "a": "a" and the cursor, as far back as fits.
        #expect(editor.visible(width: 3).cursorColumn == 1)
    }

    @Test func cursorColumnCountsWideCharactersTwice() {
        let editor = LineEditor("寿司x")
        #expect(editor.visible(width: 20) == ("寿司x", 5))
        // At width 4 the cursor needs its own column: "司x" plus the cursor.
        #expect(editor.visible(width: 4) == ("司x", 3))
    }

    @Test func aCombiningMarkTypedAtTheFieldsLeftEdgeShowsTheGraphemeItJoinsWhole() {
        var editor = LineEditor("abcdefgh")
        editor.scrollToCursor(width: 3)
        #expect(editor.visible(width: 3) == ("gh", 2))
        _ = editor.handle(.left)
        _ = editor.handle(.left)
        editor.scrollToCursor(width: 3)
        #expect(editor.visible(width: 3) == ("gh", 0))
        // The mark joins "f", the grapheme just left of the field: the field shows all of it.
        _ = editor.handle(.character("\u{301}"))
        editor.scrollToCursor(width: 3)
        #expect(editor.visible(width: 3) == ("f\u{301}gh", 1))
    }

    @Test func theFieldShowsOnlyWholeGraphemesAfterScrolling() {
        // "é" as e + combining acute takes one column, 葱 and 寿 two each.
        var editor = LineEditor("xe\u{301}葱寿")
        editor.scrollToCursor(width: 5)
        // Four columns before the cursor's own: "é" would make five.
        #expect(editor.visible(width: 5) == ("葱寿", 4))
        for _ in 0..<3 { _ = editor.handle(.left) }
        editor.scrollToCursor(width: 5)
        #expect(editor.visible(width: 5) == ("e\u{301}葱寿", 0))
        _ = editor.handle(.left)
        editor.scrollToCursor(width: 5)
        // 寿 would need columns 5 and 6.
        #expect(editor.visible(width: 5) == ("xe\u{301}葱", 0))
    }

    @Test func controlCharactersTypedOrPastedAreKeptAndShownVisibly() {
        let editor = LineEditor("a\u{1B}b")
        #expect(editor.text == "a\u{1B}b")
        var buffer = Buffer(width: 5, height: 1)
        buffer.write(editor.visible(width: 5).text, x: 0, y: 0)
        #expect(buffer.lines == ["a␛b  "])
    }

    @Test(arguments: [
        ("a\r\nb\rc\nd", true, "a\nb\nc\nd"),
        ("a\r\nb\rc\nd", false, "a b c d"),
        ("tab\there", true, "tab here"),
        ("\u{1B}[31mred\u{07}\u{7F}\u{9B}1m", true, "[31mred1m"),
        ("e\u{301} 👨‍👩‍👧 葱", false, "e\u{301} 👨‍👩‍👧 葱"),
    ])
    func pastedTextKeepsOnlyWhatAFieldHolds(pasted: String, keepingLineBreaks: Bool, expected: String) {
        #expect(LineEditor.pastable(pasted, keepingLineBreaks: keepingLineBreaks) == expected)
    }

    @Test func insertingPutsTheCursorAfterTheText() {
        var editor = LineEditor("soup")
        _ = editor.handle(.home)
        editor.insert("leek 葱 ")
        #expect(editor.text == "leek 葱 soup")
        #expect(editor.beforeCursor == "leek 葱 ")
    }

}
