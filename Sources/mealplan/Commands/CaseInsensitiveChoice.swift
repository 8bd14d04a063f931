import ArgumentParser

/// A choice among fixed lower-case names (`--format csv`) that accepts any case (`CSV`).
protocol CaseInsensitiveChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension CaseInsensitiveChoice {
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
