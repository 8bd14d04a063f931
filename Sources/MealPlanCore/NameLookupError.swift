import TextHelpers
/// Why a typed name picked none of a list of names, whatever they name (slots, templates,
/// recipes, commands): one message for all, so that every "unknown", "did you mean" and
/// "could mean" reads alike and cuts its list of names alike.
public struct NameLookupError: UserFacingError, Equatable, Sendable, CustomStringConvertible {
    /// What the names name, in messages: "slot", "slots".
    public struct Kind: Equatable, Sendable {
        public let singular: String
        public let plural: String

        public init(_ singular: String, plural: String) {
            self.singular = singular
            self.plural = plural
        }

        public static let slot = Kind("slot", plural: "slots")
        public static let template = Kind("template", plural: "templates")
        public static let recipe = Kind("recipe", plural: "recipes")
        public static let command = Kind("command", plural: "commands")
    }

    public enum Problem: Equatable, Sendable {
        /// Nothing was typed.
        case missing
        /// No name matches; the nearest, if one is near (`NameSuggestion`).
        case unknown(suggestion: String?)
        /// Several names match, in list order.
        case ambiguous([String])
    }

    public let kind: Kind
    public let typed: String
    public let problem: Problem
    /// The names there are, said after a missing or unknown name; `nil` says none of them.
    public var known: [String]?
    /// Where the names were looked for ("in '/home/me/recipes'"), said after the typed name.
    public var place: String?
    /// Written before a suggested name: the commands above it ("mealplan slots ").
    public var suggestionPrefix = ""
    /// Said last, in parentheses: where to read more ("see 'mealplan help'").
    public var help: String?

    public init(_ kind: Kind, typed: String, problem: Problem, known: [String]? = nil, place: String? = nil,
                suggestionPrefix: String = "", help: String? = nil) {
        self.kind = kind
        self.typed = typed
        self.problem = problem
        self.known = known
        self.place = place
        self.suggestionPrefix = suggestionPrefix
        self.help = help
    }

    /// How many names a message lists before "…".
    public static let listedNames = 8

    public var exitStatus: ExitStatus { .usage }

    public var userMessage: String {
        let placeText = place.map { " " + $0 } ?? ""
        var message: String
        switch problem {
        case .missing:
            message = "no \(kind.singular) given"
        case .unknown(let suggestion):
            message = "unknown \(kind.singular) '\(typed.messageExcerpt)'\(placeText)"
            if let suggestion { message += "; did you mean \(Self.shown(suggestionPrefix + suggestion))?" }
        case .ambiguous(let names):
            message = "'\(typed.messageExcerpt)'\(placeText) could mean \(Self.list(names)); type more letters"
        }
        if let known, !isAmbiguous {
            let separator = if case .unknown(suggestion: _?) = problem { " " } else { "; " }
            message += separator + (known.isEmpty ? "there are no \(kind.plural) yet" : "\(kind.plural) are \(Self.list(known))")
        }
        if let help { message += " (\(help))" }
        return message
    }

    /// The same as `userMessage`, for callers that put it into their own error.
    public var message: String { userMessage }

    /// The message, as the planner's prompt shows an error.
    public var description: String { userMessage }

    private var isAmbiguous: Bool {
        if case .ambiguous = problem { true } else { false }
    }

    /// `names` as a message lists them: the first few, then "…".
    static func list(_ names: [String]) -> String {
        names.prefix(listedNames).map(shown).joined(separator: ", ") + (names.count > listedNames ? ", …" : "")
    }

    /// A name as a message shows it: shortened, and quoted when a space, comma or quote in it
    /// would blur where it ends ("did you mean dinner?", "did you mean 'mealplan list'?").
    static func shown(_ name: String) -> String {
        let excerpt = name.messageExcerpt
        return excerpt.contains(where: { $0.isWhitespace || $0 == "," || $0 == "'" }) ? "'\(excerpt)'" : excerpt
    }
}

extension NameMatch {
    /// The index of the name `typed` picks among `names` (`NameMatch`), else why not: the
    /// nearest name when none matches, the matching names when several do. `listing` says the
    /// names there are after an unknown one.
    public static func index(of typed: String, among names: [String], kind: NameLookupError.Kind,
                             listing: Bool = false) throws(NameLookupError) -> Int {
        let trimmed = typed.trimmingWhitespace()
        let known = listing ? names : nil
        guard !trimmed.isEmpty else { throw NameLookupError(kind, typed: typed, problem: .missing, known: known) }
        switch NameMatch(trimmed, among: names) {
        case .found(let index):
            return index
        case .none:
            let suggestion = NameSuggestion.closest(to: trimmed, among: names)
            throw NameLookupError(kind, typed: typed, problem: .unknown(suggestion: suggestion), known: known)
        case .ambiguous(let matches):
            throw NameLookupError(kind, typed: typed, problem: .ambiguous(matches))
        }
    }
}
