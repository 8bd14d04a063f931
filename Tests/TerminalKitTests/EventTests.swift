import Testing
import TerminalKit

@Suite struct KeyTests {
    @Test(arguments: [
        (UInt32(0x09), Key.tab),
        (0x0D, .enter),
        (0x0A, .control("j")),
        (0x1B, .escape),
        (0x7F, .backspace),
        (0x08, .backspace),
        (0x00, .control(" ")),
        (0x01, .control("a")),
        (0x06, .control("f")),
        (0x12, .control("r")),
        (0x1A, .control("z")),
        (0x1D, .control("]")),
        (0x1F, .control("_")),
        (0x71, .character("q")),
        (0x20, .character(" ")),
        (0xE9, .character("é")),
        (0x65E5, .character("日")),
        (0x1F600, .character("😀")),
    ])
    func typedScalar(code: UInt32, key: Key) throws {
        #expect(Key(typed: try #require(Unicode.Scalar(code))) == key)
    }

    @Test func nonPrintableScalarsAreNoKey() {
        #expect(Key(typed: "\u{9B}") == nil)
        #expect(Key(typed: "\u{2028}") == nil)
    }
}

@Suite struct TestBackendTests {
    @Test func recordsFramesAndCursor() {
        let backend = TestBackend(width: 4, height: 1)
        var frame = Buffer(width: 4, height: 1)
        frame.write("ab", x: 0, y: 0)
        backend.draw(Buffer(width: 4, height: 1), cursor: nil)
        backend.draw(frame, cursor: Position(x: 2, y: 0))
        #expect(backend.frames.map(\.lines) == [["    "], ["ab  "]])
        #expect(backend.cursor == Position(x: 2, y: 0))
        backend.draw(frame, cursor: nil)
        #expect(backend.cursor == nil)
    }

    @Test func yieldsScriptedEventsInOrderThenNil() {
        let backend = TestBackend(width: 80, height: 24, events: [.key(.character("j"))])
        backend.send(.mouse(MouseEvent(.wheelDown, x: 3, y: 4)), .key(.control("r")))
        #expect(backend.readEvent(timeout: .milliseconds(100)) == .key(.character("j")))
        #expect(backend.readEvent(timeout: .zero) == .mouse(MouseEvent(.wheelDown, x: 3, y: 4)))
        #expect(backend.readEvent(timeout: .zero) == .key(.control("r")))
        #expect(backend.readEvent(timeout: .zero) == nil)
    }

    @Test func resizeEventChangesTheSize() {
        let backend = TestBackend(width: 80, height: 24, hasColors: false, events: [.resize(width: 1, height: 1)])
        #expect(backend.size == Size(width: 80, height: 24))
        #expect(!backend.hasColors)
        #expect(backend.readEvent(timeout: .zero) == .resize(width: 1, height: 1))
        #expect(backend.size == Size(width: 1, height: 1))
    }
}
