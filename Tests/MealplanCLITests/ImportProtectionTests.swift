import Foundation
import Testing
import TestSupport

/// `import` protects the plan: a file whose meals are already planned is refused whole unless
/// asked, and a file that is not mealplan's CSV is named for what it looks like.
@Suite struct ImportProtectionTests {
    static let week = """
        date,slot,title,note
        2026-03-02,dinner,Lasagna,double batch
        2026-03-03,lunch,Soup,
        2026-03-04,lunch,Crème brûlée,

        """

    func write(_ text: String, to name: String, in cli: CLISandbox) throws -> String {
        let path = cli.folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func importingTheSameFileTwiceIsRefusedWhole() throws {
        let cli = CLISandbox()
        let file = try write(Self.week, to: "week.csv", in: cli)
        try cli.succeed(["import", file])
        let message = "3 meals of the file are already planned (the first: Mon 2026-03-02, dinner: Lasagna); nothing imported; --allow-duplicates imports them anyway"
        try cli.expectFailure(["import", file], status: 65, message: message)
        try cli.expectFailure(["import", "--dry-run", file], status: 65, message: message)
        try cli.expectFailure(["import", "-"], status: 65, message: message, input: Data(Self.week.utf8))
        #expect(try cli.succeed(["list", "--format", "csv"]).split(separator: "\r\n").count == 4)
    }

    @Test func oneMealAlreadyPlannedIsEnoughToRefuseAndOthersDoNotCount() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "2026-03-03", "lunch", "Soup"])
        // The same title on another day or in another slot is not the same meal.
        try cli.succeed(["add", "2026-03-02", "lunch", "Lasagna"])
        try cli.succeed(["add", "2026-03-05", "lunch", "Crème brûlée"])
        let file = try write(Self.week, to: "week.csv", in: cli)
        try cli.expectFailure(["import", file], status: 65,
                              message: "1 meal of the file is already planned (the first: Tue 2026-03-03, lunch: Soup); nothing imported; --allow-duplicates imports them anyway")
        let other = try write("date,slot,title\n2026-03-02,dinner,Pizza\n2026-03-03,lunch,soup\n2030-01-01,lunch,Soup\n", to: "other.csv", in: cli)
        #expect(try cli.succeed(["import", other]) == "imported 3 meals (2026-03-02 … 2030-01-01) from \(other)\n")
    }

    @Test func allowDuplicatesImportsThemAgain() throws {
        let cli = CLISandbox()
        let file = try write(Self.week, to: "week.csv", in: cli)
        try cli.succeed(["import", file])
        #expect(try cli.succeed(["import", "--allow-duplicates", file]) == "imported 3 meals (2026-03-02 … 2026-03-04) from \(file)\n")
        #expect(try cli.succeed(["list", "--search", "lasagna"]) == """
            Mon 2026-03-02
              1  dinner  Lasagna
                         double batch
              4  dinner  Lasagna
                         double batch

            """)
    }
}

extension ImportProtectionTests {
    /// A JSON export or a `;`-separated CSV fed to import: the message says what the file is.
    @Test func aFileThatIsNotCommaSeparatedCSVIsNamed() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let rule = "the first line must be a header naming the columns date, slot, title and optionally note"
        let json = try write(try cli.succeed(["export", "--format", "json"]), to: "plan.json", in: cli)
        try cli.expectFailure(["import", json], status: 65, message: "line 1: this is a JSON array of meals ('export --format json'), "
                              + "which import does not read; export a whole plan with --everything, or meals as CSV", inputs: [json])
        try cli.expectFailure(["import", "--format", "csv", json], status: 65, message: "line 1: the file looks like JSON, not CSV; \(rule)",
                              inputs: [json])
        let semicolons = try write("date;slot;title;note\r\n2026-03-03;lunch;Soup;\r\n", to: "plan.csv", in: cli)
        try cli.expectFailure(["import", semicolons], status: 65,
                              message: "line 1: the header 'date;slot;title;note' separates its columns with ';', not commas; \(rule), separated by commas",
                              inputs: [semicolons])
    }
}
