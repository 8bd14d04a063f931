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

    /// The recipe `typed` names: its name in any case, or the start of one name only.
    public func resolve(_ typed: String) throws(RecipeFolderError) -> String {
        let names = try names()
        switch NameMatch(typed, among: names) {
        case .found(let index): return names[index]
        case .none: throw RecipeFolderError("no recipe '\(typed.messageExcerpt)' in '\(root)'")
        case .ambiguous(let candidates):
            let shown = candidates.prefix(5).joined(separator: ", ") + (candidates.count > 5 ? ", …" : "")
            throw RecipeFolderError("'\(typed.messageExcerpt)' could mean \(shown); type more letters")
        }
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
