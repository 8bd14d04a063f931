import Foundation
import Testing

/// The rules DESIGN.md states that a test can hold the code to.
@Suite struct DesignRulesTests {
    static let repository = String(#filePath.dropLast("Tests/MealPlanCoreTests/DesignRulesTests.swift".count))

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: repository + path, encoding: .utf8)
    }

    /// Every Swift file under `Sources/`, by its path from the repository.
    static func sourceFiles() throws -> [String] {
        let sources = repository + "Sources"
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }.sorted()
    }

    /// DESIGN.md's module table: for each row, the modules its first column names and what its
    /// last column lets them import (backticked names; "the C library" is Glibc and Darwin;
    /// "every module above" the modules of the rows before, "but" the names after it).
    static func moduleTable() throws -> [(modules: [String], mayImport: Set<String>)] {
        let design = try read("DESIGN.md")
        let section = design.components(separatedBy: "\n## Modules\n")[1].components(separatedBy: "\n## ")[0]
        var rows: [(modules: [String], mayImport: Set<String>)] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let names = { (text: String) in text.matches(of: /`([A-Za-z][A-Za-z0-9_-]*)`/).map { String($0.output.1) } }
            let last = cells[cells.count - 2]
            var allowed = Set<String>()
            if last.contains("every module above") {
                let parts = last.components(separatedBy: ";")
                let excluded = Set(names(parts[0].components(separatedBy: " but ").dropFirst().joined()))
                allowed = Set(rows.flatMap(\.modules)).subtracting(excluded).union(names(parts.dropFirst().joined()))
            } else {
                allowed = Set(names(last))
            }
            if last.contains("the C library") { allowed.formUnion(["Glibc", "Darwin"]) }
            rows.append((names(cells[1]), allowed))
        }
        return rows
    }

    static func manifest() throws -> PackageManifest {
        PackageManifest(text: try read("Package.swift"))
    }

    /// The modules a Swift file imports, however the import is marked.
    static func imports(of text: String) -> Set<String> {
        Set(text.matches(of: /(?m)^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|var|let|typealias|protocol)\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*\s*(?:\/\/.*)?$/)
            .map { String($0.output.1) })
    }

    /// Every Swift file under `folder` (from the repository), by its path from the repository.
    static func swiftFiles(under folder: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: repository + folder)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }

    /// "One line per module": every target of `Package.swift` but the tests has its row, and
    /// every row names targets that exist; the test targets are TESTING.md's to name.
    @Test func everyModuleHasItsLineInTheDesign() throws {
        let targets = try Self.manifest().targets
        #expect(targets.count > 20, "Package.swift's targets were read")
        let modules = Set(targets.filter { $0.kind != .testTarget }.map(\.name))
        let rows = Set(try Self.moduleTable().flatMap(\.modules))
        #expect(modules.subtracting(rows).isEmpty, "DESIGN.md's module table lacks \(modules.subtracting(rows).sorted())")
        #expect(rows.subtracting(modules).isEmpty, "DESIGN.md's module table names no target \(rows.subtracting(modules).sorted())")
        let testing = try Self.read("docs/TESTING.md")
        for target in targets where target.kind == .testTarget {
            #expect(testing.contains("`\(target.name)`"), "docs/TESTING.md does not name the test target \(target.name)")
        }
    }

    /// "A module imports only what its last column names": each module's source files, and its
    /// dependencies in `Package.swift`, against its row of DESIGN.md.
    @Test func everyModuleImportsOnlyWhatTheDesignAllows() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.manifest().targets.map { ($0.name, $0) })
        var checkedFiles = 0
        for row in try Self.moduleTable() {
            let allowed = row.mayImport.union(row.modules)
            for module in row.modules {
                guard let target = targets[module] else { continue }
                for dependency in target.dependencies where !allowed.contains(dependency) {
                    Issue.record("Package.swift: \(module) depends on \(dependency), which DESIGN.md's row does not allow")
                }
                for file in Self.swiftFiles(under: target.path) {
                    checkedFiles += 1
                    for name in Self.imports(of: try Self.read(file)).subtracting(allowed) {
                        Issue.record("\(file) imports \(name), which DESIGN.md's row of \(module) does not allow")
                    }
                }
            }
        }
        #expect(checkedFiles > 200, "the source files were read")
    }

    /// "Nothing but `MealPlanStore` sees SQLite, nothing but `NCursesTerminal` sees ncurses",
    /// and `PlannerUI` does no IO: held whatever the table says.
    @Test func sqliteAndNcursesStayInTheirModules() throws {
        for target in try Self.manifest().targets where target.kind != .testTarget {
            for file in Self.swiftFiles(under: target.path) {
                let imports = Self.imports(of: try Self.read(file))
                if target.name != "MealPlanStore" {
                    #expect(imports.isDisjoint(with: ["GRDB", "GRDBSQLite", "SQLite3"]), "\(file) sees SQLite")
                }
                if target.name != "NCursesTerminal" {
                    #expect(!imports.contains("CNcursesw"), "\(file) sees ncurses")
                }
                if target.name == "PlannerUI" {
                    #expect(imports.isDisjoint(with: ["Foundation", "Glibc", "Darwin", "Dispatch"]), "\(file) could do IO")
                }
            }
        }
    }

    /// "This file stays a map": DESIGN.md at most 3,000 words, PERFORMANCE.md one page of at
    /// most 400 lines, and every file DESIGN.md links to exists.
    @Test func theDocumentsStayShort() throws {
        let design = try Self.read("DESIGN.md")
        let words = design.split(whereSeparator: \.isWhitespace).count
        #expect(words <= 3000, "DESIGN.md has \(words) words; the detail belongs beside the code")
        let performance = try Self.read("docs/PERFORMANCE.md")
        let lines = performance.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 400, "docs/PERFORMANCE.md has \(lines) lines; runs belong in Benchmarks/runs/")
        for link in design.matches(of: /\]\(([^)#:]+)\)/) {
            let path = String(link.output.1)
            #expect(FileManager.default.fileExists(atPath: Self.repository + path), "DESIGN.md links to \(path), which is not there")
        }
    }

    /// "Each goal, its script; the runs are data files the scripts write": every script in
    /// `Benchmarks/` starts from `common.sh`, which writes its run through `run_record.py`, and
    /// `docs/PERFORMANCE.md` names it.
    @Test func everyBenchmarkWritesItsRunAndIsOnThePerformancePage() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "Benchmarks")
            .filter { $0.hasSuffix(".sh") && $0 != "common.sh" }.sorted()
        #expect(scripts.count > 20, "the scripts were read")
        let common = try Self.read("Benchmarks/common.sh")
        #expect(common.contains("run_record.py") && common.contains("\"$run_record\" start") && common.contains("\"$run_record\" end"),
                "common.sh starts and ends each script's run through run_record.py")
        let page = try Self.read("docs/PERFORMANCE.md")
        for script in scripts {
            let text = try Self.read("Benchmarks/" + script)
            #expect(text.contains("source \"$(dirname \"$0\")/common.sh\""), "Benchmarks/\(script) does not start from common.sh, which writes its run")
            #expect(page.contains("`\(script)`"), "docs/PERFORMANCE.md does not name Benchmarks/\(script)")
        }
    }

    /// "Each goal, its figure, its script, the date; the runs are data files": a row of
    /// `docs/PERFORMANCE.md` that gives a date has the run of one of its scripts on that day in
    /// `Benchmarks/runs/`, one not measured gives none, and every run file holds its figures
    /// under the header `run_record.py` writes, one figure a line.
    @Test func everyFigureOnThePerformancePageHasItsRun() throws {
        let runs = Self.repository + "Benchmarks/runs/"
        let days = try FileManager.default.contentsOfDirectory(atPath: runs).filter { $0.first != "." }
        var files: [String] = []
        for day in days {
            #expect(day.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil, "Benchmarks/runs/\(day) is not a date")
            files += try FileManager.default.contentsOfDirectory(atPath: runs + day).map { day + "/" + $0 }
        }
        #expect(!files.isEmpty, "the runs were read")
        for file in files {
            #expect(file.hasSuffix(".tsv"), "Benchmarks/runs/\(file) is no run")
            let lines = try String(contentsOfFile: runs + file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(lines.first == "figure\tvalue\tunit", "Benchmarks/runs/\(file) lacks its header")
            for line in lines.dropFirst() where line.split(separator: "\t", omittingEmptySubsequences: false).count != 3 {
                Issue.record("Benchmarks/runs/\(file): '\(line)' is not figure, value and unit")
            }
        }
        var dated = 0
        for line in try Self.read("docs/PERFORMANCE.md").split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| goal") && !line.hasPrefix("| what") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let date = cells[cells.count - 2]
            let scripts = line.matches(of: /`([a-z0-9-]+)\.sh`/).map { String($0.output.1) }
            if line.contains("not yet measured on this code") {
                #expect(date.isEmpty, "a figure not measured gives no date: \(line)")
                continue
            }
            dated += 1
            let ran = scripts.contains { script in files.contains { $0 == "\(date)/\(script).tsv" || $0.hasPrefix("\(date)/\(script).") } }
            #expect(ran, "no run in Benchmarks/runs/\(date)/ of \(scripts) for: \(line)")
        }
        #expect(dated > 0, "the page's figures were read")
    }

    /// "The effects are …": every case of `Effect` is named in DESIGN.md's walk of the planner.
    @Test func everyEffectIsNamedInTheDesign() throws {
        let effect = try Self.read("Sources/PlannerUI/Effect.swift")
        let body = effect.components(separatedBy: "enum Effect")[1].components(separatedBy: "\n}\n")[0]
        let cases = body.split(separator: "\n").compactMap { line -> String? in
            let words = line.trimmingCharacters(in: .whitespaces).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            return words.first == "case" && words.count > 1 ? String(words[1]) : nil
        }
        #expect(cases.count > 10, "the effects were read")
        let design = try Self.read("DESIGN.md")
        for name in cases {
            #expect(design.contains("`\(name)`"), "DESIGN.md does not name the effect \(name)")
        }
    }

    /// "Figures (speed, memory) live in docs/PERFORMANCE.md … not in code comments": no comment
    /// says what something cost or took in time or memory. Limits and settings (a 20 ms key,
    /// SQLite's 2,000 KiB default) are not figures and may stay.
    @Test func noMeasuredFigureIsInACodeComment() throws {
        let unit = #"[0-9][0-9.,]* ?(ms|µs|ns|s|seconds|MiB|MB|KiB|KB|GB|GiB|%|×)\b"#
        let measured = try Regex(#"(?i)//.*\b(cost|costs|took|measured|saves|saved)\b.*"# + unit)
        let measuredAfter = try Regex(#"(?i)//.*"# + unit + #".*\b(cost|costs|took|measured)\b"#)
        var found: [String] = []
        for file in try Self.sourceFiles() {
            for (index, line) in try Self.read(file).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("//") && (line.contains(measured) || line.contains(measuredAfter)) {
                found.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "figures in code comments belong in docs/PERFORMANCE.md:\n\(found.joined(separator: "\n"))")
    }
}
