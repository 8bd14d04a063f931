import Foundation
import MealPlanCore
import TestSupport
import Testing

/// What people used to other command-line tools expect: suggestions for misspelt names, errors
/// that name the real mistake, `--version`, short aliases, any case for choices, completions
/// and a manual page.
@Suite struct CommandLineHabitsTests {
    @Test func anUnknownCommandSuggestsTheClosestOne() throws {
        let cli = CLISandbox()
        try cli.expectFailure(["lsit"], status: 64, message: "unknown command 'lsit'; did you mean 'mealplan list'? (see 'mealplan help')")
        try cli.expectFailure(["--db", cli.database, "exprot"], status: 64,
                              message: "unknown command 'exprot'; did you mean 'mealplan export'? (see 'mealplan help')")
        try cli.expectFailure(["slots", "ad", "tea"], status: 64,
                              message: "unknown command 'ad'; did you mean 'mealplan slots add'? (see 'mealplan help slots')")
        try cli.expectFailure(["frobnicate"], status: 64, message: "unknown command 'frobnicate' (see 'mealplan help')")
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    /// The recipes folder's name, like the database's, is an option's value, not a command:
    /// what is wrong after it is named for what it is.
    @Test func aMistakeAfterTheRecipesFolderIsNamedForWhatItIs() throws {
        let cli = CLISandbox()
        try cli.expectFailure(["--recipes", "rec", "lsit"], status: 64,
                              message: "unknown command 'lsit'; did you mean 'mealplan list'? (see 'mealplan help')")
        try cli.expectFailure(["--recipes", "rec", "recipe", "Bread", "--format", "xml"], status: 64,
                              message: "the value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'. (see 'mealplan help')")
        try cli.expectFailure(["--recipes", "rec", "list", "--bogus"], status: 64, message: "unknown option '--bogus' (see 'mealplan help')")
        try cli.expectFailure(["--db", cli.database, "--recipes", "rec", "slots", "ad", "tea"], status: 64,
                              message: "unknown command 'ad'; did you mean 'mealplan slots add'? (see 'mealplan help slots')")
    }

    @Test func anUnknownSlotSuggestsTheClosestOne() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try cli.expectFailure(["add", "today", "dinr", "Fish"], status: 64,
                              message: "unknown slot 'dinr'; did you mean dinner? slots are breakfast, lunch, dinner, snack")
        try cli.expectFailure(["list", "--slot", "lnuch"], status: 64,
                              message: "unknown slot 'lnuch'; did you mean lunch? slots are breakfast, lunch, dinner, snack")
    }

    @Test func aBadDateInAPositionalIsNamedAndAnUnquotedTitleGetsAHint() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try cli.expectFailure(["add", "dec", "25", "dinner", "Turkey"], status: 64,
                              message: "'dec 25' is a date of two words; quote it, as in: mealplan add \"dec 25\" …")
        try cli.expectFailure(["add", "someday", "dinner", "Turkey"], status: 64,
                              message: "'someday' is not a date; use " + DateInput.acceptedForms)
        try cli.expectFailure(["add", "today", "dinner", "Chicken", "curry"], status: 64,
                              message: "the title is 2 words; quote it, as in: mealplan add today dinner \"Chicken curry\"")
        #expect(try cli.succeed(["add", "today", "dinner", "Chicken curry"]) == "added meal 2 on Mon 2026-03-02, dinner: Chicken curry\n")
    }

    @Test func versionAliasesAndChoicesInAnyCase() throws {
        let cli = CLISandbox()
        #expect(try cli.succeed(["--version"]) == "0.1.0\n")
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try cli.succeed(["add", "today", "dinner", "Fish"])
        #expect(try cli.succeed(["ls", "--format", "CSV"]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Soup,,,,,,\r\n2026-03-02,dinner,Fish,,,,,,\r\n")
        #expect(try cli.succeed(["export", "--format", "Json"]).hasPrefix("[{\"id\":1,"))
        #expect(try cli.succeed(["rm", "2"]) == "removed meal 2 on Mon 2026-03-02, dinner: Fish\n")
    }

    /// ArgumentParser's messages begin in lower case like mealplan's own.
    @Test func messagesBeginInLowerCase() throws {
        let cli = CLISandbox()
        try cli.expectFailure(["add", "today"], status: 64, message: "missing expected argument '<slot>' (see 'mealplan help')")
        try cli.expectFailure(["list", "--colour"], status: 64, message: "unknown option '--colour' (see 'mealplan help')")
    }

    @Test func completionScriptsComeFromTheCommands() throws {
        let cli = CLISandbox()
        let bash = try cli.succeed(["completions", "bash"])
        let zsh = try cli.succeed(["completions", "ZSH"])
        let fish = try cli.succeed(["completions", "fish"])
        for (shell, script) in [("bash", bash), ("zsh", zsh), ("fish", fish)] {
            for word in ["copy-days", "allow-duplicates", "slot-time", "completions", "manpage"] {
                #expect(script.contains(word), "\(shell) lacks \(word)")
            }
        }
        #expect(bash.hasPrefix("#!/bin/bash"))
        #expect(zsh.hasPrefix("#compdef mealplan"))
        try cli.expectFailure(["completions", "tcsh"], status: 64,
                              message: "the value 'tcsh' is invalid for '<shell>'. Please provide one of 'bash', 'zsh' or 'fish'. (see 'mealplan help')")
    }

    /// The manual page holds every command's help screen, and no line of text reads as a roff request.
    @Test func theManualPageCoversEveryCommand() throws {
        let cli = CLISandbox()
        let page = try cli.succeed(["manpage"])
        #expect(page.hasPrefix(".TH MEALPLAN 1\n.SH NAME\nmealplan \\- Plan meals from the terminal"))
        for command in ["add", "list", "edit", "move", "copy", "copy-days", "remove", "slots", "slots list", "slots add",
                        "slots remove", "shop", "shop list", "shop add", "shop remove", "import", "export", "config", "completions",
                        "manpage", "sync"] {
            #expect(page.contains(".SS \"mealplan \(command)\"\n"), "\(command)")
            let help = try cli.succeed(["help"] + command.split(separator: " ").map(String.init))
            // The page is 78 columns wide, `help` 80: the start of the first line is the same.
            let overview = String(help.split(separator: "\n")[0].prefix(60))
            #expect(page.contains("\n" + overview), "\(command): \(overview)")
        }
        // No line of text may start a roff request.
        let textLines = page.split(separator: "\n").filter {
            !$0.hasPrefix(".TH") && !$0.hasPrefix(".SH") && !$0.hasPrefix(".SS") && ![".nf", ".fi", ".TP"].contains($0)
        }
        #expect(!textLines.contains { $0.hasPrefix(".") || $0.hasPrefix("'") })
        #expect(!page.contains("\\\\"))
        // roff reads bytes: "…" of the help text is written as a named character.
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(page.contains("(breakfast, lunch, \\[u2026])"))
        // The dates are the grammar's own table, one form a line.
        #expect(page.contains("\n  this/next/last fri: Friday of that week\n"))
    }

    /// After the commands, the page has the planner's keys, the dates, the files, the
    /// environment and the exit statuses; checked here against lists written out apart from the
    /// tables the page is made from, and against groff, which warns of malformed roff.
    @Test(.requires(.groff)) func theManualPageHasKeysDatesFilesEnvironmentAndExitStatus() throws {
        let cli = CLISandbox()
        let page = try cli.succeed(["manpage"])
        let headings = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
        #expect(headings.suffix(5) == [".SH KEYS", ".SH DATES", ".SH FILES", ".SH ENVIRONMENT", ".SH \"EXIT STATUS\""])
        let keys = try #require(page.range(of: ".SH KEYS")).upperBound
        let keysPart = page[keys...]
        for (tag, text) in [("j \\[u2193]", "next meal"), ("u", "undo"), ("Esc", "cancels"), ("o", "this one"),
                            ("y", "replaces it"), ("\\[u211E]", "a recipe, its servings"), ("\\[u21BB]", "a repeat's meal"),
                            ("\\[u270E]", "has a note")] {
            #expect(keysPart.contains(".TP\n\\fB\(tag)\\fR\n\(text)"), "\(tag): \(text)")
        }
        for heading in ["Move", "In a prompt", "A repeat's meal (d, e)", "A shopping list (s, S)", "Marks"] {
            #expect(keysPart.contains(".SS \"\(heading)\""), "\(heading)")
        }
        #expect(page.contains(".TP\n\\fB2027-03-15\\fR\nthat date"))
        for variable in ["MEALPLAN_DB", "MEALPLAN_TODAY", "MEALPLAN_RECIPES", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "VISUAL",
                         "EDITOR", "NO_COLOR", "TERM"] {
            #expect(page.contains(".TP\n\\fB\(variable)\\fR\n"), "\(variable)")
        }
        for file in ["meals.sqlite", "config.toml", "aisle.conf", "pantry.conf", ".shopping-checked", ".shopping-list"] {
            #expect(page.contains(file), "\(file)")
        }
        let statuses = page[try #require(page.range(of: ".SH \"EXIT STATUS\"")).upperBound...]
        let listed = statuses.split(separator: "\n").filter { $0.hasPrefix("\\fB") }.map { $0.dropFirst(3).prefix { $0.isNumber } }
        #expect(listed == ["0"] + ExitStatus.allCases.map { Substring(String($0.rawValue)) }, "0, then every status mealplan gives, in order")
        let file = cli.folder + "/mealplan.1"
        try Data(page.utf8).write(to: URL(fileURLWithPath: file))
        let check = try ExternalTool.run("groff", ["-man", "-Tutf8", "-ww", "-z", file], in: cli.folder)
        #expect(check.status == 0 && check.stderr.isEmpty, "groff: \(check.stderr)")
    }
}
