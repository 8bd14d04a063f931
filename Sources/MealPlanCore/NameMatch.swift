/// How a typed name picks one of a list of names: an exact match ignoring case, else the only
/// name that starts with it (`din` is dinner, `lasag` is the lasagna recipe).
public enum NameMatch: Equatable, Sendable {
    case found(Int)
    case none
    /// Several names start with the input: the matching names, in list order.
    case ambiguous([String])

    public init(_ input: String, among names: [String]) {
        let wanted = input.trimmingWhitespace().lowercased()
        if let exact = names.firstIndex(where: { $0.lowercased() == wanted }) {
            self = .found(exact)
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
