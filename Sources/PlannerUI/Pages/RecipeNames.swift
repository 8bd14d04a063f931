/// The recipes folder's names as Tab in a title completes them. Each name and its file name
/// (`Lasagne` of `mains/Lasagne`) is lowered once, when the names arrive, rather than on every
/// Tab: a folder of a thousand recipes then costs a Tab a comparison per name, not two
/// lowerings.
public struct RecipeNames: Hashable, Sendable {
    public let names: [String]
    /// Each name's lowered full name and lowered file name, in the order of `names`.
    private let keys: [(name: String, file: String)]
    /// Every lowered full name and file name, to tell a past title that names a recipe.
    private let lowered: Set<String>

    public init(_ names: [String]) {
        self.names = names
        keys = names.map { name in
            let key = name.lowercased()
            return (key, String(key.split(separator: "/").last ?? Substring(key)))
        }
        lowered = Set(keys.flatMap { [$0.name, $0.file] })
    }

    public static func == (left: RecipeNames, right: RecipeNames) -> Bool { left.names == right.names }

    /// The names say all the rest.
    public func hash(into hasher: inout Hasher) { hasher.combine(names) }

    /// The names that start with `prefix` (ignoring case), or whose file name does (`las` finds
    /// `mains/Lasagne`), in the folder's order.
    public func matching(_ prefix: String) -> [String] {
        let wanted = prefix.lowercased()
        if wanted.isEmpty { return names }
        return names.indices.filter { keys[$0].name.hasPrefix(wanted) || keys[$0].file.hasPrefix(wanted) }.map { names[$0] }
    }

    /// Whether `title` is, in any case, the full or file name of one of the recipes.
    public func contains(title: String) -> Bool {
        lowered.contains(title.lowercased())
    }
}
