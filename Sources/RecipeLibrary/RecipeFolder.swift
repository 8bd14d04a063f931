#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Cooklang
import MealPlanCore
import ShoppingList
import TextHelpers

/// The household's folder of Cooklang recipes: the one place that reads recipe files. A
/// recipe's name is its path inside the folder without `.cook` (`sauces/Hollandaise`).
/// mealplan reads these files and never writes them.
public struct RecipeFolder: RecipeBook, Sendable {
    public let root: String
    /// The folder's path with every link followed, worked out once: each recipe read is
    /// checked against it.
    private let realRoot: String?

    /// The folder at `root`, which must exist.
    public init(root: String) throws(RecipeFolderError) {
        var status = stat()
        guard stat(root, &status) == 0 else {
            throw RecipeFolderError("recipes folder '\(root)': \(systemErrorText(errno))", status: .noInput)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw RecipeFolderError("recipes folder '\(root)' is not a folder", status: .noInput)
        }
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        realRoot = Self.realPath(self.root)
    }

    /// Every recipe's name, sorted; hidden files and folders are passed over. The folder is
    /// walked once, each folder at most once whatever links lead to it (by device and inode),
    /// no deeper than `maximumDepth` and no further than `maximumEntries`, and never out of the
    /// folder through a link: a looping or huge folder costs a bounded time. A subfolder that
    /// cannot be read is passed over and named in `warn`, as is a walk cut short.
    public func names(warn: (String) -> Void = { _ in }) throws(RecipeFolderError) -> [String] {
        try walk(warn: warn).names
    }

    /// Every recipe of the folder, in the order of `names`, read whole or (`frontMatterOnly`,
    /// for a listing) only for what it says about itself, its steps not read
    /// (`CooklangParser.metadata(of:)`); a recipe that cannot be read or
    /// parsed comes with its error. The walk has seen which files no link leads to: those are
    /// opened without following a link (a file made a link since is refused), and their path
    /// is not resolved again with `realpath`, which costs a system call per part of it.
    public func everyRecipe(
        frontMatterOnly: Bool, warn: (String) -> Void = { _ in }
    ) throws(RecipeFolderError) -> [(name: String, recipe: Result<Recipe, RecipeLookupError>)] {
        let walk = try walk(warn: warn)
        return walk.names.map { name in
            (name, Result { () throws(RecipeLookupError) in
                try read(name, with: { text throws(CooklangError) in
                    try frontMatterOnly ? CooklangParser.metadata(of: text) : CooklangParser.parse(text)
                }, isUnlinked: walk.unlinked.contains(name))
            })
        }
    }

    /// The folder walked, its names sorted, and which of them no link leads to.
    private func walk(warn: (String) -> Void) throws(RecipeFolderError) -> (names: [String], unlinked: Set<String>) {
        var walk = FolderWalk(root: root)
        try walk.run(warn: warn)
        // Each name lowered once, not twice per comparison: a thousand names cost a thousand
        // lowerings rather than twenty thousand.
        return (walk.names.map { ($0.lowercased(), $0) }.sorted { $0 < $1 }.map(\.1), walk.unlinked)
    }

    /// How deep folders may nest inside the recipes folder.
    public static let maximumDepth = 16
    /// How many folder entries one walk looks at, at most.
    public static let maximumEntries = 200_000

    /// The recipe `typed` names: its name in any case, or the start of one name only; failing
    /// that, the same with the file names alone, so `lasagna` finds `mains/Lasagna`.
    public func resolve(_ typed: String, warn: (String) -> Void = { _ in }) throws(RecipeFolderError) -> String {
        try Self.checkName(typed)
        let names = try names(warn: warn)
        var match = NameMatch(typed, among: names)
        if case .none = match, !typed.contains("/") {
            match = Self.matchByFileName(typed, among: names)
        }
        switch match {
        case .found(let index): return names[index]
        case .none:
            let fileNames = names.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            let guess = NameSuggestion.closest(to: typed, among: names)
                ?? NameSuggestion.closest(to: typed, among: fileNames).flatMap { fileNames.firstIndex(of: $0).map { names[$0] } }
            throw RecipeFolderError(NameLookupError(.recipe, typed: typed, problem: .unknown(suggestion: guess), place: "in '\(root)'"))
        case .ambiguous(let candidates):
            throw RecipeFolderError(NameLookupError(.recipe, typed: typed, problem: .ambiguous(candidates)))
        }
    }

    /// `typed` matched against the file names alone (`Lasagna` of `mains/Lasagna`); two
    /// recipes of one file name in different folders are ambiguous, named in full.
    private static func matchByFileName(_ typed: String, among names: [String]) -> NameMatch {
        let fileNames = names.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let matched: [Int]
        switch NameMatch(typed, among: fileNames) {
        case .none: return .none
        case .found(let index): matched = fileNames.indices.filter { fileNames[$0].lowercased() == fileNames[index].lowercased() }
        case .ambiguous(let candidates): matched = fileNames.indices.filter { candidates.contains(fileNames[$0]) }
        }
        return matched.count == 1 ? .found(matched[0]) : .ambiguous(matched.map { names[$0] })
    }

    /// The path of the recipe called `name`.
    public func path(of name: String) -> String { root + "/" + name + ".cook" }

    /// Refuses a name that could lead out of the folder: a `..` or `.` part, a leading `/`, an
    /// empty part (`a//b`). Names come from the folder, the command line, imported plans and
    /// references inside recipes; none of them may read a file elsewhere.
    public static func checkName(_ name: String) throws(RecipeFolderError) {
        do {
            _ = try Meal.validRecipeName(name)
        } catch {
            throw RecipeFolderError(error.message, status: .badData)
        }
    }

    /// `checkName` for the file of the recipe called `name`, naming the file when refused: a
    /// name read from the folder (one holding a control character, say) is a file's, and the
    /// file is what to rename. The message is escaped where it is shown, as all user text.
    private func checkFileName(_ name: String) throws(RecipeFolderError) {
        do {
            try Self.checkName(name)
        } catch {
            throw RecipeFolderError("'\(path(of: name))': \(error.userMessage)", status: error.exitStatus)
        }
    }

    /// The file of the recipe called `name` when it is inside the folder once links are
    /// followed; `nil` when there is no such file.
    func checkedPath(of name: String) throws(RecipeFolderError) -> String {
        try checkFileName(name)
        let path = path(of: name)
        guard let real = Self.realPath(path) else {
            let error = errno
            throw RecipeFolderError("cannot read '\(path)': \(systemErrorText(error))",
                                    status: error == ENOENT ? .noInput : .ioError, isMissing: error == ENOENT || error == ENOTDIR)
        }
        guard let realRoot = realRoot ?? Self.realPath(root), real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
            throw RecipeFolderError("'\(path)' leads out of the recipes folder '\(root)'", status: .badData)
        }
        return path
    }

    /// `path` with every link followed, or `nil` (errno set).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The recipe called `name`, parsed; a malformed file's error names it with line and column.
    public func recipe(named name: String) throws(RecipeLookupError) -> Recipe {
        try read(name, with: CooklangParser.parse)
    }

    /// The recipe called `name`, its text read by `parse`; errors name the file. `isUnlinked`:
    /// the walk found no link on its path, so it is read without following one rather than
    /// checked with `realpath`.
    private func read(
        _ name: String, with parse: (String) throws(CooklangError) -> Recipe, isUnlinked: Bool = false
    ) throws(RecipeLookupError) -> Recipe {
        let text: String
        let path: String
        do {
            if isUnlinked {
                try checkFileName(name)
                path = self.path(of: name)
            } else {
                path = try checkedPath(of: name)
            }
            text = try TextFile.contents(of: path, followingLinks: !isUnlinked)
        } catch {
            throw RecipeLookupError(error.userMessage, isMissing: error.isMissing)
        }
        do {
            return try parse(text)
        } catch {
            throw RecipeLookupError("\(path):\(error)")
        }
    }
}

/// Why the recipes folder or a recipe in it could not be used.
public struct RecipeFolderError: UserFacingError, Equatable, Sendable, CustomStringConvertible {
    public let userMessage: String
    public let exitStatus: ExitStatus
    /// The file or folder does not exist (as opposed to being unreadable).
    public let isMissing: Bool

    /// A recipe's name that picks no recipe, or several.
    init(_ lookup: NameLookupError) {
        self.init(lookup.userMessage, status: lookup.exitStatus)
    }

    public init(_ message: String, status: ExitStatus = .usage, isMissing: Bool = false) {
        userMessage = message
        exitStatus = status
        self.isMissing = isMissing
    }

    public var description: String { userMessage }
}

/// A recipe chosen for a meal: its name in the folder and what the file says.
public struct ChosenRecipe: Sendable {
    public let name: String
    public let recipe: Recipe

    public init(name: String, recipe: Recipe) {
        self.name = name
        self.recipe = recipe
    }

    /// The title a meal gets when none is typed: the recipe's own, else the file's name.
    public var mealTitle: String {
        recipe.title.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0.trimmingWhitespace() }
            ?? String(name.split(separator: "/").last ?? Substring(name))
    }

    /// The servings a meal gets when none are typed: what the recipe makes, if it says so in
    /// a number a meal can have.
    public var mealServings: Double? { recipe.servings.flatMap { try? Meal.validServings($0) } }

    /// The servings a new meal with this recipe gets: the household's size (the config file's
    /// `servings`) when set, else what the recipe makes.
    public func mealServings(household: Double?) -> Double? { household ?? mealServings }
}

extension RecipeFolder {
    /// The recipe `typed` names (any case, a unique prefix), read and parsed: what a meal links
    /// to. An unknown name, or a file that cannot be read or parsed, is refused with its reason.
    public func choose(_ typed: String, warn: (String) -> Void = { _ in }) throws(RecipeFolderError) -> ChosenRecipe {
        let name = try resolve(typed, warn: warn)
        do {
            return ChosenRecipe(name: name, recipe: try recipe(named: name))
        } catch {
            throw RecipeFolderError(error.message, status: error.isMissing ? .noInput : .badData, isMissing: error.isMissing)
        }
    }

    /// Whether a recipe file called exactly `name` is in the folder (for the "recipe missing"
    /// mark: a meal keeps its recipe's name when the file goes).
    public func contains(_ name: String) -> Bool {
        guard let path = try? checkedPath(of: name) else { return false }
        return TextFile.isRegularFile(path)
    }
}
