import Foundation
import RecipeLibrary
import ShoppingFiles
import ShoppingList
import Testing
import TestSupport

/// `ShoppingChecks` writes only names the log can hold, and nothing when one cannot be.
@Suite struct ShoppingChecksFileTests {
    @Test func aNameTheLogCannotHoldWritesNothing() throws {
        let folder = TemporaryFolder()
        let checks = ShoppingChecks(folder: try RecipeFolder(root: folder.path))
        #expect(throws: RecipeFolderError("'milk\n+ eggs' cannot be a name in \(checks.path): one line, no space at either end")) {
            try checks.append { _ in [CheckLog.Entry(name: "bread", checked: true), CheckLog.Entry(name: "milk\n+ eggs", checked: true)] }
        }
        #expect(!FileManager.default.fileExists(atPath: checks.path))
        try checks.append { _ in [CheckLog.Entry(name: "bread", checked: true)] }
        #expect(try checks.read().isChecked("BREAD"))
    }
}
