extension StringProtocol {
    /// This text as it is quoted inside a one-line message: at most 40 characters, cut with
    /// "…", so that a runaway value (a field of megabytes in an imported file) names itself
    /// without flooding the terminal.
    public var messageExcerpt: String {
        let limit = 40
        guard let cut = index(startIndex, offsetBy: limit, limitedBy: endIndex), cut != endIndex else { return String(self) }
        return String(self[..<index(before: cut)]) + "…"
    }
}
