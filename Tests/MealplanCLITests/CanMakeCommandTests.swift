import Foundation
import Testing
import TestSupport

/// `mealplan recipes --can-make` on the recipes of `RecipeCommandTests.sandbox()` with a pantry:
/// the ranking, what is missing with its amount, the household's servings, and `--use-first`.
@Suite struct CanMakeCommandTests {
    /// The pantry holds 50 g of butter (expiring first), salt (amount not said) and eggs
    /// nothing uses; "whole milk" in aisle.conf is another name for milk.
    static func sandbox() throws -> (CLISandbox, String) {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        try Data("[dairy]\nmilk|whole milk\nbutter\ncheese\n\n[pasta]\npasta sheets\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/aisle.conf"))
        try Data("""
            [fridge]
            butter = { quantity = "50%g", expire = "2026-03-04" }
            eggs = { quantity = "6", expire = "2026-03-03" }
            [shelf]
            salt = { bought = "2026-01-05" }

            """.utf8).write(to: URL(fileURLWithPath: folder + "/pantry.conf"))
        return (cli, folder)
    }

    /// Bechamel (1 l milk, 50 g butter): butter held, 1 of 2. Lasagna for its own 6 uses half
    /// a Bechamel: 500 ml milk and 25 g butter, with 12 pasta sheets, 200 g cheese and salt:
    /// butter and salt held, 2 of 5. Soup: 200 g lentils, none held. The malformed recipe is
    /// named on standard error and the rest ranked.
    @Test func recipesAreRankedByWhatThePantryHolds() throws {
        let (cli, folder) = try Self.sandbox()
        let result = try cli.run(["recipes", "--recipes", folder, "--can-make"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            sauces/Bechamel  1/2  missing milk 1 l
            Lasagna          2/5  missing milk 500 ml, cheese 200 g, pasta sheets 12
            Soup             0/1  missing lentils 200 g

            """)
        #expect(result.stderr.hasPrefix("mealplan: warning: "))
        #expect(result.stderr.contains("Broken.cook"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        // --search narrows what is ranked.
        #expect(try cli.run(["recipes", "--recipes", folder, "--can-make", "--search", "las"]).stdoutLines.map { $0.prefix(7) } == ["Lasagna"])
    }

    /// For the household of 12 (the config file's servings), Lasagna is made twice over: 50 g
    /// of butter, all the pantry holds, so still held. Bechamel says no servings (only its
    /// yield), so it is made as written, as on the shopping list.
    @Test func theHouseholdsServingsAreWhatIsCooked() throws {
        let (cli, folder) = try Self.sandbox()
        let config = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("servings = 12\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        let result = try cli.run(["recipes", "--recipes", folder, "--can-make"], environment: ["XDG_CONFIG_HOME": cli.folder + "/config"])
        #expect(result.stdoutLines.filter { !$0.isEmpty } == [
            "sauces/Bechamel  1/2  missing milk 1 l",
            "Lasagna          2/5  missing milk 1 l, cheese 400 g, pasta sheets 24",
            "Soup             0/1  missing lentils 200 g",
        ])
    }

    /// Butter expires first (eggs sooner, but no recipe uses them): the recipes using it come
    /// first, each saying so; a date that is not one is reported with its line, not ranked.
    @Test func whatExpiresFirstIsUsedFirst() throws {
        let (cli, folder) = try Self.sandbox()
        let pantry = folder + "/pantry.conf"
        try (String(contentsOfFile: pantry, encoding: .utf8) + "[cellar]\nlentils = { expire = \"next week\" }\n")
            .write(toFile: pantry, atomically: true, encoding: .utf8)
        let result = try cli.run(["recipes", "--recipes", folder, "--use-first"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.filter { !$0.isEmpty } == [
            "sauces/Bechamel  1/2  uses butter, expires Wed 2026-03-04; missing milk 1 l",
            "Lasagna          2/5  uses butter, expires Wed 2026-03-04; missing milk 500 ml, cheese 200 g, pasta sheets 12",
            "Soup             1/1  all in the pantry",
        ])
        #expect(result.stderr.contains("mealplan: warning: \(pantry): line 7: 'lentils' expires on 'next week', which is not a date like 2026-12-01: not ranked by it\n"))
    }

    @Test func withoutAPantryItSaysWhereOneGoes() throws {
        let (cli, folder) = try RecipeCommandTests.sandbox()
        try cli.expectFailure(["recipes", "--recipes", folder, "--can-make"], status: 64, message:
            "--can-make needs a pantry: pantry.conf in '\(folder)' or its config/ folder, or 'pantry' in the config file")
    }
}
