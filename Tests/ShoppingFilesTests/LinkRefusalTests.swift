import Foundation
import MealPlanCore
import RecipeLibrary
import ShoppingFiles
import ShoppingList
import Testing
import TestSupport

/// The files mealplan keeps beside the recipes are its own: a link in the place of one is
/// refused with one line naming it, for reading and for writing, and what it leads to is left
/// as it was (neither listed nor written).
@Suite struct LinkRefusalTests {
    let kitchen = TemporaryFolder()
    /// A private file outside the recipes folder, which a link points at.
    let outside = TemporaryFolder()
    var secret: String { "+ private line\n" }

    var sources: ShoppingSources {
        ShoppingSources(recipes: try! RecipeFolder(root: kitchen.path), aisles: nil, pantry: nil)
    }

    /// `name` in the recipes folder as a link to the private file (`dangling`: to none).
    func link(_ name: String, dangling: Bool = false, text: String? = nil) throws -> String {
        try outside.write(text ?? secret, to: "private")
        let target = dangling ? outside.file("none") : outside.file("private")
        try FileManager.default.createSymbolicLink(atPath: kitchen.file(name), withDestinationPath: target)
        return kitchen.file(name)
    }

    func refusal(_ path: String) -> RecipeFolderError {
        RecipeFolderError("'\(path)' is a link: mealplan reads and writes only a file of its own here, never one a link leads to",
                          status: .badData)
    }

    func expectUntouched(_ text: String? = nil) throws {
        #expect(try String(contentsOfFile: outside.file("private"), encoding: .utf8) == text ?? secret)
        #expect(!FileManager.default.fileExists(atPath: outside.file("none")))
    }

    @Test func aLinkedTickLogIsNotRead() throws {
        let path = try link(".shopping-checked")
        #expect(throws: refusal(path)) { try sources.checks.read() }
        #expect(throws: refusal(path)) { try sources.list(of: [], days: DayRange(start: day("2026-03-02"), count: 7)) }
    }

    @Test(arguments: [false, true]) func aLinkedTickLogIsNotWritten(dangling: Bool) throws {
        let path = try link(".shopping-checked", dangling: dangling)
        #expect(throws: refusal(path)) { try sources.checks.append { _ in [CheckLog.Entry(name: "milk", checked: true)] } }
        try expectUntouched()
    }

    @Test func aLinkedListOfExtrasIsNotRead() throws {
        let path = try link(".shopping-list")
        #expect(throws: refusal(path)) { try sources.extras.read() }
    }

    @Test(arguments: [false, true]) func aLinkedListOfExtrasIsNotAddedToOrRewritten(dangling: Bool) throws {
        let path = try link(".shopping-list", dangling: dangling)
        #expect(throws: refusal(path)) { try sources.extras.add(ExtraItem(name: "lemons")) }
        #expect(throws: refusal(path)) { try sources.extras.remove("private line") }
        try expectUntouched()
    }

    /// `shop add --aisle` writes the aisle into `aisle.conf`: a link there is not written
    /// through, whether it leads to a file or to none.
    @Test(arguments: [false, true]) func aLinkedAisleFileIsNotWritten(dangling: Bool) throws {
        let aisles = "[dairy]\nmilk\n"
        let path = try link("aisle.conf", dangling: dangling, text: aisles)
        #expect(throws: refusal(path)) { try sources.addExtra("lemons", aisle: "fruit") }
        try expectUntouched(aisles)
        #expect(!FileManager.default.fileExists(atPath: kitchen.file(".shopping-list")))
    }

    /// The files themselves are still read and written.
    @Test func filesOfTheirOwnAreReadAndWritten() throws {
        #expect(try sources.addExtra("lemons", aisle: "fruit"))
        try sources.checks.append { _ in [CheckLog.Entry(name: "lemons", checked: true)] }
        let list = try sources.list(of: [], days: DayRange(start: day("2026-03-02"), count: 7))
        #expect(list.ticked.items.map(\.name) == ["lemons"])
        #expect(list.ticked.items.first?.checked == true)
        #expect(try String(contentsOfFile: kitchen.file("aisle.conf"), encoding: .utf8).contains("[fruit]"))
    }
}
