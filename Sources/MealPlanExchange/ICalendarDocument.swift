import MealPlanCore

/// An iCalendar object (RFC 5545) as another program wrote it: components and their properties
/// in the order of the file, every property kept whole, the ones mealplan has no use for
/// (alarms, attendees, colours, a client's own `X-` properties) included. What comes back from
/// a calendar server is read into this, mealplan takes what it knows from it, and a file it
/// rewrites keeps the rest.
public struct ICalendarComponent: Hashable, Sendable {
    /// `VCALENDAR`, `VEVENT`, `VTODO`, `VALARM`, …, in capitals (names are case-insensitive).
    public var name: String
    public var properties: [ICalendarProperty]
    public var components: [ICalendarComponent]
    /// The 1-based line of its `BEGIN`, for messages.
    public var line: Int

    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = [], line: Int = 0) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property named `name` (any case), if any.
    public func property(_ name: String) -> ICalendarProperty? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }

    /// Every property named `name` (any case), in the file's order: `EXDATE`, `CATEGORIES`, …
    public func properties(_ name: String) -> [ICalendarProperty] {
        let wanted = name.uppercased()
        return properties.filter { $0.name == wanted }
    }

    /// The components of this one named `name` (any case): the events of a calendar.
    public func components(_ name: String) -> [ICalendarComponent] {
        let wanted = name.uppercased()
        return components.filter { $0.name == wanted }
    }
}

/// One content line, unfolded: `NAME;PARAM=VALUE,…:VALUE`.
public struct ICalendarProperty: Hashable, Sendable {
    /// In capitals (names are case-insensitive).
    public var name: String
    /// The parameters in the file's order, names in capitals, values unquoted.
    public var parameters: [Parameter]
    /// The value as written, escapes and all: what it means depends on its type, so `text`
    /// and the typed readers interpret it.
    public var value: String
    /// The 1-based line the property starts on, for messages.
    public var line: Int

    public struct Parameter: Hashable, Sendable {
        public var name: String
        /// A parameter may hold several values (`MEMBER="a","b"`).
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    public init(name: String, parameters: [Parameter] = [], value: String, line: Int = 0) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// The first value of the parameter `name` (any case), if it is there.
    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.values.first
    }

    /// The value read as TEXT (RFC 5545 §3.3.11): `\n` and `\N` a line break, `\\`, `\;` and
    /// `\,` the character itself. A backslash before anything else is kept as it is written,
    /// as the common readers do.
    public var text: String { Self.unescapedText(Substring(value)) }

    /// The value read as a list of TEXT separated by unescaped commas (`CATEGORIES:Dinner,Kids`).
    public var textList: [String] {
        var items: [String] = []
        var start = value.startIndex, index = value.startIndex
        while index < value.endIndex {
            if value[index] == "\\" {
                index = value.index(after: index)
                if index < value.endIndex { index = value.index(after: index) }
                continue
            }
            if value[index] == "," {
                items.append(Self.unescapedText(value[start..<index]))
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        items.append(Self.unescapedText(value[start...]))
        return items
    }

    /// Unescaped by byte: a backslash and what it escapes are ASCII, never part of a longer
    /// UTF-8 sequence, and a long text is not walked Character by Character.
    private static func unescapedText(_ escaped: Substring) -> String {
        let backslash = UInt8(ascii: "\\")
        guard escaped.utf8.contains(backslash) else { return String(escaped) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.utf8.count)
        var pendingBackslash = false
        for byte in escaped.utf8 {
            if pendingBackslash {
                pendingBackslash = false
                switch byte {
                case UInt8(ascii: "n"), UInt8(ascii: "N"): bytes.append(UInt8(ascii: "\n"))
                case backslash, UInt8(ascii: ";"), UInt8(ascii: ","): bytes.append(byte)
                default: bytes += [backslash, byte]
                }
            } else if byte == backslash {
                pendingBackslash = true
            } else {
                bytes.append(byte)
            }
        }
        if pendingBackslash { bytes.append(backslash) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why an iCalendar file could not be read, located by its physical line.
public struct ICalendarError: UserFacingError, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
    public var userMessage: String { description }
    public var exitStatus: ExitStatus { .badData }
}
