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
