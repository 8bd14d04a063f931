import Foundation
import Glibc
import Testing
import TestSupport

/// A recipes folder is shared, synced and edited by other programs, and plans come from other
/// people's files. Each case builds the hostile folder (or file, or CSV), runs the commands it
/// once broke, and checks: the status, the one line on standard error, an end within a time
/// bound (the process is killed past it: a hang fails), and no file changed — the SHA-256 of
/// every file in the folder and of the database, and the folder's listing, links included.
@Suite struct HostileRecipesFolderTests {
    /// Far above what any of these commands needs, far below a hang (2^40 paths, a stream
    /// without end): a busy machine slows them, it does not make them take this long.
    static let bound: Duration = .seconds(20)

    let cli = CLISandbox()
    var recipes: String { cli.folder + "/recipes" }
    var outside: String { cli.folder + "/outside" }

    init() throws {
        for folder in [recipes, outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try write("bread.cook", "---\nservings: 2\n---\nMix @flour{200%g} and @water{100%ml}.\n")
        try write("secret.cook", "Eat @secret sauce{1%g}.\n", in: outside)
    }

    func write(_ name: String, _ text: String, in folder: String? = nil) throws {
        try write(name, Data(text.utf8), in: folder)
    }

    func write(_ name: String, _ bytes: Data, in folder: String? = nil) throws {
        let path = (folder ?? recipes) + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    func link(_ name: String, to target: String) {
        #expect(symlink(target, recipes + "/" + name) == 0)
    }

    /// The environment every run gets: the recipes folder, and a home with a config folder.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        cli.environment(["MEALPLAN_RECIPES": recipes, "XDG_CONFIG_HOME": cli.folder + "/config"].merging(extra) { $1 })
    }

    /// Every file under the sandbox (links not followed) with its type, link target, and for
    /// regular files the SHA-256: what must be the same before and after a refused command.
    func fingerprint() throws -> [String] {
        let find = Process()
        find.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        find.arguments = [cli.folder, "-path", cli.folder + "/io-*", "-prune", "-o", "-printf", "%P|%y|%l\n"]
        let listing = try RunResult(of: find, input: Data(), scratch: cli.folder).stdoutLines.sorted()
        let files = listing.compactMap { line -> String? in
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            return parts[1] == "f" ? cli.folder + "/" + parts[0] : nil
        }
        return listing + (try cli.sha256(of: files))
    }

    /// Runs `mealplan arguments…` killed after `bound`; the status, standard output and error.
    func run(_ arguments: [String], environment extra: [String: String] = [:],
             sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, stdout: String, stderr: String) {
        let out = cli.folder + "/io-out", err = cli.folder + "/io-err"
        let process = try KillableProcess(CLISandbox.binary.path, arguments, environment: environment(extra),
                                          standardOutput: out, standardError: err)
        let ending = process.wait(until: .now + Self.bound) ?? process.kill()
        let stdout = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        guard case .exited(let status) = ending else {
            Issue.record("\(arguments) did not end by itself within \(Self.bound): \(ending)", sourceLocation: sourceLocation)
            return (-1, stdout, stderr)
        }
        return (status, stdout, stderr)
    }

    /// A command that must fail with `status` and one line ending with `message` (the file's
    /// path before it varies), within the bound, changing no file.
    func expectRefusal(_ arguments: [String], status: Int32, message: String, environment extra: [String: String] = [:],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try fingerprint()
        let result = try run(arguments, environment: extra, sourceLocation: sourceLocation)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("mealplan: ") && result.stderr.hasSuffix(message + "\n"),
                "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try fingerprint() == before, "a file changed: \(arguments)", sourceLocation: sourceLocation)
    }

    /// A command that must succeed within the bound; its standard output and error.
    @discardableResult
    func expectSuccess(_ arguments: [String], environment extra: [String: String] = [:],
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> (stdout: String, stderr: String) {
        let result = try run(arguments, environment: extra, sourceLocation: sourceLocation)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return (result.stdout, result.stderr)
    }

    // MARK: - Names that lead out of the folder

    @Test func traversalNamesAreRefusedEverywhere() throws {
        try expectSuccess(["add", "2026-03-02", "lunch", "Soup"])
        let csv = cli.folder + "/plan.csv"
        for name in ["../outside/secret", "/etc/passwd", "a//b", "./bread", "bread/"] {
            try Data("date,slot,title,note,recipe,servings\n2026-03-03,lunch,Secret,,\(name),\n".utf8)
                .write(to: URL(fileURLWithPath: csv))
            let why = name.hasPrefix("/") ? "starts with '/': give its path inside the recipes folder"
                : name.contains("..") ? "has a '..' part: give its path inside the recipes folder"
                : name.hasPrefix("./") ? "has a '.' part: give its path inside the recipes folder"
                : "has an empty part: give its path inside the recipes folder"
            let refused = "the recipe name '\(name)' \(why)"
            try expectRefusal(["import", csv], status: 65, message: "line 2: \(refused)")
            try expectRefusal(["recipe", name], status: 65, message: refused)
            try expectRefusal(["add", "today", "dinner", "--recipe", name], status: 65, message: refused)
            try expectRefusal(["edit", "1", "--recipe", name], status: 65, message: refused)
            try expectRefusal(["repeat", "add", "today", "dinner", "--every", "week", "--recipe", name], status: 65, message: refused)
        }
    }

    /// A name another program stored in the database is refused when read, not followed.
    @Test(.requires(.sqlite3)) func aStoredTraversalNameIsNeverRead() throws {
        try expectSuccess(["add", "2026-03-02", "lunch", "Soup", "--recipe", "bread"])
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", cli.database, "UPDATE meal SET recipe = '../outside/secret'"]
        #expect(try RunResult(of: sqlite, input: Data(), scratch: cli.folder).status == 0)
        try expectRefusal(["shop"], status: 65,
                          message: "the recipe name '../outside/secret' has a '..' part: give its path inside the recipes folder")
    }

    /// A link inside the folder to a recipe outside it is neither listed nor read.
    @Test func aLinkLeadingOutOfTheFolderIsNotFollowed() throws {
        link("escape.cook", to: outside + "/secret.cook")
        link("away", to: outside)
        #expect(try expectSuccess(["recipes"]).stdout == "bread    2\n")
        try expectRefusal(["recipe", "escape"], status: 64, message: "unknown recipe 'escape' in '\(recipes)'")
        try expectRefusal(["recipe", "away/secret"], status: 64, message: "unknown recipe 'away/secret' in '\(recipes)'")
    }

    /// A file whose name holds a control character (an escape sequence, a tab) is no
    /// recipe name: listing the folder passes it over naming the file, and reading it is
    /// refused naming the file, its control characters shown as symbols, never raw.
    @Test func aFileNameWithAControlCharacterIsNamedEscaped() throws {
        let names = ["tea\u{1B}[31m", "two\tparts"]
        for name in names { try write(name + ".cook", "Steep @tea{1%tsp}.\n") }
        /// How the file is named on a terminal: each control character as its Control Picture.
        func shown(_ name: String) -> String {
            String(String.UnicodeScalarView((recipes + "/" + name + ".cook").unicodeScalars.map { scalar in
                scalar.value < 0x20 ? Unicode.Scalar(0x2400 + scalar.value)! : scalar
            }))
        }
        let refused = "the recipe name must be one line without control characters"
        let listed = try expectSuccess(["recipes"])
        #expect(listed.stdout == "bread    2\n")
        #expect(listed.stderr == names.sorted().map { "mealplan: warning: '\(shown($0))': \(refused)\n" }.joined())
        try expectRefusal(["recipe", "tea"], status: 65, message: "'\(shown(names[0]))': \(refused)")
        try expectRefusal(["recipe", "two"], status: 65, message: "'\(shown(names[1]))': \(refused)")
    }

    // MARK: - Loops of links

    @Test func loopingLinksCostOneWalk() throws {
        link("s1", to: ".")
        link("s2", to: ".")
        link("self", to: ".")
        try FileManager.default.createDirectory(atPath: recipes + "/a/b", withIntermediateDirectories: true)
        link("a/b/up", to: "../..")
        #expect(try expectSuccess(["recipes"]).stdout == "bread    2\n", "listed once")
        #expect(try expectSuccess(["recipe", "bread"]).stdout.hasPrefix("bread\nserves 2\n"))
        try expectSuccess(["add", "today", "dinner", "--recipe", "bre"])
        #expect(try expectSuccess(["shop"]).stdout.contains("flour  200 g"))
    }

    @Test func foldersDeeperThanTheCapArePassedOverWithAWarning() throws {
        let deep = (0..<20).map { "d\($0)" }.joined(separator: "/")
        try write(deep + "/deep.cook", "@salt{1%g}\n")
        let result = try expectSuccess(["recipes"])
        #expect(result.stdout == "bread    2\n")
        #expect(result.stderr.contains("folders nest deeper than 16 levels"))
    }

    // MARK: - Files that are not files

    @Test func devicesFIFOsAndHugeFilesAreRefused() throws {
        try expectSuccess(["add", "today", "lunch", "Zero", "--recipe", "bread"])
        #expect(mkfifo(recipes + "/fifo.cook", 0o600) == 0)
        try write("huge.cook", Data(repeating: UInt8(ascii: "a"), count: 2_000_000))
        try FileManager.default.removeItem(atPath: recipes + "/bread.cook")
        link("bread.cook", to: "/dev/zero")
        // Neither the FIFO nor the link to a device is a recipe; the huge file is, and is refused.
        let listed = try run(["recipes"])
        #expect(listed.stdout == "no recipes in '\(recipes)'\n")
        #expect(listed.stderr == "mealplan: warning: '\(recipes)/huge.cook' is larger than 1 MB\n")
        try expectRefusal(["recipe", "huge"], status: 65, message: "'\(recipes)/huge.cook' is larger than 1 MB")
        try expectRefusal(["shop"], status: 65, message: "'\(recipes)/bread.cook' leads out of the recipes folder '\(recipes)'")
        try FileManager.default.removeItem(atPath: recipes + "/bread.cook")
        #expect(rename(recipes + "/fifo.cook", recipes + "/bread.cook") == 0)
        try expectRefusal(["shop"], status: 65, message: "'\(recipes)/bread.cook' is not a regular file")
    }

    @Test func settingsFilesThatAreNotFilesAreRefused() throws {
        try expectSuccess(["add", "today", "lunch", "Bread", "--recipe", "bread"])
        #expect(mkfifo(cli.folder + "/aisle.conf", 0o600) == 0)
        try expectRefusal(["shop", "--aisles", cli.folder + "/aisle.conf"], status: 65,
                          message: "'\(cli.folder)/aisle.conf' is not a regular file")
        try expectRefusal(["shop", "--pantry", "/dev/zero"], status: 65, message: "'/dev/zero' is not a regular file")
        try write("pantry.conf", Data(repeating: UInt8(ascii: "#"), count: 1_048_577), in: cli.folder)
        try expectRefusal(["shop", "--pantry", cli.folder + "/pantry.conf"], status: 65,
                          message: "'\(cli.folder)/pantry.conf' is larger than 1 MB")
        try write("mealplan/config.toml", Data(repeating: UInt8(ascii: "#"), count: 1_048_577), in: cli.folder + "/config")
        try expectRefusal(["recipes"], status: 78, message: "'\(cli.folder)/config/mealplan/config.toml' is larger than 1 MB",
                          environment: ["MEALPLAN_RECIPES": ""])
    }

    // MARK: - Absurd amounts

    @Test func absurdAmountsAreRefusedWithTheirPlace() throws {
        try write("huge.cook", "Mix @flour{99999999999999999999%g}.\n")
        try write("inf.cook", "Mix @flour{\(String(repeating: "9", count: 400))%g}.\n")
        try expectRefusal(["recipe", "huge"], status: 65,
                          message: "\(recipes)/huge.cook:1:12: the amount '99999999999999999999' is too large (at most 1000000000)")
        try expectRefusal(["recipe", "inf", "--format", "json"], status: 65,
                          message: "\(recipes)/inf.cook:1:12: the amount '\(String(repeating: "9", count: 39))…' is too large (at most 1000000000)")
    }

    /// The largest amount, scaled by the most servings, through sub-recipes: refused by the
    /// list, printed by `recipe` without trapping.
    @Test func scaledAmountsNeverTrap() throws {
        try write("big.cook", "---\nservings: 1\n---\nMix @flour{1000000000%g} and @./mid{1000000000}.\n")
        try write("mid.cook", "Mix @./leaf{1000000000}.\n")
        try write("leaf.cook", "Mix @sugar{1000000000%g}.\n")
        let served = try expectSuccess(["recipe", "big", "--servings", "10000", "--format", "json"]).stdout
        let json = try JSONSerialization.jsonObject(with: Data(served.utf8)) as? [String: Any]
        #expect((json?["servings"] as? Double) == 10_000)
        try expectSuccess(["add", "today", "dinner", "--recipe", "big", "--servings", "10000"])
        try expectRefusal(["shop"], status: 65,
                          message: "'big': the amount of 'sugar' for the servings planned is too large (over 10^15)")
    }

    // MARK: - Deep nesting

    @Test func deeplyNestedSettingsAreRefused() throws {
        try expectSuccess(["add", "today", "lunch", "Bread", "--recipe", "bread"])
        let nested = "a = " + String(repeating: "[", count: 50_000) + "\n"
        try write("pantry.conf", "[shelf]\n" + nested, in: cli.folder)
        try expectRefusal(["shop", "--pantry", cli.folder + "/pantry.conf"], status: 78,
                          message: "line 2: key 'a': arrays and tables nest deeper than 16 levels")
        try write("mealplan/config.toml", nested, in: cli.folder + "/config")
        try expectRefusal(["recipes"], status: 78, message: "line 1: key 'a': arrays and tables nest deeper than 16 levels",
                          environment: ["MEALPLAN_RECIPES": ""])
    }

    @Test func aLongChainOfSubRecipesIsRefused() throws {
        for level in 0..<200 { try write("r\(level).cook", "Use @./r\(level + 1){1} and @salt{1%g}.\n") }
        try write("r200.cook", "@salt{1%g}\n")
        try expectSuccess(["add", "today", "lunch", "Chain", "--recipe", "r0"])
        try expectRefusal(["shop"], status: 65, message: "'r0': sub-recipes nest deeper than 64 levels (at 'r64')")
    }

    /// Each level uses the next twice: 2^40 paths, one pass per recipe.
    @Test func subRecipesUsedTwiceAtEveryLevelAreGatheredOnce() throws {
        for level in 0..<40 { try write("t\(level).cook", "Use @./t\(level + 1){1} and @./t\(level + 1){1}.\n") }
        try write("t40.cook", "@salt{1%g}\n")
        try expectSuccess(["add", "today", "lunch", "Tree", "--recipe", "t0"])
        // 2^40 g of salt is over 10^12 g: within bounds. 1099511627776 g is 1099511627.776 kg,
        // to three significant digits, up, 1100000000 kg.
        #expect(try expectSuccess(["shop"]).stdout.contains("salt  1100000000 kg"))
    }

    // MARK: - Smaller wrong results

    @Test(.requires(.unprivilegedUser))
    func anUnreadableSubfolderIsPassedOverWithOneWarning() throws {
        try write("lost+found/x.cook", "@x\n")
        if geteuid() == 0 { try cli.runAsNobody() }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: recipes + "/lost+found")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: recipes + "/lost+found") }
        let listed = try cli.run(["recipes"], environment: ["MEALPLAN_RECIPES": recipes])
        #expect(listed.status == 0)
        #expect(listed.stdout == "bread    2\n")
        #expect(listed.stderr == "mealplan: warning: skipped folder '\(recipes)/lost+found': Permission denied\n")
    }

    @Test func theNameWrittenExactlyWinsOverItsCaseTwin() throws {
        try write("Lasagne.cook", "---\ntitle: Big\n---\n@pasta{1}\n")
        try write("lasagne.cook", "---\ntitle: small\n---\n@pasta{1}\n")
        #expect(try expectSuccess(["recipe", "Lasagne"]).stdout.hasPrefix("Big\n"))
        #expect(try expectSuccess(["recipe", "lasagne"]).stdout.hasPrefix("small\n"))
        try expectRefusal(["recipe", "LASAGNE"], status: 64, message: "'LASAGNE' could mean Lasagne, lasagne; type more letters")
    }

    @Test func bytesThatAreNotUTF8AreRefusedNamingTheLine() throws {
        try write("latin.cook", Data("Step one.\n\nAdd @salt".utf8) + Data([0xE9]) + Data("{1%g}.\n".utf8))
        try expectRefusal(["recipe", "latin"], status: 65, message: "'\(recipes)/latin.cook': line 3 is not UTF-8 text")
        try write("mealplan/config.toml", Data("recipes = \"caf".utf8) + Data([0xE9]) + Data("\"\n".utf8), in: cli.folder + "/config")
        try expectRefusal(["recipes"], status: 78, message: "'\(cli.folder)/config/mealplan/config.toml': line 1 is not UTF-8 text",
                          environment: ["MEALPLAN_RECIPES": ""])
    }

    /// A byte-order mark is UTF-8's own: the file is read as if it were not there.
    @Test func aByteOrderMarkIsPassedOver() throws {
        try write("mealplan/config.toml", Data([0xEF, 0xBB, 0xBF]) + Data("recipes = \"\(recipes)\"\n".utf8), in: cli.folder + "/config")
        #expect(try expectSuccess(["recipes"], environment: ["MEALPLAN_RECIPES": ""]).stdout == "bread    2\n")
    }

    @Test func keysDifferingOnlyInCaseAreRefused() throws {
        try expectSuccess(["add", "today", "lunch", "Bread", "--recipe", "bread"])
        try write("mealplan/config.toml", "[slot-times]\ndinner = \"19:00\"\nDinner = \"20:00\"\n", in: cli.folder + "/config")
        try expectRefusal(["export", "--format", "ics"], status: 78,
                          message: "line 3: key 'Dinner' is given twice (keys are read in any case)")
        try FileManager.default.removeItem(atPath: cli.folder + "/config/mealplan/config.toml")
        try write("pantry.conf", "[shelf]\nflour = { quantity = \"1%kg\", Quantity = \"2%kg\" }\n", in: cli.folder)
        try expectRefusal(["shop", "--pantry", cli.folder + "/pantry.conf"], status: 78,
                          message: "line 2: key 'flour.Quantity' is given twice (keys are read in any case)")
    }

    @Test func fiftyThousandPantryKeysAreReadInBoundedTime() throws {
        try expectSuccess(["add", "today", "lunch", "Bread", "--recipe", "bread"])
        let keys = (0..<50_000).map { "item\($0) = \"1%g\"" }.joined(separator: "\n")
        try write("pantry.conf", "[shelf]\nflour = \"50%g\"\n" + keys + "\n", in: cli.folder)
        let started = ContinuousClock.now
        #expect(try expectSuccess(["shop", "--pantry", cli.folder + "/pantry.conf"]).stdout.contains("flour  150 g"))
        #expect(ContinuousClock.now - started < Self.bound)
    }

    @Test func anUnknownNameGetsASuggestionAndAnEmptySearchSaysSo() throws {
        try expectRefusal(["recipe", "braed"], status: 64, message: "unknown recipe 'braed' in '\(recipes)'; did you mean bread?")
        try expectRefusal(["add", "today", "lunch", "--recipe", "bred"], status: 64,
                          message: "unknown recipe 'bred' in '\(recipes)'; did you mean bread?")
        #expect(try expectSuccess(["recipes", "--search", "xyz"]).stdout == "no recipe matches 'xyz'\n")
    }
}
