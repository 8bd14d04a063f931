import TerminalKit

/// One of the planner's prompts: what it asks for (its fields, as the type's own values), its
/// label and hint, and what Enter, Esc and the prompt keys do in it. `Prompt` holds the one
/// open with the line being typed; `editPrompt` and `PromptView` ask it through these
/// requirements alone, so a new prompt is its own type in its own file and one case of
/// `Prompt.Kind`.
///
/// The methods that act are called with the prompt taken out of `state.mode` (which is
/// `.browsing` meanwhile): one that keeps the prompt open puts it back
/// (`state.mode = .prompt(prompt)`, or `state.reopen(prompt)` after its text changed).
protocol PlannerPrompt: Sendable {
    /// Which prompt this is, with its fields: what tests match and two prompts are compared by.
    var kind: Prompt.Kind { get }
    /// The words before the input field: "Go to: ".
    var label: String { get }
    /// What is asked and which keys work, in parts that `PromptView.fitted` fits to the line.
    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart]
    /// Enter on `text`: acts, or goes on to the next field, or throws why not (shown above the
    /// prompt, the text kept).
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect]
    /// Esc (or Ctrl-C) in the field; by default the prompt closes.
    func cancel(_ prompt: inout Prompt, state: inout PlannerState) -> [Effect]
    /// One of `PromptCommand.keys` (Tab, ↑, Ctrl-J); by default it does nothing.
    func run(_ command: PromptCommand, prompt: inout Prompt, state: inout PlannerState) -> [Effect]
    /// Whether the field keeps line breaks (typed or pasted); by default not.
    var takesLineBreaks: Bool { get }
    /// Whether a `?` typed is text (a title, a note, a name): there `?` shows the prompt's
    /// help only in an empty field; elsewhere always. By default not.
    var typesQuestionMark: Bool { get }
    /// Whether the field takes a date, so that its help lists the date forms; by default not.
    var dateField: DateField? { get }
    /// The rest of a name the typed text starts, shown dim after it; by default none.
    func completion(_ prompt: Prompt, state: PlannerState) -> String?
    /// The answers of a question answered by one key, each with its key ("o this one"); nil
    /// (the default) for a prompt with a field to type in.
    var answers: [String]? { get }
    /// A key while a question is open (never called for a prompt with a field).
    func answer(_ key: Key, prompt: inout Prompt, state: inout PlannerState) -> [Effect]
    /// A key of the prompt's own table, before the line editor sees it (a list's ↑ and ↓);
    /// nil (the default) gives the key to the line editor.
    func intercept(_ key: Key, prompt: inout Prompt, state: inout PlannerState) -> [Effect]?
    /// Draws what the prompt shows above its two lines (a list to choose from); by default
    /// nothing, the days stay in view.
    func drawAbove(_ prompt: Prompt, state: PlannerState, theme: Theme, into buffer: inout Buffer)
}

extension PlannerPrompt {
    func cancel(_ prompt: inout Prompt, state: inout PlannerState) -> [Effect] { [] }
    func run(_ command: PromptCommand, prompt: inout Prompt, state: inout PlannerState) -> [Effect] { [] }
    var takesLineBreaks: Bool { false }
    var typesQuestionMark: Bool { false }
    var dateField: DateField? { nil }
    func completion(_ prompt: Prompt, state: PlannerState) -> String? { nil }
    var answers: [String]? { nil }
    func answer(_ key: Key, prompt: inout Prompt, state: inout PlannerState) -> [Effect] { [] }
    func intercept(_ key: Key, prompt: inout Prompt, state: inout PlannerState) -> [Effect]? { nil }
    func drawAbove(_ prompt: Prompt, state: PlannerState, theme: Theme, into buffer: inout Buffer) {}
}

/// A field that takes a date, by what its offsets count from.
enum DateField: Hashable, Sendable {
    case fromToday
    /// A meal's move, its leftovers or its repeat's end: `+1w` from the meal's own day.
    case fromMealsDay
}

/// A prompt that asks a question answered by one key of its own table (the help lists them),
/// or Esc; it has no field, and a paste says it is not an answer.
protocol PlannerQuestion: PlannerPrompt {
    associatedtype Answer: Hashable & Sendable
    /// The answers and their keys.
    static var keys: KeyTable<Answer> { get }
    /// Each answer in fewer words, for a line short of room ("all" for "all of them").
    static var shortAnswers: [String] { get }
    /// The status line's message when Esc leaves the question.
    static var nothingDone: String { get }
    /// What is asked, first in the hint: "Delete 'Porridge'".
    var question: String { get }
    /// The answer given.
    func answer(_ answer: Answer, prompt: inout Prompt, state: inout PlannerState) -> [Effect]
}

extension PlannerQuestion {
    var answers: [String]? { Self.keys.hints }

    /// The question, then the answers (never left out, each with its shorter form), then Esc,
    /// which goes before what is asked does.
    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [PromptView.HintPart(text: question, rank: 1)]
            + zip(Self.keys.hints, Self.keys.hints(saying: Self.shortAnswers)).map { PromptView.HintPart(text: $0, rank: 2, short: $1) }
            + [PromptView.HintPart(text: LineEditor.keys[.cancel].hint, rank: 0)]
    }

    /// Its keys never reach the line editor, so Enter never submits it.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] { [] }

    /// Esc leaves the question (nothing is done); one of the answers' keys answers it; any
    /// other key is refused, naming the answers, and the question stays.
    func answer(_ key: Key, prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        if LineEditor.keys.command(for: key) == .cancel {
            state.message = StatusMessage(Self.nothingDone)
            return []
        }
        guard let answer = Self.keys.command(for: key) else {
            prompt.error = PlannerState.notAnAnswer(key.helpName, Self.keys.hints)
            state.mode = .prompt(prompt)
            return []
        }
        return self.answer(answer, prompt: &prompt, state: &state)
    }
}
