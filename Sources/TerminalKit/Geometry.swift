/// A cell position on the screen, column `x` from the left and row `y` from the top, from 0.
public struct Position: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A screen size in cells.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A rectangle of cells: views draw into one, so clipping to it keeps them from spilling
/// into their neighbours. Negative sizes become empty rather than trapping.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// The cells in both rectangles; empty (at a corner of this one) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left && bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
