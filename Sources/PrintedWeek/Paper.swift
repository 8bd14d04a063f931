/// The paper a plan is printed on. The sheets are laid out landscape, to fit either size: the
/// box they are measured for without a paper named is as wide as US Letter and as tall as A4
/// (the smaller of each), so the same page prints whole on both.
public enum Paper: String, CaseIterable, Sendable {
    case a4, letter

    /// Width and height in millimetres, landscape.
    public var size: (width: Double, height: Double) {
        switch self {
        case .a4: (297, 210)
        case .letter: (279.4, 215.9)
        }
    }

    /// The name CSS's `@page size` knows it by.
    var cssName: String {
        switch self {
        case .a4: "A4"
        case .letter: "letter"
        }
    }

    /// The paper whose width (portrait) is `millimetres`, as the C library's `LC_PAPER` gives it
    /// (210 for A4, 216 for US Letter); `nil` for any other.
    public init?(portraitWidth millimetres: Int) {
        switch millimetres {
        case 210: self = .a4
        case 215, 216: self = .letter
        default: return nil
        }
    }
}

/// The printable box of a sheet, in millimetres: the paper less its margins.
struct PageBox {
    /// Each side's margin.
    static let margin = 10.0

    let width: Double
    let height: Double

    /// The box of `paper`, or without one the box that fits both A4 and Letter.
    init(_ paper: Paper?) {
        let sizes = paper.map { [$0.size] } ?? Paper.allCases.map(\.size)
        width = sizes.map(\.width).min()! - 2 * Self.margin
        height = sizes.map(\.height).min()! - 2 * Self.margin
    }
}
