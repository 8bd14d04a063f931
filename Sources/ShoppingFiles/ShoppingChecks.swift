import MealPlanCore
import RecipeLibrary
import ShoppingList
import TextHelpers

/// The `.shopping-checked` log of a recipes folder (`CheckLog` says what it holds), read and
/// appended to. Other programs append to it too (the Cooklang apps, `cook server`, another
/// mealplan), so it is never rewritten: each change is one append (`SharedTextFile`), worked
/// out from the log as it is under the lock, so a tick that depends on what was read (putting
/// an item back only if it is still ticked) is a compare-and-set.
public struct ShoppingChecks: Sendable {
    public let path: String

    public init(folder: RecipeFolder) {
        path = folder.root + "/.shopping-checked"
    }

    /// The log; none yet is an empty one. A line mealplan cannot read is an error naming the
    /// file and the line.
    public func read() throws(RecipeFolderError) -> CheckLog {
        try parse(SharedTextFile(path: path).text())
    }

    /// Appends what `change` makes of the log as it is, and returns the log after. Nothing is
    /// written when the log cannot be read or `change` throws.
    @discardableResult
    public func append(
        _ change: (CheckLog) throws(UnknownItemError) -> [CheckLog.Entry]
    ) throws(RecipeFolderError) -> CheckLog {
        var after = CheckLog()
        try SharedTextFile(path: path).append { text throws(RecipeFolderError) in
            let log = try parse(text)
            let entries: [CheckLog.Entry]
            do throws(UnknownItemError) {
                entries = try change(log)
            } catch {
                throw RecipeFolderError(error.userMessage, status: error.exitStatus)
            }
            if let bad = entries.first(where: { !CheckLog.isWritable($0.name) }) {
                throw RecipeFolderError("'\(bad.name.messageExcerpt)' cannot be a name in \(path): one line, no space at either end")
            }
            after = CheckLog(entries: log.entries + entries)
            return entries.map(CheckLog.text(of:)).joined()
        }
        return after
    }

    private func parse(_ text: String) throws(RecipeFolderError) -> CheckLog {
        do {
            return try CheckLog.parse(text)
        } catch {
            throw RecipeFolderError("\(path): \(error)", status: .badData)
        }
    }
}
