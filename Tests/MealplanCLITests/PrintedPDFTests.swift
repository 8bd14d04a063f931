import Foundation
import MealPlanCore
import TestSupport
import Testing

/// `mealplan print --list --output FILE.pdf` through a real Chromium, read back with
/// poppler-utils: a week and its list are two pages on A4 and on US Letter, every title and
/// ingredient is in the text, and no word of the week lies outside its cell, in every shape of
/// week that pushes a sheet hardest (`PrintedWeekFixture`).
@Suite(.requires(.chromium), .requires(.poppler)) struct PrintedPDFTests {
    enum Paper: String, CaseIterable {
        case a4, letter

        /// How `pdfinfo` names the page size.
        var pdfinfo: String { self == .a4 ? "841.92 x 594.96 pts (A4)" : "792 x 612 pts (letter)" }
    }

    /// The fixture printed with its list on `paper`, in a sandbox with the recipe tests' recipes.
    static func printed(_ fixture: PrintedWeekFixture, on paper: Paper, browser: [String: String] = [:]) throws -> (PrintedPDF, CLISandbox) {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        let recipes = ["MEALPLAN_RECIPES": folder]
        cli.today = "2026-03-04"
        try fixture.plan(in: cli)
        let pdf = cli.folder + "/week.pdf"
        #expect(try cli.succeed(["print", "--list", "--paper", paper.rawValue, "--output", pdf], environment: recipes.merging(browser) { $1 })
                == "wrote Meals, 2 – 8 March 2026 and their shopping list to \(pdf)\n")
        return (try PrintedPDF(pdf), cli)
    }

    @Test(arguments: PrintedWeekFixture.Shape.allCases, Paper.allCases)
    func aWeekAndItsListAreTwoPagesWithEveryWordInItsCell(shape: PrintedWeekFixture.Shape, paper: Paper) throws {
        let fixture = PrintedWeekFixture(shape)
        let (pdf, cli) = try Self.printed(fixture, on: paper)
        defer { withExtendedLifetime(cli) {} }
        #expect(pdf.pages == 2, "the week, then the list")
        #expect(pdf.paper == paper.pdfinfo)
        let cells = try Self.expectEveryWordInItsCell(pdf, fixture)
        // Every title whole in its cell (words broken across lines joined again), and every ingredient.
        for meal in fixture.meals {
            let cell = cells[Cell(column: meal.day + 1, row: meal.slot + 1)] ?? ""
            #expect(cell.contains(meal.title.filter { !$0.isWhitespace }), "\(meal.title) in \(cell)")
        }
        let list = try pdf.text(page: 2)
        for ingredient in ["pasta sheets", "cheese", "salt", "milk", "butter", "lentils"] {
            #expect(list.contains(ingredient), "\(ingredient) on the list")
        }
    }

    struct Cell: Hashable {
        let column: Int
        let row: Int
    }

    /// The grid of the first page has a column per day and the slots' names, a row per slot
    /// and the days' heading; each word in its rows lies inside one cell, and each meal's
    /// first word in the cell of its day and slot; the words above and below it, the heading
    /// and the foot, lie on the page. Returns each cell's text, its words in reading order
    /// without spaces.
    @discardableResult
    static func expectEveryWordInItsCell(_ pdf: PrintedPDF, _ fixture: PrintedWeekFixture,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws -> [Cell: String] {
        let grid = try pdf.grid(page: 1)
        try #require(grid.columns.count == 7 + 2, "the rules between 8 columns", sourceLocation: sourceLocation)
        try #require(grid.rows.count == fixture.slots.count + 2, "the rules between \(fixture.slots.count + 1) rows",
                     sourceLocation: sourceLocation)
        let outside = grid.outside, page = pdf.pageSizes[0]
        let tokens = Dictionary(uniqueKeysWithValues: fixture.meals.map { ($0.token, $0) })
        var inCells: [Cell: [PrintedPDF.Word]] = [:]
        for word in pdf.words[0] {
            #expect(word.box.minX >= 0 && word.box.minY >= 0 && word.box.maxX <= page.width && word.box.maxY <= page.height,
                    "'\(word.text)' \(word.box) is off the page", sourceLocation: sourceLocation)
            guard word.box.maxY > outside.minY && word.box.minY < outside.maxY else { continue }
            guard let cell = grid.cell(of: word.box), grid.holds(word.box, in: cell) else {
                Issue.record("'\(word.text)' \(word.box) is outside every cell", sourceLocation: sourceLocation)
                continue
            }
            inCells[Cell(column: cell.column, row: cell.row), default: []].append(word)
            if let meal = tokens[word.text] {
                #expect(cell.column == meal.day + 1 && cell.row == meal.slot + 1,
                        "\(meal.token) of day \(meal.day), slot \(meal.slot) is in column \(cell.column), row \(cell.row)",
                        sourceLocation: sourceLocation)
            }
        }
        return inCells.mapValues { PrintedPDF.Word.reading($0).joined() }
    }

    /// WeasyPrint, the other browser `print` uses, makes the same two pages.
    @Test(.requires(.weasyprint)) func weasyPrintMakesTheSamePages() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("weasyprint"), withDestinationPath: "/usr/bin/weasyprint")
        let fixture = PrintedWeekFixture(.typical)
        let (pdf, cli) = try Self.printed(fixture, on: .letter, browser: ["PATH": folder.path + ":/bin"])
        defer { withExtendedLifetime(cli) {} }
        #expect(pdf.pages == 2 && pdf.paper == Paper.letter.pdfinfo)
        try Self.expectEveryWordInItsCell(pdf, fixture)
    }
}
