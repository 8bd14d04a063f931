/// One screen cell, shaped like ncurses's `cchar_t` so a backend can draw it as is: a
/// spacing character followed by at most four zero-width ones (combining marks, ZWJ,
/// variation selectors). A wide character takes two cells: its own, of width 2, and a
/// continuation cell of width 0 and empty symbol right of it.
public struct Cell: Hashable, Sendable {
    /// Zero-width scalars a cell can carry after its spacing character (ncurses's
    /// CCHARW_MAX of 5 minus one); further ones are dropped.
    static let maximumZeroWidthScalars = 4

    /// The visible text of the cell; "" for a continuation cell.
    public private(set) var symbol: String
    /// Columns the symbol takes: 1, 2, or 0 for a continuation cell.
    public let width: Int
    public var style: Style

    init(symbol: String, width: Int, style: Style) {
        self.symbol = symbol
        self.width = width
        self.style = style
    }

    public var isContinuation: Bool { width == 0 }

    static func blank(_ style: Style) -> Cell { Cell(symbol: " ", width: 1, style: style) }
    static func continuation(_ style: Style) -> Cell { Cell(symbol: "", width: 0, style: style) }

    /// Adds zero-width scalars after the spacing character, up to what a cell carries.
    mutating func attach(_ scalars: [Unicode.Scalar]) {
        let room = Cell.maximumZeroWidthScalars - (symbol.unicodeScalars.count - 1)
        symbol.unicodeScalars.append(contentsOf: scalars.prefix(max(0, room)))
    }
}

/// A cell that differs between two buffers: what a backend has to redraw.
public struct CellChange: Hashable, Sendable {
    public let x: Int
    public let y: Int
    public let cell: Cell
}

/// A grid of cells that views render into, independent of any terminal: screens are tested
/// by comparing `lines` (and the style of chosen cells), and a backend draws only the
/// `changes(from:)` the previous frame. All text is made visible on the way in, and a wide
/// character is either drawn whole or not at all.
public struct Buffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]

    /// A blank buffer; negative sizes give an empty one.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(.plain), count: self.width * self.height)
    }

    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`, which must be inside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        precondition(area.contains(x: x, y: y), "cell \(x),\(y) outside a \(width)x\(height) buffer")
        return cells[y * width + x]
    }

    /// Each row's symbols joined, wide characters once: the screen as text, for tests.
    public var lines: [String] {
        (0..<height).map { row in cells[row * width..<(row + 1) * width].map(\.symbol).joined() }
    }

    /// Writes `text`, made visible, on row `y` from column `x`, clipped to `clip` (and the
    /// buffer). Graphemes left of the clip are skipped, and writing stops at the first one
    /// that does not fit whole before the right edge. Returns the column after the last
    /// grapheme placed (or passed over), so writes can follow each other.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let bounds = (clip ?? area).intersection(area)
        guard y >= bounds.y && y < bounds.maxY else { return x }
        var column = x
        var lastCell: Int?
        for character in text.terminalVisible {
            var pieces: [(scalars: [Unicode.Scalar], width: Int)] = []
            var leadingZeroWidth: [Unicode.Scalar] = []
            for scalar in character.unicodeScalars {
                let scalarWidth = scalar.shownWidth
                if scalarWidth > 0 {
                    pieces.append(([scalar], scalarWidth))
                } else if pieces.isEmpty {
                    leadingZeroWidth.append(scalar)
                } else {
                    pieces[pieces.count - 1].scalars.append(scalar)
                }
            }
            if let lastCell, !leadingZeroWidth.isEmpty { cells[lastCell].attach(leadingZeroWidth) }
            let characterWidth = pieces.reduce(0) { $0 + $1.width }
            guard characterWidth > 0 else { continue }
            if column + characterWidth > bounds.maxX { break }
            guard column >= bounds.x else {
                column += characterWidth
                continue
            }
            for piece in pieces {
                var cell = Cell(symbol: String(piece.scalars[0]), width: piece.width, style: style)
                cell.attach(Array(piece.scalars.dropFirst()))
                place(cell, x: column, y: y)
                lastCell = y * width + column
                column += piece.width
            }
        }
        return column
    }

    /// Blanks every cell of `rect` (clipped to the buffer) with `style`, e.g. to give a
    /// selected line its background before writing its text.
    public mutating func fill(_ rect: Rect, style: Style) {
        let bounds = rect.intersection(area)
        for y in bounds.y..<bounds.maxY {
            for x in bounds.x..<bounds.maxX { place(.blank(style), x: x, y: y) }
        }
    }

    /// The cells that differ from `previous`, row by row, left to right; every cell when the
    /// sizes differ. Continuation cells are included so a backend sees every change.
    public func changes(from previous: Buffer) -> [CellChange] {
        let sameSize = previous.width == width && previous.height == height
        return cells.indices.compactMap { index in
            if sameSize && previous.cells[index] == cells[index] { return nil }
            return CellChange(x: index % width, y: index / width, cell: cells[index])
        }
    }

    /// Puts a blank or spacing cell at x, y, first blanking the other half of any wide
    /// character it overwrites so no half of one is ever left behind.
    private mutating func place(_ cell: Cell, x: Int, y: Int) {
        let row = y * width
        for column in x..<x + cell.width {
            let existing = cells[row + column]
            if existing.isContinuation && column > 0 {
                cells[row + column - 1] = .blank(cells[row + column - 1].style)
            } else if existing.width == 2 && column + 1 < width {
                cells[row + column + 1] = .blank(cells[row + column + 1].style)
            }
        }
        cells[row + x] = cell
        if cell.width == 2 { cells[row + x + 1] = .continuation(cell.style) }
    }
}
