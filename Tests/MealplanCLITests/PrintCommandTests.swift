import Foundation
import MealPlanCore
import TestSupport
import Testing

/// `mealplan print` as a page: which days it prints, markup in titles written as text, and
/// the PDF's failures, each leaving every file as it was.
@Suite struct PrintCommandTests {
    /// The weeks' headings in `html`, in order.
    static func headings(_ html: String) -> [String] {
        html.components(separatedBy: "<h1>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func todaysWeekIsPrintedByDefaultAndFromStartsThePrintedDays() throws {
        let cli = CLISandbox()
        cli.today = "2026-03-04"
        try cli.succeed(["add", "2026-03-04", "dinner", "Soup"])
        // The week holding Wednesday 4 March, Monday to Sunday (no week-start: Monday).
        #expect(Self.headings(try cli.succeed(["print"])) == ["Meals, 2 – 8 March 2026"])
        // --from alone: to the end of its week; --days and --to: the days given, a sheet a week.
        #expect(Self.headings(try cli.succeed(["print", "--from", "thu"])) == ["Meals, 5 – 8 March 2026"])
        #expect(Self.headings(try cli.succeed(["print", "--from", "2026-03-06", "--days", "7"]))
                == ["Meals, 6 – 8 March 2026", "Meals, 9 – 12 March 2026"])
        #expect(Self.headings(try cli.succeed(["print", "--days", "14"])) == ["Meals, 2 – 8 March 2026", "Meals, 9 – 15 March 2026"])
        try FileManager.default.createDirectory(atPath: cli.folder + "/recipes", withIntermediateDirectories: true)
        #expect(Self.headings(try cli.succeed(["print", "--list", "--to", "2026-03-03"], environment: ["MEALPLAN_RECIPES": cli.folder + "/recipes"]))
                == ["Meals, 2 – 3 March 2026", "Shopping list, 2 – 3 March 2026"])
        try cli.expectFailure(["print", "--days", "400"], status: 64,
                              message: "print covers 1 to 366 days (a year), not 400; print fewer days")
    }

    @Test func theHouseholdsWeekStartMakesTheSheets() throws {
        let cli = CLISandbox()
        cli.today = "2026-03-04"
        let folder = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("week-start = \"sun\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        try cli.succeed(["add", "2026-03-04", "dinner", "Soup"])
        let config = ["XDG_CONFIG_HOME": cli.folder + "/config"]
        #expect(Self.headings(try cli.succeed(["print"], environment: config)) == ["Meals, 1 – 7 March 2026"])
        #expect(Self.headings(try cli.succeed(["print", "--days", "10", "--from", "2026-03-04"], environment: config))
                == ["Meals, 4 – 7 March 2026", "Meals, 8 – 13 March 2026"])
    }

    /// Titles, notes, slots, aisles and ingredients made of markup come out as text: Python's
    /// html.parser reads the page and finds only the elements mealplan writes, no attribute
    /// but its own, and every one of those texts as it was typed.
    @Test(.requires(.python3)) func markupIsWrittenAsText() throws {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        cli.today = "2026-03-04"
        let titles = [#"<script>alert("x")</script>"#, "Fish & chips's \"best\" <b>bold</b>", "</td></tr></table><h1>Oops",
                      "<!-- a comment", "&amp; &lt;not a tag&gt; &#60;", "<img src=x onerror=alert(1)>"]
        try cli.succeed(["slots", "add", "<i>elevenses</i>"])
        for (index, title) in titles.enumerated() {
            try cli.succeed(["add", "2026-03-0\(2 + index)", index % 2 == 0 ? "<i>elevenses</i>" : "dinner", title,
                             "--note", "<style>body{display:none}</style>\nsecond line"])
        }
        try Data("---\nservings: 2\n---\nMix @<u>sugar</u> & spice{1%g} with @\"quotes\"{2}.\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Markup.cook"))
        try Data("[<em>baking</em>]\n<u>sugar</u> & spice\n".utf8).write(to: URL(fileURLWithPath: folder + "/aisle.conf"))
        try cli.succeed(["add", "2026-03-08", "lunch", "Biscuits", "--recipe", "Markup"], environment: ["MEALPLAN_RECIPES": folder])
        let html = try cli.succeed(["print", "--list"], environment: ["MEALPLAN_RECIPES": folder])
        let script = #"""
            import html.parser, json, sys
            allowed = {"html", "head", "meta", "title", "style", "body", "section", "header", "h1", "h2", "p", "div", "span",
                       "table", "colgroup", "col", "thead", "tbody", "tr", "th", "td", "ul", "li", "footer"}
            attributes = {"lang", "charset", "http-equiv", "content", "class", "style"}
            class Reader(html.parser.HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True)
                    self.texts, self.problems, self.open, self.comments = [], [], [], 0
                def handle_starttag(self, tag, attrs):
                    if tag not in allowed: self.problems.append("element " + tag)
                    for name, value in attrs:
                        if name not in attributes: self.problems.append("attribute " + name)
                    if tag not in ("meta", "col"): self.open.append(tag)
                def handle_endtag(self, tag):
                    if not self.open or self.open.pop() != tag: self.problems.append("unbalanced " + tag)
                def handle_data(self, data): self.texts.append(data)
                def handle_comment(self, data): self.comments += 1
                def handle_decl(self, decl): pass
            reader = Reader()
            reader.feed(open(sys.argv[1], encoding="utf-8").read())
            reader.close()
            print(json.dumps({"problems": reader.problems, "open": reader.open, "comments": reader.comments,
                              "text": "".join(reader.texts)}))
            """#
        let result = try JSONSerialization.jsonObject(with: try ExternalTool.runPython(script, input: Data(html.utf8))) as! [String: Any]
        #expect(result["problems"] as? [String] == [])
        #expect(result["open"] as? [String] == [])
        #expect(result["comments"] as? Int == 0)
        let text = result["text"] as! String
        for expected in titles + ["<i>elevenses</i>", "<style>body{display:none}</style>", "<u>sugar</u> & spice", "\"quotes\"",
                                  "<em>baking</em>"] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    @Test func theOutputFileHoldsThePageAsStandardOutputHasIt() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let page = cli.folder + "/Week.HTML"
        #expect(try cli.succeed(["print", "--output", page]) == "wrote Meals, 2 – 8 March 2026 to \(page)\n")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == (try cli.succeed(["print"])))
    }

    @Test func withoutABrowserAPDFIsRefusedNamingWhatToInstall() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let pdf = cli.folder + "/week.pdf"
        try cli.expectFailure(["print", "--output", pdf], status: 69,
                              message: "a PDF needs a browser on PATH: install chromium (or weasyprint), or write --output FILE.html",
                              environment: ["PATH": cli.folder + "/nothing"], inputs: [pdf])
        try cli.expectFailure(["print", "--output", cli.folder + "/week.txt"], status: 64,
                              message: "--output names a .html file (the page) or a .pdf file (made by a browser) (see 'mealplan help')",
                              inputs: [cli.folder + "/week.txt"])
    }

    /// A browser that hangs is stopped at MEALPLAN_BROWSER_TIMEOUT, its children with it; one
    /// that fails or makes no PDF leaves the file as it was, and no half-made file beside it.
    @Test func aBrowserThatHangsOrFailsWritesNothing() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let bin = cli.folder + "/bin", pdf = cli.folder + "/out/week.pdf"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.folder + "/out", withIntermediateDirectories: true)
        try Data("the week before\n".utf8).write(to: URL(fileURLWithPath: pdf))
        let fake = bin + "/chromium"
        func browser(_ script: String) throws {
            try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: fake))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        }
        let path = ["PATH": bin + ":/usr/bin:/bin"]
        // Hangs, with a child that would outlive it: both are gone when print returns.
        try browser("sleep 300 & echo $! > \(cli.folder)/child; wait")
        let started = ContinuousClock.now
        try cli.expectFailure(["print", "--output", pdf], status: 1,
                              message: "chromium did not make the PDF within 2 s (MEALPLAN_BROWSER_TIMEOUT) and was stopped",
                              environment: path.merging(["MEALPLAN_BROWSER_TIMEOUT": "2"]) { $1 }, inputs: [pdf])
        #expect(ContinuousClock.now - started < .seconds(20))
        let child = try String(contentsOfFile: cli.folder + "/child", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Gone, or a zombie that its new parent has yet to reap.
        let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: ")").last?.dropFirst().first
        #expect(state == nil || state == "Z", "the browser's child was stopped with it")
        // Fails; finishes without a PDF; writes something that is no PDF where it was told to.
        try browser("exit 3")
        try cli.expectFailure(["print", "--output", pdf], status: 1, message: "chromium could not make the PDF (exit status 3)",
                              environment: path, inputs: [pdf])
        try browser("exit 0")
        try cli.expectFailure(["print", "--output", pdf], status: 1, message: "chromium finished but made no PDF",
                              environment: path, inputs: [pdf])
        try browser(#"for a; do case "$a" in --print-to-pdf=*) echo "<html>" > "${a#--print-to-pdf=}";; esac; done"#)
        try cli.expectFailure(["print", "--output", pdf], status: 1, message: "chromium finished but made no PDF",
                              environment: path, inputs: [pdf])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder + "/out") == ["week.pdf"])
        try cli.expectFailure(["print", "--output", pdf], status: 64, message: "MEALPLAN_BROWSER_TIMEOUT must be a whole number of seconds from 1 to 3600, not 'soon'",
                              environment: path.merging(["MEALPLAN_BROWSER_TIMEOUT": "soon"]) { $1 }, inputs: [pdf])
    }
}
