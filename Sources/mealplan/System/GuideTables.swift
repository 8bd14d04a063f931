import MealPlanCore
import Settings

/// The guide's tables of the environment variables, the files and the exit statuses, made from
/// the lists the manual page prints (`Environment.documented`, `FileLocations.documented`,
/// `ExitStatus.reference`) and the date grammar's forms (`DateInput.forms`), so that the guide
/// cannot drift from what the code reads; a test compares docs/GUIDE.md with them, as it
/// compares the key table with `KeyReference.markdown()`.
enum GuideTables {
    static func environment() -> String {
        table(header: ("variable", "what it does"), Environment.documented.map { ($0.name, $0.meaning) })
    }

    static func files() -> String {
        table(header: ("file", "what it holds"), FileLocations.documented.map { ($0.path, $0.meaning) })
    }

    /// Every exit status, as `mealplan --help` and the manual page list them.
    static func exitStatuses() -> String {
        table(header: ("status", "what it means"), ExitStatus.reference.map { (String($0.status), $0.meaning) })
    }

    /// The date grammar's forms, from the table its help screens read too.
    static func dates() -> String {
        table(header: ("input", "meaning"), rowsOfNames: DateInput.forms(weekStart: nil).map { ($0.examples, $0.explanation) })
    }

    private static func table(header: (String, String), _ rows: [(name: String, text: String)]) -> String {
        table(header: header, rowsOfNames: rows.map { ([$0.name], $0.text) })
    }

    /// A Markdown table: each name in backticks, each text safe in a cell.
    private static func table(header: (String, String), rowsOfNames rows: [(names: [String], text: String)]) -> String {
        let lines = ["| \(header.0) | \(header.1) |", "|---|---|"]
            + rows.map { row in
                let names = row.names.map { "`\($0.replacing("|", with: "\\|"))`" }.joined(separator: ", ")
                return "| \(names) | \(row.text.replacing("|", with: "\\|")) |"
            }
        return lines.joined(separator: "\n") + "\n"
    }
}
