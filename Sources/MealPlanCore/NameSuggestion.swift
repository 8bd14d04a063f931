/// The "did you mean …" of an unknown name: the known name closest to what was typed.
public enum NameSuggestion {
    /// The name of `names` that `typed` most likely misspells (one letter typed wrong, missing,
    /// extra or swapped, or two when the first letter is right, ignoring case: "brunch" is not
    /// taken for "lunch"), else the only one it begins; `nil` when none is close.
    public static func closest(to typed: String, among names: [String]) -> String? {
        let wanted = Array(typed.lowercased())
        guard !wanted.isEmpty else { return nil }
        let scored = names.map { name in
            let candidate = Array(name.lowercased())
            let allowed = candidate.first == wanted.first ? min(2, wanted.count - 1) : min(1, wanted.count - 1)
            return (name: name, distance: editDistance(wanted, candidate), allowed: allowed)
        }
        if let best = scored.filter({ $0.distance <= $0.allowed }).min(by: { $0.distance < $1.distance }) {
            return best.name
        }
        let extended = names.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
        return extended.count == 1 ? extended[0] : nil
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
