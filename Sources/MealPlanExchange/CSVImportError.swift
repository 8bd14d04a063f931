import MealPlanCore

/// Why a CSV file could not be read, located by the physical line of the file so that a person
/// can open the file in an editor and go straight to the problem.
public struct CSVImportError: UserFacingError, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line in the file: where the offending record (or quoted field) starts.
    public let line: Int
    public let message: String
    /// `true` when the input could not be read at all (an I/O error, not bad data).
    public let isReadFailure: Bool

    public init(line: Int, message: String, isReadFailure: Bool = false) {
        self.line = line
        self.message = message
        self.isReadFailure = isReadFailure
    }

    public var description: String { "line \(line): \(message)" }
    public var userMessage: String { description }
    public var exitStatus: ExitStatus { isReadFailure ? .ioError : .badData }
}

/// One meal row of an imported file, with its fields exactly as written: the importer checks
/// them with MealPlanCore's rules so that every complaint can name `line`.
public struct CSVMealRow: Hashable, Sendable {
    /// 1-based line in the file where this record starts.
    public var line: Int
    public var date: String
    public var slot: String
    public var title: String
    /// Empty when the file has no `note` column or the field is empty.
    public var note: String
    /// Empty when the file has no `recipe` column or the field is empty; likewise `servings`.
    public var recipe: String
    public var servings: String
    /// Empty, likewise, when the file has no such column or the field is empty.
    public var status: String
    public var leftoversOf: String
    public var eaters: String

    public init(
        line: Int, date: String, slot: String, title: String, note: String, recipe: String = "", servings: String = "",
        status: String = "", leftoversOf: String = "", eaters: String = ""
    ) {
        self.line = line
        self.date = date
        self.slot = slot
        self.title = title
        self.note = note
        self.recipe = recipe
        self.servings = servings
        self.status = status
        self.leftoversOf = leftoversOf
        self.eaters = eaters
    }
}
