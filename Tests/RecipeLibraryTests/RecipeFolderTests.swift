import Cooklang
import Foundation
import ShoppingList
import Testing
import TestSupport
@testable import RecipeLibrary

/// The recipes folder on disk: names, lookup by typed name, reading, and its errors.
@Suite struct RecipeFolderTests {
    let folder = TemporaryFolder()

    func write(_ name: String, _ text: String) throws {
        let path = folder.file(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func makeFolder() throws -> RecipeFolder {
        try write("Lasagna.cook", "---\ntitle: Lasagna\nservings: 6\n---\nLayer @pasta sheets{12} and @./sauces/Bechamel{500%ml}.")
        try write("Lentil soup.cook", "Simmer @lentils{200%g}.")
        try write("sauces/Bechamel.cook", "---\nyield: 1%l\n---\nWhisk @milk{1%l} into @butter{50%g} and @flour{50%g}.")
        try write("sauces/Hollandaise.cook", "Whisk @egg yolks{3}.")
        try write("notes.txt", "not a recipe")
        try write(".hidden/Secret.cook", "@x")
        return try RecipeFolder(root: folder.path)
    }

    @Test func namesArePathsWithoutTheExtensionHiddenOnesLeftOut() throws {
        #expect(try makeFolder().names() == ["Lasagna", "Lentil soup", "sauces/Bechamel", "sauces/Hollandaise"])
    }

    @Test(arguments: [
        ("lasagna", "Lasagna"), ("LAS", "Lasagna"), ("sauces/b", "sauces/Bechamel"), ("Lentil Soup", "Lentil soup"),
    ])
    func aTypedNameResolvesByCaseAndUniquePrefix(typed: String, name: String) throws {
        #expect(try makeFolder().resolve(typed) == name)
    }

    @Test func unknownAndAmbiguousNamesAreRefused() throws {
        let recipes = try makeFolder()
        #expect(throws: RecipeFolderError("'l' could mean Lasagna, 'Lentil soup'; type more letters")) { try recipes.resolve("l") }
        #expect(throws: RecipeFolderError("unknown recipe 'pizza' in '\(folder.path)'")) { try recipes.resolve("pizza") }
    }

    @Test func aRecipeIsReadAndItsReferencesFollowed() throws {
        let recipes = try makeFolder()
        #expect(try recipes.recipe(named: "Lasagna").title == "Lasagna")
        let day = day("2026-03-02")
        let list = try ShoppingList.make(for: [PlannedRecipe(mealID: 1, day: day, recipe: "Lasagna", servings: 3)],
                                         recipes: recipes)
        // 3 of 6 servings: half. Bechamel: 500 ml of the 1 l it makes = ½, so ¼ in all:
        // 250 ml milk, 12.5 g butter and flour; 6 pasta sheets.
        #expect(list.items.map(\.name) == ["butter", "flour", "milk", "pasta sheets"])
        #expect(list.items.map(\.amounts) == [
            [Amount(quantity: 12.5, unit: "g")], [Amount(quantity: 12.5, unit: "g")], [Amount(quantity: 250, unit: "ml")],
            [Amount(quantity: 6, unit: nil)],
        ])
    }

    @Test func aMalformedRecipeIsNamedWithLineAndColumn() throws {
        try write("Broken.cook", "Fine line.\n\nAdd @salt{%g} now.")
        let recipes = try RecipeFolder(root: folder.path)
        #expect(throws: RecipeLookupError(
            "\(folder.path)/Broken.cook:3:11: the amount is missing before '%'; write it as {quantity%unit}")) {
            try recipes.recipe(named: "Broken")
        }
    }

    @Test func aMissingRecipeIsMarkedMissing() throws {
        let recipes = try makeFolder()
        do {
            _ = try recipes.recipe(named: "Gone")
            Issue.record("a missing recipe was read")
        } catch {
            #expect(error.isMissing)
            #expect(error.message == "cannot read '\(folder.path)/Gone.cook': No such file or directory")
        }
    }

    /// The walk tells the recipes no link leads to (read without `realpath`) from those
    /// reached through a link, to a file or to a folder, inside the folder.
    @Test func theWalkKnowsWhichRecipesALinkLeadsTo() throws {
        _ = try makeFolder()
        #expect(symlink("Lasagna.cook", folder.file("Linked lasagna.cook")) == 0)
        // The hidden folder is walked only through the link (each folder is walked once).
        #expect(symlink(".hidden", folder.file("linked")) == 0)
        var walk = FolderWalk(root: folder.path)
        try walk.run { Issue.record("warning: \($0)") }
        #expect(Set(walk.names) == ["Lasagna", "Lentil soup", "sauces/Bechamel", "sauces/Hollandaise", "Linked lasagna", "linked/Secret"])
        #expect(walk.unlinked == ["Lasagna", "Lentil soup", "sauces/Bechamel", "sauces/Hollandaise"])
    }

    /// Every recipe read at once (what `recipes` lists) is what reading each by name gives,
    /// through links or not; a listing reads the front matter only, as `metadata(of:)` does.
    @Test func everyRecipeIsWhatEachNameReads() throws {
        let recipes = try makeFolder()
        try write("Broken.cook", "---\nservings: many\n---\n")
        #expect(symlink("Lasagna.cook", folder.file("Linked lasagna.cook")) == 0)
        let names = try recipes.names()
        for frontMatterOnly in [false, true] {
            let all = try recipes.everyRecipe(frontMatterOnly: frontMatterOnly)
            #expect(all.map(\.name) == names)
            for (name, read) in all {
                let text = try TextFile.contents(of: recipes.path(of: name))
                let expected = Result { () throws(RecipeLookupError) in
                    do {
                        return try frontMatterOnly ? CooklangParser.metadata(of: text) : CooklangParser.parse(text)
                    } catch {
                        throw RecipeLookupError("\(recipes.path(of: name)):\(error)")
                    }
                }
                #expect(read == expected, "\(name)")
                if !frontMatterOnly { #expect(read == Result { () throws(RecipeLookupError) in try recipes.recipe(named: name) }) }
            }
        }
    }

    @Test func aFolderThatIsNotThereOrNotAFolderIsRefused() throws {
        #expect(throws: RecipeFolderError("recipes folder '\(folder.path)/nope': No such file or directory", status: .noInput)) {
            try RecipeFolder(root: folder.file("nope"))
        }
        try write("file.cook", "x")
        #expect(throws: RecipeFolderError("recipes folder '\(folder.path)/file.cook' is not a folder", status: .noInput)) {
            try RecipeFolder(root: folder.file("file.cook"))
        }
    }
}
