import MealPlanCore
import TerminalKit

/// `o`: one meal's whole note on a page.
enum NoteView {
    static let footer = PageView.footer()

    static func text(_ meal: Meal) -> [String] { [meal.note ?? ""] }

    static func draw(_ meal: Meal, scroll: Int, theme: Theme, into buffer: inout Buffer) {
        PageView.draw(heading: PageView.heading(of: meal), text: text(meal), scroll: scroll, footer: footer,
                      theme: theme, into: &buffer)
    }
}
