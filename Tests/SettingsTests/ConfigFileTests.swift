import MealPlanCore
import Settings
import Testing
import TestSupport

/// config.toml read as the modules that use it read it: the keys and tables every command
/// needs at load, any other table by the module that asks for it, every mistake one line
/// naming the file, the line and the key.
@Suite struct ConfigFileTests {
    static let path = "/home/cook/.config/mealplan/config.toml"

    /// A table as another module would define it: `[sync]` is one of the tables the file may
    /// have, so a test may read it as its own.
    struct Window: ConfigSection {
        static let table = SyncSettings.table
        static let keys = ["from", "vdir", "slot", "command", "timeout"]
        var from: String?
        var lines: [Int] = []

        mutating func read(_ entry: ConfigEntry) throws(ConfigFileError) {
            lines.append(entry.line)
            if entry.key == "from" { from = try entry.text() }
        }
    }

    func parse(_ text: String) throws(ConfigFileError) -> ConfigFile {
        try ConfigFile.parse(text, path: Self.path, home: "/home/cook")
    }

    func mistake(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func pathsCountFromTheHomeFolderOrTheFilesFolder() throws {
        let config = try parse("recipes = \"~/recipes\"\naisles = \"aisle.conf\"\npantry = \"/srv/pantry.conf\"\n[shop]\ntasks-vdir = \"../tasks\"\n")
        #expect(config.path == Self.path)
        #expect(config.recipes == "/home/cook/recipes")
        #expect(config.aisles == "/home/cook/.config/mealplan/aisle.conf")
        #expect(config.pantry == "/srv/pantry.conf")
        #expect(config.shop.tasksVdir == "/home/cook/.config/mealplan/../tasks")
    }

    @Test func topLevelValuesAndTheTablesEveryCommandNeeds() throws {
        let config = try parse("""
            servings = 2.5
            week-start = "Sat"
            units = "US"
            [densities]
            butter = 0.96
            flour = "125 g/cup"
            [slot-times]
            dinner = "19:00"
            [sync]
            timeout = 30
            command = "vdirsyncer sync"
            """)
        #expect(config.servings == 2.5)
        #expect(config.weekStart == .saturday)
        #expect(config.units.system == .us)
        #expect(config.densities.entries.map(\.name) == ["butter", "flour"])
        #expect(config.units.densities.density(of: "Butter") == 0.96)
        #expect(config.slotTimes.entries.map(\.line) == [8])
        #expect(try config.slotTimes.times(of: MealSlot.defaults) == ["dinner": TimeOfDay("19:00")!])
        #expect(config.sync.timeLimit == 30 && config.sync.command == "vdirsyncer sync")
    }

    /// Another module's table: its lines in file order, as the file has them; without the
    /// table, the section as it starts.
    @Test func aTableIsReadByTheModuleThatAsksForIt() throws {
        let config = try parse("servings = 4\n[sync]\nvdir = \"v\"\nfrom = \"-90\"\n")
        let window = try config.section(Window.self)
        #expect(window.from == "-90" && window.lines == [3, 4])
        #expect(try parse("servings = 4\n").section(Window.self).lines.isEmpty)
        #expect(try ConfigFile().section(Window.self).from == nil)
    }

    @Test(arguments: [
        ("servings = \"four\"\n", "line 1: key 'servings' must be a number, like 4"),
        ("units = \"imperial\"\n", "line 1: key 'units' must be \"metric\" or \"us\""),
        ("recipes = \"\"\n", "line 1: key 'recipes' must be a path in quotes"),
        ("recipes = \"  \"\n", "line 1: key 'recipes' must be a path in quotes"),
        ("# a comment\nrecipe = \"x\"\n",
         "line 2: key 'recipe' is unknown; the keys are recipes, aisles, pantry, servings, week-start, units, and the tables [slot-times], [densities], [shop], [sync]"),
        ("[colours]\nmeal = \"red\"\n", "line 2: table [colours] is unknown; the tables are [slot-times], [densities], [shop], [sync]"),
        ("[sync.extra]\nvdir = \"x\"\n", "line 2: table [sync.extra] is unknown; the tables are [slot-times], [densities], [shop], [sync]"),
        ("[shop]\nfolder = \"x\"\n", "line 2: key 'shop.folder' is unknown; [shop] takes tasks-vdir"),
        ("[sync]\ntimeout = 0\n", "line 2: key 'sync.timeout' must be a whole number of seconds from 1 to 86400"),
        ("[sync]\ncommand = 3\n", "line 2: key 'sync.command' must be text in quotes"),
        ("[densities]\nbutter = 0\n",
         "line 2: key 'densities.butter' must be grams per millilitre above 0 and below 100, like 0.96, or a mass per volume in quotes, like \"125 g/cup\""),
        ("[slot-times]\ndinner = \"7pm\"\n", "line 2: key 'slot-times.dinner' must be a time in quotes, like \"19:00\""),
        ("x = [1,\n", "line 1: "),
    ])
    func everyMistakeIsOneLineNamingTheFileLineAndKey(text: String, expected: String) {
        let message = mistake(text)
        #expect(message?.hasPrefix("config file '\(Self.path)': " + expected) == true, "\(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }

    @Test func aSlotThePlanDoesNotHaveIsReportedOnItsLine() throws {
        let config = try parse("\n[slot-times]\nbrunch = \"11:00\"\n")
        #expect(throws: ConfigFileError.self) { try config.slotTimes.times(of: MealSlot.defaults) }
        do {
            _ = try config.slotTimes.times(of: MealSlot.defaults)
        } catch {
            #expect(error.message.hasPrefix("config file '\(Self.path)': line 3: [slot-times] "))
        }
    }

    @Test func theFileIsFoundByTheEnvironment() {
        #expect(ConfigFile.location(in: Environment(variables: ["HOME": "/h"])) == "/h/.config/mealplan/config.toml")
        #expect(ConfigFile.location(in: Environment(variables: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"])) == "/x/mealplan/config.toml")
        #expect(ConfigFile.location(in: Environment(variables: ["HOME": "relative"])) == nil)
    }
}
