import Testing
@testable import TerminalKit

@Suite struct BufferWriteTests {
    @Test func newBufferIsBlankLines() {
        #expect(Buffer(width: 3, height: 2).lines == ["   ", "   "])
        #expect(Buffer(width: -1, height: 4).lines == ["", "", "", ""])
        #expect(Buffer(width: 5, height: -2).lines == [])
    }

    @Test func writesTextWithStyleAndReturnsTheNextColumn() {
        var buffer = Buffer(width: 8, height: 2)
        let bold = Style(foreground: .red, bold: true)
        let end = buffer.write("hi", x: 1, y: 1, style: bold)
        #expect(end == 3)
        #expect(buffer.write(" you", x: end, y: 1) == 7)
        #expect(buffer.lines == ["        ", " hi you "])
        #expect(buffer[1, 1].style == bold)
        #expect(buffer[3, 1].style == .plain)
    }

    @Test func clipsAtTheRightEdgeOfBufferAndRect() {
        var buffer = Buffer(width: 6, height: 1)
        #expect(buffer.write("abcdefgh", x: 2, y: 0) == 6)
        #expect(buffer.lines == ["  abcd"])
        var clipped = Buffer(width: 6, height: 1)
        clipped.write("abcdefgh", x: 0, y: 0, clip: Rect(x: 1, y: 0, width: 3, height: 1))
        #expect(clipped.lines == [" bcd  "])
    }

    @Test func rowsOutsideTheClipAreNotTouched() {
        var buffer = Buffer(width: 4, height: 2)
        #expect(buffer.write("ab", x: 0, y: 5) == 0)
        #expect(buffer.write("ab", x: 0, y: -1) == 0)
        buffer.write("ab", x: 0, y: 1, clip: Rect(x: 0, y: 0, width: 4, height: 1))
        #expect(buffer.lines == ["    ", "    "])
    }

    @Test func startsLeftOfTheBufferByColumns() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("abcdef", x: -2, y: 0)
        #expect(buffer.lines == ["cdef"])
    }

    @Test func wideCharactersTakeTwoCells() {
        var buffer = Buffer(width: 6, height: 1)
        #expect(buffer.write("日本x", x: 0, y: 0) == 5)
        #expect(buffer.lines == ["日本x "])
        #expect(buffer[0, 0].symbol == "日" && buffer[0, 0].width == 2)
        #expect(buffer[1, 0].isContinuation && buffer[1, 0].symbol.isEmpty)
        #expect(buffer[4, 0].symbol == "x")
    }

    @Test func wideCharacterNeverHalfDrawnAtTheRightEdge() {
        var buffer = Buffer(width: 5, height: 1)
        #expect(buffer.write("日本語", x: 0, y: 0) == 4)
        #expect(buffer.lines == ["日本 "])
        #expect(buffer[4, 0].symbol == " " && buffer[4, 0].width == 1)
        var clipped = Buffer(width: 6, height: 1)
        clipped.write("😀😀", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(clipped.lines == ["😀    "])
    }

    @Test func wideCharacterStraddlingTheLeftEdgeIsSkipped() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("日本", x: -1, y: 0)
        #expect(buffer.lines == [" 本 "])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var right = Buffer(width: 4, height: 1)
        right.write("日本", x: 0, y: 0)
        right.write("x", x: 1, y: 0)
        #expect(right.lines == [" x本"])
        #expect(!right[0, 0].isContinuation && right[0, 0].width == 1)

        var left = Buffer(width: 4, height: 1)
        left.write("日本", x: 0, y: 0)
        left.write("y", x: 2, y: 0)
        #expect(left.lines == ["日y "])
        #expect(left[3, 0].width == 1)

        var shifted = Buffer(width: 5, height: 1)
        shifted.write("日本", x: 0, y: 0)
        shifted.write("語", x: 1, y: 0)
        #expect(shifted.lines == [" 語  "])
    }

    @Test func combiningMarksStayWithTheirCharacter() {
        var buffer = Buffer(width: 4, height: 1)
        #expect(buffer.write("e\u{301}a\u{308}", x: 0, y: 0) == 2)
        #expect(buffer[0, 0].symbol.unicodeScalars.elementsEqual(["e", "\u{301}"]))
        #expect(buffer[1, 0].symbol.unicodeScalars.elementsEqual(["a", "\u{308}"]))
        #expect(buffer.lines == ["e\u{301}a\u{308}  "])
    }

    @Test func aCellCarriesAtMostFourZeroWidthScalars() {
        var buffer = Buffer(width: 2, height: 1)
        buffer.write("a" + String(repeating: "\u{301}", count: 9), x: 0, y: 0)
        #expect(buffer[0, 0].symbol.unicodeScalars.count == 5)
        #expect(buffer[1, 0].symbol == " ")
    }

    @Test func zeroWidthJoinedEmojiAreOneCellPerSpacingScalarAndNeverSplit() {
        var buffer = Buffer(width: 8, height: 1)
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(buffer.write(family, x: 0, y: 0) == 6)
        #expect(buffer[0, 0].symbol.unicodeScalars.elementsEqual(["👨", "\u{200D}"]))
        #expect(buffer[2, 0].symbol.unicodeScalars.elementsEqual(["👩", "\u{200D}"]))
        #expect(buffer[4, 0].symbol == "👧")
        var narrow = Buffer(width: 5, height: 1)
        #expect(narrow.write("a" + family, x: 0, y: 0) == 1)
        #expect(narrow.lines == ["a    "])
    }

    @Test func zeroWidthCharacterJoinsThePreviousCellOrIsDropped() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.write("a\u{200B}b", x: 0, y: 0)
        #expect(buffer[0, 0].symbol.unicodeScalars.elementsEqual(["a", "\u{200B}"]))
        #expect(buffer[1, 0].symbol == "b")
        var leading = Buffer(width: 3, height: 1)
        #expect(leading.write("\u{301}b", x: 0, y: 0) == 1)
        #expect(leading.lines == ["b  "])
    }

    @Test func controlCharactersAreWrittenVisible() {
        var buffer = Buffer(width: 10, height: 1)
        buffer.write("a\u{1B}[2J\tb\u{202E}c", x: 0, y: 0)
        #expect(buffer.lines == ["a␛[2J␉bc  "])
    }
}

@Suite struct BufferFillAndDiffTests {
    @Test func fillBlanksARectWithAStyleClippedToTheBuffer() {
        var buffer = Buffer(width: 4, height: 3)
        buffer.write("abcd", x: 0, y: 1)
        let selected = Style(reverse: true)
        buffer.fill(Rect(x: 2, y: 1, width: 10, height: 1), style: selected)
        #expect(buffer.lines == ["    ", "ab  ", "    "])
        #expect(buffer[3, 1].style == selected)
        #expect(buffer[1, 1].style == .plain)
        #expect(buffer[3, 0].style == .plain)
    }

    @Test func fillOverHalfAWideCharacterBlanksItWhole() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("日本", x: 0, y: 0)
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: .plain)
        #expect(buffer.lines == ["    "])
        #expect((0..<4).allSatisfy { buffer[$0, 0].width == 1 })
    }

    @Test func identicalBuffersHaveNoChanges() {
        var buffer = Buffer(width: 5, height: 2)
        buffer.write("日本", x: 0, y: 1)
        #expect(buffer.changes(from: buffer).isEmpty)
    }

    @Test func changesListDifferingCellsInOrder() {
        var before = Buffer(width: 4, height: 2)
        before.write("abcd", x: 0, y: 0)
        var after = before
        after.write("X", x: 2, y: 0)
        after.write("日", x: 1, y: 1, style: Style(bold: true))
        let changes = after.changes(from: before)
        #expect(changes.map { Position(x: $0.x, y: $0.y) } == [
            Position(x: 2, y: 0), Position(x: 1, y: 1), Position(x: 2, y: 1),
        ])
        #expect(changes[0].cell.symbol == "X")
        #expect(changes[1].cell.symbol == "日" && changes[1].cell.style.bold)
        #expect(changes[2].cell.isContinuation)
    }

    @Test func styleOnlyChangeIsAChange() {
        let before = Buffer(width: 2, height: 1)
        var after = before
        after.fill(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(reverse: true))
        #expect(after.changes(from: before).map(\.x) == [1])
    }

    @Test func differentSizesChangeEveryCell() {
        let before = Buffer(width: 2, height: 2)
        let after = Buffer(width: 3, height: 1)
        #expect(after.changes(from: before).count == 3)
    }
}

@Suite struct RectTests {
    @Test func intersectionAndContainment() {
        let rect = Rect(x: 1, y: 1, width: 3, height: 2)
        #expect(rect.maxX == 4 && rect.maxY == 3)
        #expect(rect.contains(x: 1, y: 2) && !rect.contains(x: 4, y: 1) && !rect.contains(x: 0, y: 1))
        #expect(rect.intersection(Rect(x: 2, y: 0, width: 10, height: 2)) == Rect(x: 2, y: 1, width: 2, height: 1))
        #expect(rect.intersection(Rect(x: 5, y: 5, width: 1, height: 1)).isEmpty)
        #expect(Rect(x: 0, y: 0, width: -3, height: 2) == Rect(x: 0, y: 0, width: 0, height: 2))
    }
}
