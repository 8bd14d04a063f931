import MealPlanCore
@testable import mealplan
import Settings
import Testing
import TestSupport

/// The guide's tables of the environment and of the files are the ones the code makes from
/// the lists it reads and the manual page prints: a variable or a file added, removed or
/// described anew fails here until the guide is made again
/// (`MEALPLAN_WRITE_REFERENCE=1 swift test --filter GuideReferenceTests`).
@Suite struct GuideReferenceTests {
    static let environment = GeneratedGuideText("environment", from: "Environment.documented")
    static let files = GeneratedGuideText("files", from: "FileLocations.documented")
    static let exitStatuses = GeneratedGuideText("exit statuses", from: "ExitStatus.reference")
    static let dates = GeneratedGuideText("dates", from: "DateInput.forms")

    @Test func theGuidesDateTableIsTheGrammars() throws {
        #expect(try Self.dates.holds(GuideTables.dates()),
                "docs/GUIDE.md's date table differs from DateInput.forms: MEALPLAN_WRITE_REFERENCE=1 swift test --filter GuideReferenceTests writes it")
    }

    /// Every example the guide's date table shows is read by the grammar.
    @Test func everyDateExampleOfTheGuideIsADate() throws {
        for form in DateInput.forms(weekStart: nil) {
            for example in form.examples {
                #expect(throws: Never.self, "\(example)") { try DateInput.parse(example, today: Day(year: 2026, month: 11, day: 30)!, weekStart: .monday) }
            }
        }
    }

    @Test func theGuidesExitStatusTableIsTheCodes() throws {
        #expect(try Self.exitStatuses.holds(GuideTables.exitStatuses()),
                "docs/GUIDE.md's exit status table differs from ExitStatus.reference: MEALPLAN_WRITE_REFERENCE=1 swift test --filter GuideReferenceTests writes it")
    }

    @Test func theGuidesEnvironmentTableIsTheCodes() throws {
        #expect(try Self.environment.holds(GuideTables.environment()),
                "docs/GUIDE.md's environment table differs from Environment.documented: MEALPLAN_WRITE_REFERENCE=1 swift test --filter GuideReferenceTests writes it")
    }

    @Test func theGuidesFilesTableIsTheCodes() throws {
        #expect(try Self.files.holds(GuideTables.files()),
                "docs/GUIDE.md's files table differs from FileLocations.documented: MEALPLAN_WRITE_REFERENCE=1 swift test --filter GuideReferenceTests writes it")
    }

    /// One row per variable and per file, in the code's order, each name in backticks, and a
    /// text that holds a pipe kept in its cell.
    @Test func eachTableHasARowPerEntryInOrder() {
        let variables = GuideTables.environment().split(separator: "\n").dropFirst(2)
        #expect(variables.map { $0.split(separator: "`")[1] } == Environment.documented.map { Substring($0.name) })
        let files = GuideTables.files().split(separator: "\n").dropFirst(2)
        #expect(files.map { $0.split(separator: "`")[1] } == FileLocations.documented.map { Substring($0.path) })
        for row in variables + files {
            #expect(row.replacing("\\|", with: "").split(separator: "|").count == 2, "a row of two cells: \(row)")
        }
    }
}
