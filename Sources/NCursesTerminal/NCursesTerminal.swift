import CNcursesw
import Glibc
import TerminalKit

/// Why the terminal could not be taken over; `message` is one line for the user, and the
/// caller exits with status 1. The terminal is left as it was.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal
    case unknownTerminal(term: String?)
    case cannotAddressCursor(term: String)
    case noUTF8Locale

    public var message: String {
        switch self {
        case .notATerminal:
            "the planner needs a terminal: standard input and output must both be one"
        case .unknownTerminal(term: nil):
            "TERM is not set; set it to your terminal type, e.g. TERM=xterm-256color"
        case .unknownTerminal(term: let term?):
            "unknown terminal type '\(term)' (TERM); set it to your terminal type, e.g. TERM=xterm-256color"
        case .cannotAddressCursor(let term):
            "terminal type '\(term)' cannot move the cursor, which a full-screen planner needs"
        case .noUTF8Locale:
            "no UTF-8 locale is available (neither the environment's nor C.UTF-8)"
        }
    }

    public var description: String { message }
}

/// The planner's screen on a real terminal, through ncursesw. It owns the terminal from
/// `init` until `close()` (or deinit), which always restores it; a crash signal (SIGSEGV,
/// SIGABRT, …) restores the terminal's modes before the process dies. Use it from the main
/// thread only: ncurses learns about resizes from SIGWINCH there, and is not thread-safe.
public final class NCursesTerminal: TerminalBackend {
    public let hasColors: Bool
    /// Whether colour pairs can use the terminal's own default colours.
    private let defaultColorsAvailable: Bool
    private var screen: OpaquePointer?
    private var colorPairs: [ColorPair: Int16] = [:]
    /// What the screen shows now; nil when it must be drawn whole (start, after a resize).
    private var shownFrame: Buffer?
    private var cursorVisible: Bool?
    private var inputTimeout: Int32?
    private var lastSize = Size(width: 0, height: 0)
    public private(set) var inputEnded = false

    /// The key codes ncurses gives the marks around a bracketed paste; nil when they could not
    /// be bound, and pastes arrive as keys.
    private let pasteMarks: (start: Int32, end: Int32)?

    /// What turns the terminal's bracketed paste on and off (xterm's mode 2004): a paste is
    /// then sent between ESC [ 200 ~ and ESC [ 201 ~ instead of as typed keys.
    private static let bracketedPasteOn = "\u{1B}[?2004h"
    private static let bracketedPasteOff = "\u{1B}[?2004l"

    private struct ColorPair: Hashable {
        let foreground: Color
        let background: Color
    }

    /// Takes over the terminal on standard input and output: UTF-8 locale (the environment's,
    /// else C.UTF-8 for character handling), raw keys without echo, keypad and mouse wheel,
    /// hidden cursor, and colours unless `NO_COLOR` is set (non-empty) in `environment` or
    /// the terminal has none.
    public init(environment: [String: String]) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        setlocale(LC_ALL, "")
        if !cn_locale_is_utf8() {
            setlocale(LC_CTYPE, "C.UTF-8")
            guard cn_locale_is_utf8() else { throw .noUTF8Locale }
        }
        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        guard cn_save_terminal_modes() else { throw .notATerminal }
        guard let term, let screen = cn_newterm() else { throw .unknownTerminal(term: term) }
        guard cn_can_address_cursor() else {
            endwin()
            delscreen(screen)
            throw .cannotAddressCursor(term: term)
        }
        self.screen = screen
        cn_install_crash_handlers()
        let window = cn_stdscr()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(Self.escapeDelay(environment["ESCDELAY"]))
        mousemask(cn_mouse_mask(), nil)
        mouseinterval(0)
        let colorsWanted = environment["NO_COLOR", default: ""].isEmpty
        if colorsWanted && has_colors() && start_color() == OK && cn_colors() >= 8 {
            hasColors = true
            defaultColorsAvailable = use_default_colors() == OK
        } else {
            hasColors = false
            defaultColorsAvailable = false
        }
        pasteMarks = Self.bindPasteMarks()
        lastSize = currentSize()
        if pasteMarks != nil { Self.send(Self.bracketedPasteOn) }
    }

    /// Binds the paste marks to two key codes no key uses, so that ncurses hands each over
    /// whole; nil when it cannot.
    private static func bindPasteMarks() -> (start: Int32, end: Int32)? {
        var codes: [Int32] = []
        for mark in ["\u{1B}[200~", "\u{1B}[201~"] {
            let bound = key_defined(mark)
            if bound > 0 {
                codes.append(bound)
                continue
            }
            guard let free = (KEY_MAX + 1..<KEY_MAX + 1000).first(where: { code in
                      !codes.contains(code) && isUnbound(code)
                  }), define_key(mark, free) == OK else { return nil }
            codes.append(free)
        }
        return (codes[0], codes[1])
    }

    private static func isUnbound(_ code: Int32) -> Bool {
        guard let definition = keybound(code, 0) else { return true }
        free(definition)
        return false
    }

    /// Writes a control sequence straight to the terminal.
    private static func send(_ sequence: String) {
        _ = sequence.utf8CString.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count - 1) }
    }

    deinit {
        close()
    }

    /// Gives the terminal back as it was before `init`: cursor shown, modes and mouse
    /// reporting off, the normal screen restored. Safe to call more than once.
    public func close() {
        guard let screen else { return }
        if pasteMarks != nil { Self.send(Self.bracketedPasteOff) }
        curs_set(1)
        endwin()
        delscreen(screen)
        cn_remove_crash_handlers()
        self.screen = nil
    }

    public func pause() {
        guard screen != nil else { return }
        endwin()
    }

    public func resume() {
        repaint()
    }

    /// The next draw sends every cell, and ncurses clears the terminal first.
    public func repaint() {
        guard screen != nil else { return }
        shownFrame = nil
        clearok(cn_stdscr(), true)
    }

    /// Sends SIGTSTP to the planner's process group, as the terminal does for Ctrl-Z outside
    /// raw mode, with the terminal given back while it is stopped.
    public func suspend() {
        pause()
        kill(0, SIGTSTP)
        resume()
    }

    public var size: Size {
        if screen != nil { lastSize = currentSize() }
        return lastSize
    }

    private func currentSize() -> Size {
        Size(width: Int(getmaxx(cn_stdscr())), height: Int(getmaxy(cn_stdscr())))
    }

    /// Draws the cells that changed since the last frame (all of them after a resize),
    /// clipped to the screen, and lets ncurses send the minimal update.
    public func draw(_ buffer: Buffer, cursor: Position?) {
        guard screen != nil else { return }
        let window = cn_stdscr()
        let screenSize = currentSize()
        for change in buffer.changes(from: shownFrame ?? Buffer(width: 0, height: 0))
        where !change.cell.isContinuation && change.y < screenSize.height
            && change.x + change.cell.width <= screenSize.width {
            let text = change.cell.symbol.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
            let style = change.cell.style
            // ERR is expected for the bottom-right cell (the cursor cannot move past it); the
            // cell is drawn all the same.
            _ = cn_put_cell(
                window, Int32(change.y), Int32(change.x), text,
                cn_attributes(style.bold, style.dim, style.reverse, style.underline), pair(for: style))
        }
        shownFrame = buffer
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < screenSize.width, cursor.y < screenSize.height {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            showCursor(true)
        } else {
            showCursor(false)
        }
        wnoutrefresh(window)
        doupdate()
    }

    public func readEvent(timeout: Duration) -> Event? {
        guard screen != nil else { return nil }
        let window = cn_stdscr()
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        if milliseconds != inputTimeout {
            wtimeout(window, milliseconds)
            inputTimeout = milliseconds
        }
        var character: wint_t = 0
        switch wget_wch(window, &character) {
        case OK:
            guard let key = Unicode.Scalar(UInt32(character)).flatMap({ Key(typed: $0) }) else { return nil }
            return key == .escape ? escapeOrAltChord() : .key(key)
        case KEY_CODE_YES:
            if let pasteMarks, Int32(character) == pasteMarks.start { return readPaste(endingAt: pasteMarks.end) }
            return event(forKeyCode: Int32(character))
        default:
            // A read that fails at once because the terminal hung up (a closed window whose
            // SIGHUP never came, as under setsid) would fail again on every turn.
            if cn_input_is_gone() { inputEnded = true }
            return nil
        }
    }

    /// How long (ms) ncurses waits after an ESC for the rest of an escape sequence: what
    /// `ESCDELAY` says (ncurses' own variable, 0…1000), else 10. The wait is what `Esc` costs
    /// before it acts, so it is kept under the 20 ms a key may take; a terminal sends a key's
    /// sequence, or an Alt chord, in one write, which arrives well within it. A slow link that
    /// splits them can raise it.
    static func escapeDelay(_ setting: String?) -> Int32 {
        guard let setting, let value = Int32(setting), (0...1000).contains(value) else { return 10 }
        return value
    }

    /// Esc, or Alt with a key: a terminal sends Alt-x as ESC and x at once, while ncurses
    /// hands over a lone ESC only after ESCDELAY without anything behind it. An Alt chord
    /// with a key other than a printable character (Alt-↑, Alt-Enter) is dropped.
    private func escapeOrAltChord() -> Event? {
        let window = cn_stdscr()
        wtimeout(window, 0)
        inputTimeout = 0
        var character: wint_t = 0
        switch wget_wch(window, &character) {
        case OK:
            switch Unicode.Scalar(UInt32(character)).flatMap({ Key(typed: $0) }) {
            case .character(let typed)?: return .key(.alt(typed))
            case .escape?:
                unget_wch(wchar_t(bitPattern: UInt32(character)))
                return .key(.escape)
            default: return nil
            }
        case KEY_CODE_YES:
            // A resize or a paste right behind the ESC is kept for the next read.
            let code = Int32(character)
            if code == KEY_RESIZE || code == pasteMarks?.start { ungetch(code) }
            return nil
        default:
            return .key(.escape)
        }
    }

    /// The text of a paste whose start mark was just read, up to its end mark. The terminal
    /// sends it at once; a second without the end mark ends it there. Keys ncurses made of an
    /// escape sequence inside the text are dropped (Enter stays a line break); a resize is
    /// handed on after the paste.
    private func readPaste(endingAt end: Int32) -> Event {
        let window = cn_stdscr()
        wtimeout(window, 1000)
        inputTimeout = 1000
        var text = String.UnicodeScalarView()
        var resized = false
        var character: wint_t = 0
        reading: while true {
            switch wget_wch(window, &character) {
            case OK:
                if let scalar = Unicode.Scalar(UInt32(character)) { text.append(scalar) }
            case KEY_CODE_YES:
                switch Int32(character) {
                case end: break reading
                case KEY_ENTER: text.append("\r")
                case KEY_RESIZE: resized = true
                default: continue
                }
            default:
                break reading
            }
        }
        if resized { ungetch(KEY_RESIZE) }
        return .paste(String(text))
    }

    private func event(forKeyCode code: Int32) -> Event? {
        let key: Key
        switch code {
        case KEY_RESIZE:
            shownFrame = nil
            werase(cn_stdscr())
            let size = currentSize()
            return .resize(width: size.width, height: size.height)
        case KEY_MOUSE:
            var x: Int32 = 0
            var y: Int32 = 0
            switch cn_read_mouse(&x, &y) {
            case CN_MOUSE_CLICK: return .mouse(MouseEvent(.click, x: Int(x), y: Int(y)))
            case CN_MOUSE_WHEEL_UP: return .mouse(MouseEvent(.wheelUp, x: Int(x), y: Int(y)))
            case CN_MOUSE_WHEEL_DOWN: return .mouse(MouseEvent(.wheelDown, x: Int(x), y: Int(y)))
            default: return nil
            }
        case KEY_UP: key = .up
        case KEY_DOWN: key = .down
        case KEY_LEFT: key = .left
        case KEY_RIGHT: key = .right
        case KEY_HOME: key = .home
        case KEY_END: key = .end
        case KEY_PPAGE: key = .pageUp
        case KEY_NPAGE: key = .pageDown
        case KEY_ENTER: key = .enter
        case KEY_BACKSPACE: key = .backspace
        case KEY_DC: key = .delete
        case KEY_IC: key = .insert
        case KEY_BTAB: key = .backTab
        case KEY_F0 + 1...KEY_F0 + 63: key = .function(Int(code - KEY_F0))
        default: return nil
        }
        return .key(key)
    }

    private func showCursor(_ visible: Bool) {
        guard visible != cursorVisible else { return }
        curs_set(visible ? 1 : 0)
        cursorVisible = visible
    }

    /// The colour pair for a style's colours, created on first use; pair 0 (the terminal's
    /// defaults) without colours or once the terminal's pairs run out.
    private func pair(for style: Style) -> Int16 {
        guard hasColors else { return 0 }
        let colors = ColorPair(foreground: style.foreground, background: style.background)
        if colors.foreground == .default && colors.background == .default && defaultColorsAvailable { return 0 }
        if let pair = colorPairs[colors] { return pair }
        let next = colorPairs.count + 1
        guard next < min(Int(cn_color_pairs()), Int(Int16.max)) else { return 0 }
        let pair = Int16(next)
        init_pair(pair, curses(colors.foreground, asForeground: true), curses(colors.background, asForeground: false))
        colorPairs[colors] = pair
        return pair
    }

    private func curses(_ color: Color, asForeground: Bool) -> Int16 {
        let code: Int32
        switch color {
        case .default:
            if defaultColorsAvailable { return -1 }
            code = asForeground ? COLOR_WHITE : COLOR_BLACK
        case .black: code = COLOR_BLACK
        case .red: code = COLOR_RED
        case .green: code = COLOR_GREEN
        case .yellow: code = COLOR_YELLOW
        case .blue: code = COLOR_BLUE
        case .magenta: code = COLOR_MAGENTA
        case .cyan: code = COLOR_CYAN
        case .white: code = COLOR_WHITE
        }
        return Int16(code)
    }
}
