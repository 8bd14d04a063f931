/// Where a calendar goes as mealplan makes it, component by component and property by
/// property: folded into a file's bytes as it comes (`FoldedCalendarOutput`: an export of any
/// number of meals, and the text of a component built in memory), or gathered into components
/// (`CalendarComponentBuilder`: one item's file, which a sync merges over the file there before
/// it writes it). `ICalendarEventEncoder` says what a meal's event holds once, for both.
protocol ICalendarSink {
    mutating func begin(_ component: String) throws(OutputWriteError)
    mutating func end(_ component: String) throws(OutputWriteError)
    /// One property: its name, its parameters, and its value as written (TEXT escaped, valid
    /// UTF-8).
    mutating func property(_ name: String, _ parameters: [ICalendarProperty.Parameter], value: [UInt8]) throws(OutputWriteError)
}

/// A calendar as iCalendar text: CRLF line ends, lines folded at 75 octets, never inside a
/// UTF-8 sequence (`ICalendarLine`); parameter values quoted where they hold `;`, `:` or `,`.
struct FoldedCalendarOutput: ICalendarSink {
    var output: BufferedOutput
    /// One content line being made, before it is folded into the output.
    private var line: [UInt8] = []

    init(_ output: BufferedOutput) {
        self.output = output
        line.reserveCapacity(1024)
    }

    mutating func begin(_ component: String) throws(OutputWriteError) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "BEGIN:".utf8)
        line.append(contentsOf: component.utf8)
        try emitLine()
    }

    mutating func end(_ component: String) throws(OutputWriteError) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "END:".utf8)
        line.append(contentsOf: component.utf8)
        try emitLine()
    }

    mutating func property(_ name: String, _ parameters: [ICalendarProperty.Parameter], value: [UInt8]) throws(OutputWriteError) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: name.utf8)
        for parameter in parameters {
            line.append(UInt8(ascii: ";"))
            line.append(contentsOf: parameter.name.utf8)
            line.append(UInt8(ascii: "="))
            for (index, value) in parameter.values.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                let quoted = value.utf8.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }
                if quoted { line.append(UInt8(ascii: "\"")) }
                line.append(contentsOf: value.utf8)
                if quoted { line.append(UInt8(ascii: "\"")) }
            }
        }
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: value)
        try emitLine()
    }

    /// Writes `line` (valid UTF-8) as folded physical lines (`ICalendarLine.fold`).
    private mutating func emitLine() throws(OutputWriteError) {
        try output.reserve(ICalendarLine.foldedCount(line.count))
        let content = line
        output.encode { bytes, end in ICalendarLine.fold(content, into: bytes, at: &end) }
    }
}

/// A calendar gathered into components, nested as it was begun and ended.
struct CalendarComponentBuilder: ICalendarSink {
    private var open: [ICalendarComponent] = []
    /// The components closed at the top.
    private(set) var finished: [ICalendarComponent] = []

    mutating func begin(_ component: String) {
        open.append(ICalendarComponent(name: component))
    }

    mutating func end(_ component: String) {
        guard let closed = open.popLast() else { return }
        if open.isEmpty { finished.append(closed) } else { open[open.count - 1].components.append(closed) }
    }

    mutating func property(_ name: String, _ parameters: [ICalendarProperty.Parameter], value: [UInt8]) {
        guard !open.isEmpty else { return }
        open[open.count - 1].properties.append(ICalendarProperty(name: name, parameters: parameters, value: String(decoding: value, as: UTF8.self)))
    }
}

extension ICalendarProperty.Parameter {
    /// `VALUE=DATE`, of a date without a time (an all-day event's `DTSTART`).
    static let dateValue = [ICalendarProperty.Parameter(name: "VALUE", values: ["DATE"])]
}

extension ICalendarComponent {
    /// The component as iCalendar text (`FoldedCalendarOutput`): values as they are held
    /// (escaped).
    public var text: String {
        var output = FoldedCalendarOutput(BufferedOutput(inMemory: "ICS"))
        // Writing to memory cannot fail.
        try? write(to: &output)
        try? output.output.flush()
        return String(decoding: output.output.collected, as: UTF8.self)
    }

    func write(to sink: inout some ICalendarSink) throws(OutputWriteError) {
        try sink.begin(name)
        for property in properties {
            try sink.property(property.name, property.parameters, value: Array(property.value.utf8))
        }
        for component in components { try component.write(to: &sink) }
        try sink.end(name)
    }
}
