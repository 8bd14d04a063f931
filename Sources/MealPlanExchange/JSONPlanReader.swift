import MealPlanCore
import Recurrence
import TextHelpers

/// Why a whole plan's file cannot be imported: its line, where in the document (`meals[3].title`)
/// and what is wrong.
public struct PlanImportError: UserFacingError, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    /// The JSON path of the value at fault, empty for the document's own syntax.
    public let path: String
    public let message: String
    public let isReadFailure: Bool

    public init(line: Int, path: String, message: String, isReadFailure: Bool) {
        self.line = line
        self.path = path
        self.message = message
        self.isReadFailure = isReadFailure
    }

    public var description: String { "line \(line): \(path.isEmpty ? "" : "\(path): ")\(message)" }
    public var userMessage: String { description }
    public var exitStatus: ExitStatus { isReadFailure ? .ioError : .badData }
}

/// Reads the file `JSONPlanWriter` writes: `readStructure` the slots, repeats and templates,
/// each checked by the rules the plan keeps (a title by `Meal.validTitle`, a repeat by
/// `RepeatRule(snapshot)` as the store reads its rows, a skipped day any day, a position any
/// of `Meal.positions`, no id, UID or name twice), then `nextMeal`
/// each meal in turn, streaming, checked alike (its slot one of the file's, a changed occurrence
/// one that its repeat skips). The keys of the plan come in the writer's order (the meals last,
/// so that they can stream); those of a repeat, template or meal in any order, a missing one
/// `null`, an unknown one refused. Every error names the line and the JSON path; the scanner's
/// bounds keep a huge or deeply nested file from taking unbounded memory or time.
public struct JSONPlanReader: Sendable {
    private var scanner: JSONScanner
    private var slotNames: Set<String> = []
    /// The days each repeat skips, by id: a changed occurrence stands in for one of them.
    private var rules: [Int64: Set<Day>] = [:]
    private var mealCount = 0
    private var mealsEnded = false

    public init(fileDescriptor: Int32) {
        self.init(scanner: JSONScanner(fileDescriptor: fileDescriptor))
    }

    public init(bytes: [UInt8]) {
        self.init(scanner: JSONScanner(bytes: bytes))
    }

    /// A reader of `scanner`; tests give one tiny chunks.
    init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Everything of the plan before its meals; the first call.
    public mutating func readStructure() throws(PlanImportError) -> PlanStructure {
        do {
            return try structure()
        } catch {
            throw documentError(error)
        }
    }

    /// The next meal with the line it starts on, or `nil` after the last one.
    /// The next meal, its line, and for leftovers their source (by UID or id), which the
    /// importer links once every meal is in.
    public mutating func nextMeal() throws(PlanImportError) -> (meal: Meal, line: Int, leftoversOf: LeftoversSource?)? {
        do {
            return try meal()
        } catch {
            throw documentError(error)
        }
    }

    /// `error` as an error of the document: the scanner's failures get their line.
    private func documentError(_ error: any Error) -> PlanImportError {
        switch error {
        case let error as PlanImportError: error
        case let failure as JSONScanner.Failure:
            PlanImportError(line: failure.line, path: "", message: failure.message, isReadFailure: failure.isReadFailure)
        default: PlanImportError(line: scanner.line, path: "", message: "\(error)", isReadFailure: false)
        }
    }

    // MARK: The plan

    private mutating func structure() throws -> PlanStructure {
        if try scanner.peekToken() == UInt8(ascii: "[") {
            throw error(scanner.line, "", "this is a JSON array of meals ('export --format json'), which import does not read; "
                        + "export a whole plan with --everything, or meals as CSV")
        }
        try scanner.expect(UInt8(ascii: "{"), "'{', a whole plan as 'mealplan export --format json --everything' writes it")
        var plan = PlanStructure(slots: [])
        // Everything before the meals is held until they are in: bounded all together.
        scanner.wholeValueBudget = (Self.structureBytes, "the slots, repeats and templates take more than "
            + "\(Self.structureBytes >> 20) MiB, more than a plan holds; this is not a whole plan mealplan wrote")
        for field in JSONPlanWriter.Field.allCases {
            if field != .format { try scanner.expect(UInt8(ascii: ","), "',' and \"\(field.rawValue)\"") }
            let line = scanner.line
            let key = try scanner.string()
            guard key == field.rawValue else {
                throw PlanImportError(line: line, path: "", message: "expected the key \"\(field.rawValue)\", found \"\(key.messageExcerpt)\"",
                                      isReadFailure: false)
            }
            try scanner.expect(UInt8(ascii: ":"), "':'")
            let path = field.rawValue
            switch field {
            case .meals:
                try scanner.expect(UInt8(ascii: "["), "'[', the array of meals")
                // Each meal is bounded on its own, and goes once it is stored.
                scanner.wholeValueBudget = nil
                return plan
            case .repeats:
                plan.rules = try elements(path) { reader, value, line, path in try reader.rule(value, line, path) }
                continue
            case .templates:
                plan.templates = try elements(path) { reader, value, line, path in try reader.template(value, line, path) }
                try expectDistinct(plan.templates.map { ($0.name.lowercased(), "name '\($0.name.messageExcerpt)'") }, line, path)
                continue
            case .format, .version, .slots: break
            }
            _ = try scanner.peekToken()
            let start = scanner.line
            let value = try scanner.value()
            switch field {
            case .format:
                guard case .string(JSONPlanWriter.formatName) = value else {
                    throw error(start, path, "not \"\(JSONPlanWriter.formatName)\": not a whole plan as 'export --format json --everything' writes it")
                }
            case .version:
                guard case .number(let text) = value, Int(text) == JSONPlanWriter.version else {
                    throw error(start, path, "version \(JSONPlanWriter.version) is the one this mealplan reads")
                }
            case .slots: plan.slots = try slots(value, start)
            case .repeats, .templates, .meals: break
            }
        }
        return plan
    }

    private mutating func slots(_ value: JSONValue, _ line: Int) throws -> [MealSlot] {
        guard case .array(let elements) = value else { throw error(line, "slots", "not an array") }
        let slots = try elements.enumerated().map { index, element in
            guard case .string(let text) = element else { throw error(line, "slots[\(index)]", "not a string") }
            do throws(MealValidationError) {
                return MealSlot(name: try MealSlot.validName(text), position: index)
            } catch {
                throw self.error(line, "slots[\(index)]", error.message)
            }
        }
        guard !slots.isEmpty else { throw error(line, "slots", "a plan has at least one slot") }
        try expectDistinct(slots.map { ($0.name.lowercased(), "slot '\($0.name)'") }, line, "slots")
        slotNames = Set(slots.map { (slot: MealSlot) in slot.name })
        return slots
    }

    private mutating func rule(_ value: JSONValue, _ line: Int, _ path: String) throws -> RuleSnapshot {
        let fields = try JSONPlanFields(value, keys: Self.ruleKeys, line: line, path: path)
        let id = try fields.integer("id", in: 1...Int64.max)!
        guard rules[id] == nil else { throw fields.fail("id", "repeat \(id) comes twice") }
        let meal = try fields.meal(day: try fields.day("from")!, slots: slotNames)
        let weekdays = try fields.array("weekdays")?.enumerated().reduce(0) { bits, element in
            guard case .number(let text) = element.element, let day = Int(text), (1...7).contains(day) else {
                throw fields.fail("weekdays", "a weekday is a number from 1 (Monday) to 7 (Sunday)")
            }
            return bits | 1 << (day - 1)
        }
        // Any day of the calendar: a skipped day the rule no longer gives is kept as data
        // (`RuleSnapshot.exceptions` says why), as the store keeps it.
        let skipped = try (fields.array("skipped") ?? []).map { element -> Day in
            guard case .string(let text) = element, let day = try? Day(iso: text) else {
                throw fields.fail("skipped", "a skipped day is a date (YYYY-MM-DD)")
            }
            return day
        }
        // The numbers of the pattern and its end are judged by `RepeatRule(snapshot)` alone,
        // the one reading of a rule that the store's rows get too.
        let snapshot = RuleSnapshot(
            id: id, uid: try fields.uid(), meal: meal, frequency: try fields.text("frequency") ?? "",
            interval: try fields.integer("interval")!, weekdays: weekdays,
            monthDay: try fields.integer("monthDay", required: false), ordinal: try fields.integer("ordinal", required: false),
            weekday: try fields.integer("weekday", required: false), untilDay: try fields.day("until", required: false),
            count: try fields.integer("count", required: false), exceptions: Set(skipped).sorted())
        do {
            _ = try RepeatRule(snapshot)
        } catch {
            throw fields.fail(nil, error.message)
        }
        rules[id] = Set(skipped)
        try register(snapshot.uid!, line: line, path: path)
        return snapshot
    }

    /// Where each repeat's and template's UID was read: no other item of the file may have it.
    private var itemUIDs: [ItemUID: (line: Int, path: String)] = [:]

    /// Refuses `uid` of the item at `path` when an earlier repeat or template has it, naming both.
    private mutating func register(_ uid: ItemUID, line: Int, path: String) throws {
        try expectUnused(uid, line: line, path: path)
        itemUIDs[uid] = (line, path)
    }

    /// Refuses `uid` of the item at `path` when a repeat or template has it, naming both: a meal
    /// with another item's UID would be that item to a calendar, and never sync. Two meals
    /// with one are found by the store (`SharedUIDError`), which does not hold every UID.
    private func expectUnused(_ uid: ItemUID, line: Int, path: String) throws {
        if let first = itemUIDs[uid] { throw error(line, "\(path).uid", "\(first.path) on line \(first.line) has this uid too") }
    }

    private mutating func template(_ value: JSONValue, _ line: Int, _ path: String) throws -> MealTemplate {
        let fields = try JSONPlanFields(value, keys: Self.templateKeys, line: line, path: path)
        let name: String
        let typed = try fields.text("name") ?? ""
        do throws(MealValidationError) {
            name = try MealTemplate.validName(typed)
        } catch {
            throw fields.fail("name", error.message)
        }
        let days = Int(try fields.integer("days", in: 1...Int64(Day.first.distance(to: .last) + 1))!)
        let meals = try (fields.array("meals") ?? []).enumerated().map { index, element in
            let mealFields = try JSONPlanFields(element, keys: Self.templateMealKeys, line: line,
                                        path: "\(path).meals[\(index)]")
            let offset = Int(try mealFields.integer("day", in: 0...Int64(days - 1))!)
            var meal = try mealFields.meal(day: Day.first.adding(days: offset), slots: slotNames)
            meal.position = Int(try mealFields.integer("position", in: Meal.positions)!)
            meal.eaters = try mealFields.eaters()
            return (meal, mealFields)
        }
        try expectDistinct(meals.map { ("\($0.0.day) \($0.0.slot) \($0.0.position)", "place (day, slot, position)") }, line, "\(path).meals")
        // Leftovers name their cook by its index among the template's meals, another meal's.
        var sources: [Int: Int] = [:]
        for (index, (_, mealFields)) in meals.enumerated() {
            guard let source = try mealFields.integer("leftovers_of", in: 0...Int64(meals.count - 1), required: false) else { continue }
            guard source != index else { throw mealFields.fail("leftovers_of", "a meal cannot be its own leftovers") }
            sources[index] = Int(source)
        }
        let uid = try fields.uid()
        try register(uid, line: line, path: path)
        return MealTemplate(name: name, days: days, meals: meals.map(\.0), uid: uid, leftoverSources: sources)
    }

    // MARK: Meals

    private mutating func meal() throws -> (meal: Meal, line: Int, leftoversOf: LeftoversSource?)? {
        guard !mealsEnded else { return nil }
        if try scanner.skip(UInt8(ascii: "]")) {
            try scanner.expect(UInt8(ascii: "}"), "'}', the end of the plan")
            try scanner.expectEnd()
            mealsEnded = true
            return nil
        }
        if mealCount > 0 { try scanner.expect(UInt8(ascii: ","), "',' or ']'") }
        _ = try scanner.peekToken()
        let line = scanner.line
        let path = "meals[\(mealCount)]"
        let fields = try JSONPlanFields(try scanner.value(), keys: Self.mealKeys, line: line, path: path)
        var meal = try fields.meal(day: try fields.day("date")!, slots: slotNames)
        meal.id = try fields.integer("id", in: 1...Int64.max)
        meal.uid = try fields.uid()
        try expectUnused(meal.uid!, line: line, path: path)
        meal.position = Int(try fields.integer("position", in: Meal.positions)!)
        let rule = try fields.integer("repeat", in: 1...Int64.max, required: false)
        let replaced = try fields.day("replaces", required: false)
        switch (rule, replaced) {
        case (nil, nil): break
        case let (rule?, day?):
            guard let known = rules[rule] else { throw fields.fail("repeat", "there is no repeat \(rule) in the file") }
            guard known.contains(day) else {
                throw fields.fail("replaces", "repeat \(rule) does not skip \(day.iso), so no meal stands in for it")
            }
            meal.occurrence = Occurrence(rule: rule, day: day)
        default: throw fields.fail(rule == nil ? "repeat" : "replaces", "\"repeat\" and \"replaces\" come together")
        }
        meal.status = try fields.status()
        meal.eaters = try fields.eaters()
        mealCount += 1
        return (meal, line, try fields.leftoversSource())
    }

    // MARK: Helpers

    /// The most memory, about, that the slots, repeats and templates of a file may take: a
    /// plan of thousands of repeats and templates of a year of meals takes a few MiB.
    static let structureBytes = 32 << 20

    /// The keys each kind of object may have: the writer's.
    private static let ruleKeys = JSONPlanWriter.RuleField.allCases.map(\.rawValue)
    private static let templateKeys = JSONPlanWriter.TemplateField.allCases.map(\.rawValue)
    private static let templateMealKeys = JSONPlanWriter.TemplateMealField.allCases.map(\.rawValue)
    private static let mealKeys = JSONPlanWriter.MealField.allCases.map(\.rawValue)

    /// The elements of the array that comes next, each read whole and made into an `Element`
    /// by `make` with the line it starts on and its path: at most `JSONScanner.maximumElements`.
    private mutating func elements<Element>(
        _ path: String, _ make: (inout Self, JSONValue, Int, String) throws -> Element
    ) throws -> [Element] {
        try scanner.expect(UInt8(ascii: "["), "'[', the array of \(path)")
        var elements: [Element] = []
        if try scanner.skip(UInt8(ascii: "]")) { return elements }
        repeat {
            guard elements.count < JSONScanner.maximumElements else {
                throw error(scanner.line, path, "more than \(JSONScanner.maximumElements) elements")
            }
            _ = try scanner.peekToken()
            let line = scanner.line
            elements.append(try make(&self, try scanner.value(), line, "\(path)[\(elements.count)]"))
        } while try scanner.skip(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
        return elements
    }

    private func expectDistinct(_ keys: [(key: String, label: String)], _ line: Int, _ path: String) throws {
        var seen: Set<String> = []
        for (key, label) in keys where !seen.insert(key).inserted {
            throw error(line, path, "the \(label) comes twice")
        }
    }

    private func error(_ line: Int, _ path: String, _ message: String) -> PlanImportError {
        PlanImportError(line: line, path: path, message: message, isReadFailure: false)
    }
}
