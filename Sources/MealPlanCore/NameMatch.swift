import TextHelpers
/// How a typed name picks one of a list of names: the name written exactly so, else the only
/// name equal to it ignoring case, else the only name that starts with it (`din` is dinner,
/// `lasag` is the lasagna recipe). `Lasagne` beside `lasagne` picks the one written so.
public enum NameMatch: Equatable, Sendable {
    case found(Int)
    case none
    /// Several names start with the input: the matching names, in list order.
    case ambiguous([String])

    public init(_ input: String, among names: [String]) {
        let typed = input.trimmingWhitespace()
        if let exact = names.firstIndex(of: typed) {
            self = .found(exact)
            return
        }
        let wanted = typed.lowercased()
        let equal = names.indices.filter { names[$0].lowercased() == wanted }
        if equal.count == 1 {
            self = .found(equal[0])
            return
        }
        if equal.count > 1 {
            self = .ambiguous(equal.map { names[$0] })
            return
        }
        let candidates = names.indices.filter { !wanted.isEmpty && names[$0].lowercased().hasPrefix(wanted) }
        switch candidates.count {
        case 0: self = .none
        case 1: self = .found(candidates[0])
        default: self = .ambiguous(candidates.map { names[$0] })
        }
    }
}
