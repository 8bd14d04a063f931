#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Cooklang
import MealPlanCore
import ShoppingList

/// The household's folder of Cooklang recipes: the one place that reads recipe files. A
/// recipe's name is its path inside the folder without `.cook` (`sauces/Hollandaise`).
/// mealplan reads these files and never writes them.
public struct RecipeFolder: RecipeBook, Sendable {
    public let root: String

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
    }

    /// Every recipe's name, sorted; hidden files and folders are passed over.
    public func names() throws(RecipeFolderError) -> [String] {
        var names: [String] = []
        try collect(relative: "", into: &names)
        return names.sorted { $0.lowercased() < $1.lowercased() }
    }

    private func collect(relative: String, into names: inout [String]) throws(RecipeFolderError) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(folder) else {
            throw RecipeFolderError("cannot read folder '\(folder)': \(systemErrorText(errno))", status: .ioError)
        }
        defer { closedir(directory) }
        var entries: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { entries.append(name) }
        }
        for name in entries {
            let path = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard stat(root + "/" + path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                try collect(relative: path, into: &names)
            } else if name.hasSuffix(".cook") {
                names.append(String(path.dropLast(5)))
            }
        }
    }

    /// The recipe `typed` names: its name in any case, or the start of one name only; failing
    /// that, the same with the file names alone, so `lasagna` finds `mains/Lasagna`.
    public func resolve(_ typed: String) throws(RecipeFolderError) -> String {
        let names = try names()
        var match = NameMatch(typed, among: names)
        if case .none = match, !typed.contains("/") {
            match = Self.matchByFileName(typed, among: names)
        }
        switch match {
        case .found(let index): return names[index]
        case .none: throw RecipeFolderError("no recipe '\(typed.messageExcerpt)' in '\(root)'")
        case .ambiguous(let candidates):
            let shown = candidates.prefix(5).joined(separator: ", ") + (candidates.count > 5 ? ", …" : "")
            throw RecipeFolderError("'\(typed.messageExcerpt)' could mean \(shown); type more letters")
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

    /// The recipe called `name`, parsed; a malformed file's error names it with line and column.
    public func recipe(named name: String) throws(RecipeLookupError) -> Recipe {
        let path = path(of: name)
        let text: String
        do {
            text = try TextFile.contents(of: path)
        } catch {
            throw RecipeLookupError(error.userMessage, isMissing: error.isMissing)
        }
        do {
            return try CooklangParser.parse(text)
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

    /// The title a meal gets when none is typed: the recipe's own, else the file's name.
    public var mealTitle: String {
        recipe.title.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0.trimmingWhitespace() }
            ?? String(name.split(separator: "/").last ?? Substring(name))
    }

    /// The servings a meal gets when none are typed: what the recipe makes, if it says so in
    /// a number a meal can have.
    public var mealServings: Double? { recipe.servings.flatMap { try? Meal.validServings($0) } }
}

extension RecipeFolder {
    /// The recipe `typed` names (any case, a unique prefix), read and parsed: what a meal links
    /// to. An unknown name, or a file that cannot be read or parsed, is refused with its reason.
    public func choose(_ typed: String) throws(RecipeFolderError) -> ChosenRecipe {
        let name = try resolve(typed)
        do {
            return ChosenRecipe(name: name, recipe: try recipe(named: name))
        } catch {
            throw RecipeFolderError(error.message, status: error.isMissing ? .noInput : .badData, isMissing: error.isMissing)
        }
    }

    /// Whether a recipe file called exactly `name` is in the folder (for the "recipe missing"
    /// mark: a meal keeps its recipe's name when the file goes).
    public func contains(_ name: String) -> Bool {
        TextFile.isRegularFile(path(of: name))
    }
}
