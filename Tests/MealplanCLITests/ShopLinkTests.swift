import Foundation
import Testing
import TestSupport

/// `shop` on a recipes folder whose shopping files are links to a private file outside it:
/// one line names the link, the status is 65, and the private file is neither shown nor written.
@Suite struct ShopLinkTests {
    /// `name` in the recipes folder of `ShopCommandTests.sandbox()` made a link to a private file.
    static func sandbox(linking name: String, to text: String = "+ milk\nsecret\n") throws -> (CLISandbox, [String: String], link: String, target: String) {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let target = cli.folder + "/private.txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        let link = try #require(recipes["MEALPLAN_RECIPES"]) + "/" + name
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        return (cli, recipes, link, target)
    }

    static func refusal(_ link: String) -> String {
        "'\(link)' is a link: mealplan reads and writes only a file of its own here, never one a link leads to"
    }

    @Test(arguments: [".shopping-checked", ".shopping-list"]) func aLinkIsNotReadForTheList(name: String) throws {
        let (cli, recipes, link, target) = try Self.sandbox(linking: name)
        try cli.expectFailure(["shop"], status: 65, message: Self.refusal(link), environment: recipes, inputs: [target])
    }

    @Test func aLinkedTickLogIsNotWritten() throws {
        let (cli, recipes, link, target) = try Self.sandbox(linking: ".shopping-checked")
        try cli.expectFailure(["shop", "--check", "milk"], status: 65, message: Self.refusal(link), environment: recipes, inputs: [target])
    }

    @Test func aLinkedListOfExtrasIsNotWritten() throws {
        let (cli, recipes, link, target) = try Self.sandbox(linking: ".shopping-list")
        try cli.expectFailure(["shop", "add", "lemons"], status: 65, message: Self.refusal(link), environment: recipes, inputs: [target])
        try cli.expectFailure(["shop", "remove", "milk"], status: 65, message: Self.refusal(link), environment: recipes, inputs: [target])
    }

    /// An aisle file that is a link is read (it is the user's), but `--aisle` does not write through it.
    @Test func aLinkedAisleFileIsNotWritten() throws {
        let (cli, recipes, link, target) = try Self.sandbox(linking: "aisle.conf", to: "[dairy]\nmilk\n")
        try cli.expectFailure(["shop", "add", "lemons", "--aisle", "fruit"], status: 65, message: Self.refusal(link),
                              environment: recipes, inputs: [target])
    }
}
