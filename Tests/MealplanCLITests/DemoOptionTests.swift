import Foundation
import Testing
import TestSupport

/// `--demo` opens the planner on a sample plan and nothing else: with a command it is refused
/// before any database is opened or created.
@Suite struct DemoOptionTests {
    @Test func aCommandGivenDemoIsRefusedAndTouchesNoDatabase() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        try cli.expectFailure(["--demo", "add", "today", "dinner", "X"], status: 64,
                              message: "--demo opens the planner on a sample plan and cannot be used with 'add'; run 'mealplan --demo' alone")
        try cli.expectFailure(["--demo", "slots", "add", "brunch"], status: 64,
                              message: "--demo opens the planner on a sample plan and cannot be used with 'add'; run 'mealplan --demo' alone")
        #expect(try cli.succeed(["list", "--format", "csv"]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,Soup,,,,,,\r\n")
    }

    @Test func demoListCreatesNothingUnderHomeOrXDG() throws {
        let cli = CLISandbox()
        let home = cli.folder + "/home", xdg = cli.folder + "/xdg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: xdg, withIntermediateDirectories: false)
        for environment in [["MEALPLAN_DB": "", "XDG_DATA_HOME": xdg], ["MEALPLAN_DB": ""]] {
            let result = try cli.run(["--demo", "list"], environment: environment)
            #expect(result.status == 64)
            #expect(result.stderr == "mealplan: --demo opens the planner on a sample plan and cannot be used with 'list'; run 'mealplan --demo' alone\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: xdg) == [])
    }
}
