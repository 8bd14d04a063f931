import Foundation
import Testing
import TestSupport

/// Every example of `docs/GUIDE.md` runs against the built binary, so the guide cannot promise
/// what mealplan does not do.
///
/// The guide's fenced blocks, in order, are one story told in one sandbox (a temporary home with
/// its own database and a copy of `Data/recipes` as the recipes folder, today pinned to
/// `GuideRun.today`):
/// - ```` ```sh ````: each line (a trailing `\` joins the next) runs in `sh` with `mealplan` being
///   the built binary, and must exit 0, or the status its comment names (`# exits 65`);
/// - ```` ```console ````: lines starting `$ ` run the same way, and the lines after each, up to
///   the next `$ `, are what it prints (standard output and error together; blank lines at the
///   end of either are not compared);
/// - `<!-- not run: why -->` on the line before a block: not run, but counted, so that a block
///   is never left out of the test unnoticed; `<!-- ci: KIND -->` (the README's install lines,
///   which `.ci/run` runs as written) likewise;
/// - `<!-- file: PATH -->` on the line before a block: its text is written to PATH (in the
///   sandbox's home; `~/` is that home) when the story reaches it, so the files the guide shows
///   are the files the examples after it read;
/// - any other block must be data (`toml`, `csv`, `json`, `text`, `ini`): a shell example in a
///   ```` ```bash ```` or unlabelled block would otherwise escape the test.
@Suite struct GuideExamplesTests {
    static let repository = String(#filePath.dropLast("Tests/MealplanCLITests/GuideExamplesTests.swift".count))

    /// The blocks the guide marks `not run`: the planner (twice: as it starts, and with an
    /// editor for `E` and `R`) and `man`, which need a terminal; and the four of "Sharing" that
    /// need a CalDAV server, whose files `HouseholdSharingTests` and `HouseholdSyncEndToEndTests`
    /// set a household up with. A change here must be a deliberate one.
    static let notRunCount = 7

    @Test func everyExampleOfTheGuideDoesWhatItShows() throws {
        let guide = try String(contentsOfFile: Self.repository + "docs/GUIDE.md", encoding: .utf8)
        let run = try GuideRun(recipes: Self.repository + "Data/recipes")
        let report = try run.run(guide)
        #expect(report.failures == [], "\(report.failures.joined(separator: "\n\n"))")
        #expect(report.notRun == Self.notRunCount, "blocks marked not run: \(report.notRun)")
        // What runs is most of the guide, not a corner of it.
        #expect(report.commands >= 60, "commands run: \(report.commands)")
        #expect(report.checkedOutputs >= 15, "outputs compared: \(report.checkedOutputs)")
    }

    /// The README's tour runs too; its install lines are CI's to run (`.ci/run`).
    @Test func everyExampleOfTheReadmeRuns() throws {
        let readme = try String(contentsOfFile: Self.repository + "README.md", encoding: .utf8)
        let run = try GuideRun(recipes: Self.repository + "Data/recipes", document: "README.md")
        let report = try run.run(readme)
        #expect(report.failures == [], "\(report.failures.joined(separator: "\n\n"))")
        #expect(report.runByCI == 3, "blocks marked for CI: \(report.runByCI)")
        #expect(report.notRun == 0)
        #expect(report.commands >= 15, "commands run: \(report.commands)")
    }

    /// The key table's markers are where the generator puts the planner's keys.
    @Test func theKeyTableHasItsMarkers() throws {
        let guide = try String(contentsOfFile: Self.repository + "docs/GUIDE.md", encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        #expect(lines.filter { $0 == "<!-- keys: generated from the key tables; do not edit by hand -->" }.count == 1)
        #expect(lines.filter { $0 == "<!-- end keys -->" }.count == 1)
    }

    /// The runner itself: a wrong status, a wrong output, a failing line in a `sh` block and an
    /// unlabelled block are each reported with their line in the guide.
    @Test func aBrokenExampleIsReported() throws {
        let run = try GuideRun(recipes: Self.repository + "Data/recipes")
        let guide = """
            # A guide

            ```sh
            mealplan add today dinner Soup
            mealplan add today dinnr Soup
            ```

            ```console
            $ mealplan slots
            breakfast
            brunch
            $ mealplan add today dinner "Two words" --note x   # exits 64
            ```

            <!-- not run: opens the planner -->
            ```sh
            mealplan
            ```

            ```
            mealplan list
            ```

            """
        let report = try run.run(guide)
        #expect(report.notRun == 1)
        #expect(report.commands == 4)
        #expect(report.failures.count == 4, "\(report.failures)")
        #expect(report.failures.map { $0.components(separatedBy: ":").first! } == [
            "GUIDE.md line 5", "GUIDE.md line 9", "GUIDE.md line 12", "GUIDE.md line 20",
        ])
    }
}

/// One run of a guide's examples in a fresh sandbox.
struct GuideRun {
    /// A Monday, so that `this-week` and `today` are the same day in the examples.
    static let today = "2026-11-30"
    /// The longest one command may take before it counts as hung.
    static let timeoutSeconds = 120
    static let dataLanguages: Set = ["toml", "csv", "json", "text", "ini"]

    struct Report {
        var failures: [String] = []
        var commands = 0
        var checkedOutputs = 0
        var notRun = 0
        /// Blocks marked `ci:`: the install lines CI runs itself.
        var runByCI = 0
    }

    /// The file's name in the failures.
    let document: String
    private let temporary = TemporaryFolder()
    /// The examples' home and working folder.
    var home: String { temporary.path + "/home" }
    /// Holds only `mealplan`, the built binary, first on the examples' PATH.
    var bin: String { temporary.path + "/bin" }

    init(recipes: String, document: String = "GUIDE.md") throws {
        self.document = document
        let manager = FileManager.default
        try manager.createDirectory(atPath: home + "/.local/share/mealplan", withIntermediateDirectories: true)
        try manager.copyItem(atPath: recipes, toPath: home + "/.local/share/mealplan/recipes")
        try manager.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: bin + "/mealplan", withDestinationPath: CLISandbox.binary.path)
    }

    /// The whole environment of an example: nothing of the test's own, so neither the user's
    /// plan nor their config can be reached.
    var environment: [String: String] {
        ["PATH": bin + ":/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "MEALPLAN_TODAY": Self.today,
         "MEALPLAN_DB": home + "/.local/share/mealplan/meals.sqlite"]
    }

    func run(_ guide: String) throws -> Report {
        var report = Report()
        let lines = guide.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { index += 1; continue }
            let language = String(fence.dropFirst(3))
            let marker = Self.marker(before: index, in: lines)
            let start = index + 1
            var end = start
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let body = Array(lines[start..<min(end, lines.count)])
            index = end + 1
            if let marker, marker.hasPrefix("not run:") {
                report.notRun += 1
            } else if let marker, marker.hasPrefix("ci:") {
                report.runByCI += 1
            } else if let marker, marker.hasPrefix("file:") {
                try write(body, to: marker.dropFirst("file:".count).trimmingCharacters(in: .whitespaces))
            } else if language == "sh" {
                try runShell(body, firstLine: start + 1, into: &report)
            } else if language == "console" {
                try runConsole(body, firstLine: start + 1, into: &report)
            } else if !Self.dataLanguages.contains(language) {
                report.failures.append("\(document) line \(start): a block labelled '\(language)' is neither run nor marked `not run`")
            }
        }
        return report
    }

    /// The text of an HTML comment on the line before `fence`, if there is one.
    private static func marker(before fence: Int, in lines: [String]) -> String? {
        guard fence > 0 else { return nil }
        let line = lines[fence - 1].trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        return line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    }

    private func write(_ body: [String], to path: String) throws {
        let full = path.hasPrefix("~/") ? home + path.dropFirst(1) : home + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data((body.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: full))
    }

    /// The commands of a block with the guide's line of each: `\` at a line's end joins the next;
    /// blank lines and comments are not commands.
    private static func commands(_ body: [String], firstLine: Int) -> [(line: Int, text: String)] {
        var commands: [(line: Int, text: String)] = []
        var pending: (line: Int, text: String)?
        for (offset, line) in body.enumerated() {
            let joined = (pending?.text ?? "") + line
            let first = pending?.line ?? firstLine + offset
            if line.hasSuffix("\\") {
                pending = (first, String(joined.dropLast()))
                continue
            }
            pending = nil
            let trimmed = joined.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !trimmed.hasPrefix("#") { commands.append((first, trimmed)) }
        }
        return commands
    }

    /// The status a command's comment says it exits with (`# exits 65`), else 0.
    private static func expectedStatus(_ command: String) -> Int32 {
        guard let range = command.range(of: "# exits ", options: .backwards) else { return 0 }
        return Int32(command[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    private func runShell(_ body: [String], firstLine: Int, into report: inout Report) throws {
        for command in Self.commands(body, firstLine: firstLine) {
            let (status, output) = try execute(command.text)
            report.commands += 1
            let expected = Self.expectedStatus(command.text)
            if status != expected {
                report.failures.append("\(document) line \(command.line): `\(command.text)` exited \(status), not \(expected):\n\(output)")
            }
        }
    }

    private func runConsole(_ body: [String], firstLine: Int, into report: inout Report) throws {
        var steps: [(line: Int, text: String, output: [String])] = []
        for (offset, line) in body.enumerated() {
            if line.hasPrefix("$ ") {
                steps.append((firstLine + offset, String(line.dropFirst(2)), []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output.append(line)
            } else if !line.isEmpty {
                report.failures.append("\(document) line \(firstLine + offset): output before any `$ ` command")
            }
        }
        for step in steps {
            let (status, output) = try execute(step.text)
            report.commands += 1
            report.checkedOutputs += 1
            let expected = Self.expectedStatus(step.text)
            let shown = step.output.joined(separator: "\n")
            if status != expected {
                report.failures.append("\(document) line \(step.line): `\(step.text)` exited \(status), not \(expected):\n\(output)")
            } else if Self.trimmed(output) != Self.trimmed(shown) {
                report.failures.append("\(document) line \(step.line): `\(step.text)` printed\n\(output)\nwhere the guide shows\n\(shown)")
            }
        }
    }

    private static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "\n" || text.last == " " { text = text.dropLast() }
        return String(text)
    }

    /// Runs `command` in `sh` in the home folder, bounded by `timeoutSeconds`: its status, and
    /// what it printed on standard output and error, in the order it printed it.
    private func execute(_ command: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [String(Self.timeoutSeconds), "/bin/sh", "-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        process.environment = environment
        let outputPath = temporary.path + "/output"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = FileHandle(forWritingAtPath: outputPath)!
        defer { try? output.close() }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, text)
    }
}
