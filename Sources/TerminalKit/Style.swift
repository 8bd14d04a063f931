/// The small palette every colour terminal has (the eight ANSI colours), plus the terminal's
/// own default, so a theme looks the same everywhere and works with light and dark schemes.
public enum Color: Hashable, Sendable, CaseIterable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell looks. Backends without colour drop the colours and keep the attributes, so a
/// style that must survive monochrome (a selection) should also use `reverse` or `bold`.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's default look.
    public static let plain = Style()
}
