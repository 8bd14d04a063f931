import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanStore
import PrintedWeek
import Settings
import RecipeLibrary
import ShoppingFiles
import ShoppingList
import TerminalKit
import TextHelpers

/// `mealplan print`: the days' meals as sheets to print, a week each, and their shopping list.
struct PrintCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "The meals of a week (or of some days) as a page to print, with their shopping list.",
        discussion: """
            Writes one HTML page: a sheet for each week of the household (from week-start in \
            the config file, see 'mealplan help config') with a row per slot and a column per \
            day, each meal's title, servings, leftovers (↻ marks a repeating meal) and the \
            first line of its note; with --list, the days' shopping list follows on a sheet of \
            its own, aisle by aisle with a box to tick and the amounts 'shop' gives. Sheets are \
            landscape, for A4 and US Letter alike; each week fits one sheet (its print made \
            smaller when it is full), and a week too full even for small print runs on over \
            more sheets rather than cut anything. The page has no script and loads nothing.

            Without --from, the days are the week that holds today. --from alone starts there \
            and ends with the end of its week; --days or --to give the days exactly, at most \
            \(DayRange.longestShoppingList). A week cut by them prints the days given only.

            --output FILE.html writes the page to FILE; --output FILE.pdf makes a PDF of it \
            with a browser found on PATH (Chromium's headless print, or WeasyPrint), for the \
            paper --paper names, else the locale's (LC_PAPER): without one, the command says \
            what to install and exits with status 69, writing nothing. The browser may take \
            MEALPLAN_BROWSER_TIMEOUT seconds (default \(PDFBrowser.defaultTimeLimit)); the PDF \
            is put in place only once it is whole.

            Examples:
              mealplan print > week.html
              mealplan print --list --output week.pdf
              mealplan print --from next-mon --list --output next-week.pdf --paper letter
              mealplan print --from 2026-03-01 --days 14 --output fortnight.html
            """)

    enum PaperChoice: String, CaseInsensitiveChoice {
        case a4, letter
    }

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @OptionGroup var days: DaysOptions
    @Flag(help: "Add the days' shopping list, on a sheet of its own.") var list = false
    @Option(help: ArgumentHelp("Write to this file: a .html page, or a .pdf made by a browser.", valueName: "file"))
    var output: String?
    @Option(help: "The paper: a4 or letter (default: the locale's, LC_PAPER, for a PDF; the browser's for a page).")
    var paper: PaperChoice?

    /// What `--output` is made as, by its name's ending.
    private enum OutputKind {
        case html, pdf
    }

    private var outputKind: OutputKind? {
        guard let output else { return nil }
        let lowered = output.lowercased()
        if lowered.hasSuffix(".pdf") { return .pdf }
        if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return .html }
        return nil
    }

    func validate() throws {
        if output != nil && outputKind == nil {
            throw ValidationError("--output names a .html file (the page) or a .pdf file (made by a browser)")
        }
    }

    func run(in environment: Environment) throws {
        // The browser first: without one, nothing is read and nothing written.
        let browser = outputKind == .pdf ? try PDFBrowser.find(in: environment) : nil
        let timeLimit = try PDFBrowser.timeLimit(in: environment)
        let range = try printedDays(in: environment)
        let plan = try store.openStore(.readExisting, in: environment)
        let meals = try plan.meals(in: range)
        var printed = PrintedPlan(
            days: range, weekStart: try store.weekStart(in: environment), slots: try plan.slots().map(\.name), meals: meals,
            paper: paper.map { Paper(rawValue: $0.rawValue)! } ?? (browser != nil ? PaperSetting.paper(in: environment) : nil),
            printedOn: try store.today(in: environment))
        var leftOut: [ShoppingList.Problem] = []
        if list {
            let config = try ConfigFile.load(in: environment)
            let sources = ShoppingSources(recipes: try recipes.recipeFolder(in: environment), aisles: config.aisles,
                                          pantry: config.pantry, units: config.units)
            let shopping = try sources.list(of: meals, days: range)
            leftOut = shopping.planned.problems
            printed.list = PrintedList(shopping.ticked, cooked: shopping.cooked)
        }
        let html = printed.html
        switch (outputKind, output) {
        case (.pdf, let output?):
            try browser!.makePDF(of: html, at: output, within: timeLimit)
            report(printed, to: output)
        case (_, let output?):
            let file = try OutputFile(path: output)
            if let failure = writeAll(html, to: file.descriptor) {
                file.discard()
                throw StandardOutput.failure(of: "'\(output.terminalVisible)'", reason: systemErrorText(failure))
            }
            try file.commit()
            report(printed, to: output)
        case (_, nil):
            print(html, terminator: "")
        }
        // The page names the meals the list leaves out; a script must notice them too (65).
        if leftOut.count == 1 { throw CommandFailure(leftOut[0].text, status: .badData) }
        if leftOut.count > 1 {
            for problem in leftOut { printError(problem.text.terminalVisible) }
            throw CommandFailure("the list leaves out \(leftOut.count) meals whose recipes could not be used", status: .badData)
        }
    }

    /// "wrote Meals, 2 – 8 March 2026 and their shopping list to week.pdf".
    private func report(_ printed: PrintedPlan, to path: String) {
        print("wrote \(printed.title)\(printed.list == nil ? "" : " and their shopping list") to \(path.terminalVisible)")
    }

    /// The days printed: the household week that holds today; from `--from` to the end of its
    /// week; or the days `--from`, `--to` and `--days` give.
    private func printedDays(in environment: Environment) throws -> DayRange {
        let weekStart = try store.weekStart(in: environment)
        let range: DayRange
        if days.to != nil || days.days != nil {
            range = try days.range(store, defaultStart: try store.today(in: environment).weekStart(weekStart), in: environment)
        } else {
            let first = try days.from.map { try store.day($0, in: environment) } ?? store.today(in: environment).weekStart(weekStart)
            range = DayRange(first, first.weekEnd(weekStart))
        }
        guard range.count <= DayRange.longestShoppingList else {
            throw CommandFailure.usage("print covers 1 to \(DayRange.longestShoppingList) days (a year), not \(range.count); print fewer days")
        }
        return range
    }

}
