import Foundation
import Glibc
import TestSupport
import Testing

/// The parts of a whole plan's file before its meals (slots, repeats, templates), which the
/// import holds until the meals are in, take bounded memory whatever the file: a file whose
/// slots, or one template's meals, run to hundreds of MiB is refused at the bound, with one
/// line, taking no more memory than a file a tenth its size.
@Suite struct WholePlanMemoryTests {
    static let start = #"{"format":"mealplan-plan","version":1,"slots":["#
    static let message = "the slots, repeats and templates take more than 32 MiB, more than a plan holds; "
        + "this is not a whole plan mealplan wrote"

    /// Slots of `megabytes` MiB (each string 1 MiB less a little), or a template of as many
    /// MiB of meals.
    static func file(_ kind: String, megabytes: Int, in cli: CLISandbox) throws -> String {
        let path = cli.folder + "/\(kind)-\(megabytes).json"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        if kind == "slots" {
            try handle.write(contentsOf: Data(Self.start.utf8))
            let slot = Data(("\"" + String(repeating: "s", count: (1 << 20) - 64) + "\",").utf8)
            for _ in 0..<megabytes { try handle.write(contentsOf: slot) }
            try handle.write(contentsOf: Data(#""dinner"],"repeats":[],"templates":[],"meals":[]}"#.utf8))
        } else {
            try handle.write(contentsOf: Data((Self.start + #""dinner"],"repeats":[],"templates":[{"uid":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"big","days":1,"meals":["#).utf8))
            let meal = #"{"day":0,"slot":"dinner","position":0,"title":"Soup","note":null,"recipe":null,"servings":null,"leftovers_of":null,"eaters":null},"#
            let block = Data(String(repeating: meal, count: (1 << 20) / meal.utf8.count).utf8)
            for _ in 0..<megabytes { try handle.write(contentsOf: block) }
            try handle.write(contentsOf: Data(#"{}]}],"meals":[]}"#.utf8))
        }
        return path
    }

    @Test(arguments: ["slots", "template"])
    func aHugePartBeforeTheMealsIsRefusedInBoundedMemory(_ kind: String) throws {
        let cli = CLISandbox()
        func peak(megabytes: Int) throws -> Int {
            let path = try Self.file(kind, megabytes: megabytes, in: cli)
            let process = try KillableProcess(
                CLISandbox.binary.path, ["import", path], environment: cli.environment(["MEALPLAN_DB": cli.folder + "/new.sqlite"]),
                standardOutput: "/dev/null", standardError: cli.folder + "/stderr")
            let (ending, kib) = process.waitForPeakMemory()
            #expect(ending == .exited(65), "\(kind), \(megabytes) MiB")
            let stderr = try String(contentsOfFile: cli.folder + "/stderr", encoding: .utf8)
            #expect(stderr.hasPrefix("mealplan: line ") && stderr.hasSuffix(": \(Self.message)\n"), "\(stderr)")
            try FileManager.default.removeItem(atPath: path)
            return kib
        }
        let bound = try peak(megabytes: 40), huge = try peak(megabytes: 400)
        #expect(huge - bound < 16 * 1024, "\(bound) KiB for 40 MiB, \(huge) KiB for 400 MiB")
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/new.sqlite"))
    }
}
