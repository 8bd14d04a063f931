import TerminalKit

/// The look of each part of the screen, in colour or, for terminals without colours
/// (`NO_COLOR`, monochrome), with attributes only: the selection is then reverse video and
/// today's header bold and underlined.
struct Theme {
    let colors: Bool

    func style(for role: DayBlock.Role, today: Bool) -> Style {
        switch role {
        case .banner: colors ? Style(foreground: .cyan, bold: true) : Style(bold: true)
        case .header where today: colors ? Style(foreground: .yellow, bold: true) : Style(bold: true, underline: true)
        case .header: Style(bold: true)
        case .todayTag: colors ? Style(foreground: .yellow, bold: true, reverse: true) : Style(bold: true, underline: true)
        case .slot: colors ? Style(foreground: .green) : .plain
        case .title: .plain
        case .skippedTitle: Style(dim: true)
        case .doneMark: colors ? Style(foreground: .green) : .plain
        case .skippedMark: colors ? Style(foreground: .red) : .plain
        case .leftoversMark: colors ? Style(foreground: .cyan) : .plain
        case .leftoversSource: Style(dim: true)
        case .repeatMark: colors ? Style(foreground: .cyan) : .plain
        case .recipeMark: colors ? Style(foreground: .yellow) : .plain
        case .servings: Style(dim: true)
        case .noteMarker: colors ? Style(foreground: .magenta) : .plain
        case .notePreview: Style(dim: true)
        case .empty: Style(dim: true)
        }
    }

    /// The blank of a selected line.
    var selection: Style {
        colors ? Style(foreground: .white, background: .blue) : Style(reverse: true)
    }

    /// `style` on a selected line: on the selection's background (white text where the style
    /// had no colour of its own), or reversed.
    func selected(_ style: Style) -> Style {
        highlighted(style, on: .blue, text: .white, monochrome: \.reverse)
    }

    /// The blank of a line of a day marked for a template.
    var marking: Style {
        colors ? Style(foreground: .black, background: .cyan) : Style(underline: true)
    }

    /// `style` on a marked day's line: on the marking's background (black text where the style
    /// had no colour of its own or the background's), or underlined.
    func marked(_ style: Style) -> Style {
        highlighted(style, on: .cyan, text: .black, monochrome: \.underline)
    }

    /// `style` on a highlighted line: on `background` with `text` where its own colour would
    /// not show, or, without colours, with the `monochrome` attribute set.
    private func highlighted(_ style: Style, on background: Color, text: Color,
                             monochrome: WritableKeyPath<Style, Bool>) -> Style {
        var style = style
        if colors {
            style.background = background
            if style.foreground == .default || style.foreground == background { style.foreground = text }
            style.reverse = false
        } else {
            style[keyPath: monochrome] = true
        }
        return style
    }

    var monthTag: Style { Style(dim: true) }
    var statusDate: Style { Style(bold: true) }
    var hint: Style { Style(dim: true) }
    var info: Style { .plain }
    var error: Style { colors ? Style(foreground: .red, bold: true) : Style(bold: true) }
    var promptLabel: Style { colors ? Style(foreground: .cyan, bold: true) : Style(bold: true) }
    var suggestion: Style { Style(dim: true, underline: true) }
    var completion: Style { Style(dim: true) }
    var helpBorder: Style { colors ? Style(foreground: .cyan) : .plain }
    var helpHeading: Style { Style(bold: true) }
    var helpKeys: Style { colors ? Style(foreground: .yellow, bold: true) : Style(bold: true) }
}
