/// A screen the planner can draw on and read events from. The run loop depends only on
/// this, so it runs the same against ncurses and against `TestBackend` in tests.
/// Implementations are used from one thread (ncurses's main thread).
public protocol TerminalBackend: AnyObject {
    /// The current screen size in cells; render a buffer of exactly this size.
    var size: Size { get }
    /// Whether colours are shown. Without them only bold, dim, reverse and underline remain,
    /// so a view can pick a monochrome-friendly look.
    var hasColors: Bool { get }
    /// Shows `buffer` (clipped to the screen) and puts the cursor at `cursor`, or hides it
    /// when `cursor` is nil.
    func draw(_ buffer: Buffer, cursor: Position?)
    /// The next event, or nil when none arrives within `timeout`.
    func readEvent(timeout: Duration) -> Event?
    /// Whether input is gone for good (the terminal hung up): no event will ever come again.
    var inputEnded: Bool { get }
    /// Gives the terminal back as the shell had it (for another program to use) until `resume`.
    func pause()
    /// Takes the terminal again after `pause`; the next `draw` paints the whole screen.
    func resume()
    /// Stops the process as Ctrl-Z does in a shell, the terminal given back meanwhile; returns
    /// once the process is continued (`fg`), ready to paint the whole screen again.
    func suspend()
    /// Forgets what the screen shows, so that the next `draw` paints every cell: Ctrl-L, for
    /// a screen another program or a wide character scribbled over.
    func repaint()
}

/// A backend for tests: records every frame drawn and hands out scripted events, a
/// `.resize` event also changing `size` as a real terminal would.
public final class TestBackend: TerminalBackend {
    public private(set) var size: Size
    public let hasColors: Bool
    /// Every buffer drawn, oldest first.
    public private(set) var frames: [Buffer] = []
    /// The cursor of the last frame drawn; nil when hidden.
    public private(set) var cursor: Position?
    /// Set by a test to play a terminal that hung up.
    public var inputEnded = false
    /// Whether the terminal is given back now (between `pause` and `resume`).
    public private(set) var isPaused = false
    /// How many times the process was suspended.
    public private(set) var suspensions = 0
    /// How many times the whole screen was to be painted again (Ctrl-L).
    public private(set) var repaints = 0
    private var pendingEvents: [Event]

    public init(width: Int, height: Int, hasColors: Bool = true, events: [Event] = []) {
        size = Size(width: width, height: height)
        self.hasColors = hasColors
        pendingEvents = events
    }

    /// Queues events after those not yet read.
    public func send(_ events: Event...) {
        pendingEvents += events
    }

    public func draw(_ buffer: Buffer, cursor: Position?) {
        frames.append(buffer)
        self.cursor = cursor
    }

    public func pause() {
        isPaused = true
    }

    public func resume() {
        isPaused = false
    }

    public func suspend() {
        suspensions += 1
    }

    public func repaint() {
        repaints += 1
    }

    /// The next scripted event; nil, at once, when none is left.
    public func readEvent(timeout: Duration) -> Event? {
        guard !pendingEvents.isEmpty else { return nil }
        let event = pendingEvents.removeFirst()
        if case .resize(let width, let height) = event { size = Size(width: width, height: height) }
        return event
    }
}
