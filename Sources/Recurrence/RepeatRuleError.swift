import MealPlanCore

/// A repeating meal's rule that cannot be: one line, naming the field that is wrong in the
/// words of whoever asked. The command line names its options (`--on`, exit status 64); the
/// planner's repeat prompt names its own fields (`on`), since a cook there typed no option.
public struct RepeatRuleError: Error, Equatable, CustomStringConvertible, UserFacingError {
    /// A part of a rule's words: `--every` on the command line, `every` in the planner.
    public enum Field: Sendable, Equatable {
        case every, on, until, count

        /// The command line's option.
        public var option: String {
            switch self {
            case .every: "--every"
            case .on: "--on"
            case .until: "--until"
            case .count: "--count"
            }
        }

        /// The planner's field: its repeat prompt asks the end, a date or a count, in one.
        public var promptField: String {
            switch self {
            case .every: "every"
            case .on: "on"
            case .until, .count: "ends"
            }
        }
    }

    /// The message, its fields not yet worded.
    private let parts: [Message.Part]

    init(_ message: Message) {
        parts = message.parts
    }

    /// The message with each field named by `name`.
    public func worded(_ name: (Field) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .field(let field): name(field)
            }
        }.joined()
    }

    /// The command line's words.
    public var message: String { worded(\.option) }
    /// The planner's words.
    public var promptMessage: String { worded(\.promptField) }
    public var description: String { message }
    public var userMessage: String { message }
    public var exitStatus: ExitStatus { .usage }

    /// Text with fields in it: `"'\(field: .on) \(text)' does not fit …"`.
    struct Message: ExpressibleByStringInterpolation {
        enum Part: Equatable {
            case text(String)
            case field(Field)
        }

        var parts: [Part] = []

        init(stringLiteral value: String) {
            parts = [.text(value)]
        }

        init(stringInterpolation: Interpolation) {
            parts = stringInterpolation.parts
        }

        struct Interpolation: StringInterpolationProtocol {
            var parts: [Part] = []

            init(literalCapacity: Int, interpolationCount: Int) {}

            mutating func appendLiteral(_ literal: String) {
                parts.append(.text(literal))
            }

            mutating func appendInterpolation(field: Field) {
                parts.append(.field(field))
            }

            mutating func appendInterpolation(_ value: some CustomStringConvertible) {
                parts.append(.text(value.description))
            }
        }
    }
}

extension RepeatRuleError.Message {
    /// A message continued on the next source line.
    static func + (lhs: Self, rhs: Self) -> Self {
        var joined = lhs
        joined.parts += rhs.parts
        return joined
    }
}
