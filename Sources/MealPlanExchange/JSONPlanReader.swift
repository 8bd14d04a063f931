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
/// `RepeatRule`, a skipped day one of its days, no id, UID or name twice), then `nextMeal`
/// each meal in turn, streaming, checked alike (its slot one of the file's, a changed occurrence
/// one that its repeat skips). The keys of the plan come in the writer's order (the meals last,
/// so that they can stream); those of a repeat, template or meal in any order, a missing one
/// `null`, an unknown one refused. Every error names the line and the JSON path; the scanner's
/// bounds keep a huge or deeply nested file from taking unbounded memory or time.
public struct JSONPlanReader: Sendable {
    private var scanner: JSONScanner
    private var slotNames: Set<String> = []
    /// Each repeat's rule and the days it skips, by id.
    private var rules: [Int64: (rule: RepeatRule, skipped: Set<Day>)] = [:]
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
                return plan
            case .repeats:
                plan.rules = try elements(path) { reader, value, line, path in try reader.rule(value, line, path) }
                continue
            case .templates:
                plan.templates = try elements(path) { reader, value, line, path in try reader.template(value, line, path) }
                try expectDistinct(plan.templates.map { ($0.name.lowercased(), "name '\($0.name.messageExcerpt)'") }, line, path)
                try expectDistinct(plan.templates.map { ($0.uid!.text, "uid \($0.uid!.text)") }, line, path)
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
        let fields = try Fields(value, keys: Self.ruleKeys, line: line, path: path)
        let id = try fields.integer("id", in: 1...Int64.max)!
        guard rules[id] == nil else { throw fields.fail("id", "repeat \(id) comes twice") }
        let meal = try fields.meal(day: try fields.day("from")!, slots: slotNames)
        let weekdays = try fields.array("weekdays")?.enumerated().reduce(0) { bits, element in
            guard case .number(let text) = element.element, let day = Int(text), (1...7).contains(day) else {
                throw fields.fail("weekdays", "a weekday is a number from 1 (Monday) to 7 (Sunday)")
            }
            return bits | 1 << (day - 1)
        }
        let skipped = try (fields.array("skipped") ?? []).map { element -> Day in
            guard case .string(let text) = element, let day = try? Day(iso: text) else {
                throw fields.fail("skipped", "a skipped day is a date (YYYY-MM-DD)")
            }
            return day
        }
        let snapshot = RuleSnapshot(
            id: id, uid: try fields.uid(), meal: meal, frequency: try fields.text("frequency") ?? "",
            interval: Int(try fields.integer("interval", in: 1...9999)!), weekdays: weekdays,
            monthDay: try fields.integer("monthDay", in: 1...31, required: false).map(Int.init),
            ordinal: try fields.integer("ordinal", in: -5...5, required: false).map(Int.init),
            weekday: try fields.integer("weekday", in: 1...7, required: false).map(Int.init),
            untilDay: try fields.day("until", required: false),
            count: try fields.integer("count", in: 1...Int64(Int32.max), required: false).map(Int.init),
            exceptions: Set(skipped).sorted())
        let rule: RepeatRule
        do {
            rule = try RepeatRule(snapshot)
        } catch {
            throw fields.fail(nil, error.message)
        }
        if let day = skipped.first(where: { !rule.isOccurrence($0) }) {
            throw fields.fail("skipped", "\(day.iso) is not one of the repeat's days")
        }
        rules[id] = (rule, Set(skipped))
        if let uid = snapshot.uid, ruleUIDs.insert(uid).inserted == false {
            throw fields.fail("uid", "another repeat has this uid")
        }
        return snapshot
    }

    private var ruleUIDs: Set<ItemUID> = []

    private func template(_ value: JSONValue, _ line: Int, _ path: String) throws -> MealTemplate {
        let fields = try Fields(value, keys: Self.templateKeys, line: line, path: path)
        let name: String
        let typed = try fields.text("name") ?? ""
        do throws(MealValidationError) {
            name = try MealTemplate.validName(typed)
        } catch {
            throw fields.fail("name", error.message)
        }
        let days = Int(try fields.integer("days", in: 1...Int64(Day.first.distance(to: .last) + 1))!)
        let meals = try (fields.array("meals") ?? []).enumerated().map { index, element in
            let mealFields = try Fields(element, keys: Self.templateMealKeys, line: line,
                                        path: "\(path).meals[\(index)]")
            let offset = Int(try mealFields.integer("day", in: 0...Int64(days - 1))!)
            var meal = try mealFields.meal(day: Day.first.adding(days: offset), slots: slotNames)
            meal.position = Int(try mealFields.integer("position", in: 0...Int64(Int32.max))!)
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
        return MealTemplate(name: name, days: days, meals: meals.map(\.0), uid: try fields.uid(), leftoverSources: sources)
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
        let fields = try Fields(try scanner.value(), keys: Self.mealKeys, line: line, path: path)
        var meal = try fields.meal(day: try fields.day("date")!, slots: slotNames)
        meal.id = try fields.integer("id", in: 1...Int64.max)
        meal.uid = try fields.uid()
        meal.position = Int(try fields.integer("position", in: 0...Int64(Int32.max))!)
        let rule = try fields.integer("repeat", in: 1...Int64.max, required: false)
        let replaced = try fields.day("replaces", required: false)
        switch (rule, replaced) {
        case (nil, nil): break
        case let (rule?, day?):
            guard let known = rules[rule] else { throw fields.fail("repeat", "there is no repeat \(rule) in the file") }
            guard known.skipped.contains(day) else {
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

/// The fields of one object of a whole plan's file, each read by what its key holds, every
/// complaint naming the object's line and the key's path.
private struct Fields {
    /// In the file's order: a dozen keys are found faster by looking than by hashing.
    let fields: [(key: String, value: JSONValue)]
    let line: Int
    let path: String

    init(_ value: JSONValue, keys: [String], line: Int, path: String) throws {
        self.line = line
        self.path = path
        guard case .object(let fields) = value else {
            throw PlanImportError(line: line, path: path, message: "not an object", isReadFailure: false)
        }
        for (index, field) in fields.enumerated() {
            guard keys.contains(field.key) else {
                throw PlanImportError(line: line, path: path, message: "unknown key \"\(field.key.messageExcerpt)\"", isReadFailure: false)
            }
            guard !fields[..<index].contains(where: { $0.key == field.key }) else {
                throw PlanImportError(line: line, path: path, message: "the key \"\(field.key)\" comes twice", isReadFailure: false)
            }
        }
        self.fields = fields
    }

    /// The value of `key`, if the object has it.
    private subscript(key: String) -> JSONValue? {
        fields.first { $0.key == key }?.value
    }

    func fail(_ key: String?, _ message: String) -> PlanImportError {
        PlanImportError(line: line, path: key.map { "\(path).\($0)" } ?? path, message: message, isReadFailure: false)
    }

    /// The value of `key`, `nil` for `null` or a missing key, which `required` refuses.
    private func value(_ key: String, required: Bool) throws -> JSONValue? {
        let value = self[key]
        switch value {
        case .none, .some(.null):
            if required { throw fail(key, value == nil ? "missing" : "null, which it cannot be") }
            return nil
        case .some(let value): return value
        }
    }

    func text(_ key: String, required: Bool = false) throws -> String? {
        guard let value = try value(key, required: required) else { return nil }
        guard case .string(let text) = value else { throw fail(key, "not a string") }
        return text
    }

    func integer(_ key: String, in range: ClosedRange<Int64>, required: Bool = true) throws -> Int64? {
        guard let value = try value(key, required: required) else { return nil }
        guard case .number(let text) = value, let number = Int64(text), range.contains(number) else {
            throw fail(key, "not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func day(_ key: String, required: Bool = true) throws -> Day? {
        guard let text = try text(key, required: required) else { return nil }
        do {
            return try Day(iso: text)
        } catch {
            throw fail(key, "bad date \(error.message)")
        }
    }

    func array(_ key: String) throws -> [JSONValue]? {
        guard let value = try value(key, required: false) else { return nil }
        guard case .array(let elements) = value else { throw fail(key, "not an array") }
        return elements
    }

    /// `status`: "planned" (or missing), "done" or "skipped".
    func status() throws -> MealStatus {
        guard let text = try text("status") else { return .planned }
        guard let status = MealStatus(rawValue: text) else {
            throw fail("status", "'\(text.messageExcerpt)' is not a status; use planned, done or skipped")
        }
        return status
    }

    /// `eaters`: how many eat at a cooked meal, a number like servings, or null.
    func eaters() throws -> Double? {
        switch try value("eaters", required: false) {
        case nil: return nil
        case .number(let text)?:
            do throws(MealValidationError) {
                return try Meal.validServings(Double(text)!)
            } catch {
                throw fail("eaters", error.message)
            }
        case _?: throw fail("eaters", "not a number")
        }
    }

    /// `leftovers_of`: the source's UID, or its id in the file.
    func leftoversSource() throws -> LeftoversSource? {
        switch try value("leftovers_of", required: false) {
        case nil: return nil
        case .string(let text)?:
            guard let uid = ItemUID(text: text) else { throw fail("leftovers_of", "'\(text.messageExcerpt)' is not a UUID") }
            return LeftoversSource(uid: uid)
        case .number?: return LeftoversSource(id: try integer("leftovers_of", in: 1...Int64.max))
        case _?: throw fail("leftovers_of", "neither a meal's UID nor its id")
        }
    }

    func uid() throws -> ItemUID {
        let text = try text("uid", required: true)!
        guard let uid = ItemUID(text: text) else { throw fail("uid", "'\(text.messageExcerpt)' is not a UUID") }
        return uid
    }

    /// The meal of the object's slot, title, note, recipe and servings on `day`.
    func meal(day: Day, slots: Set<String>) throws -> Meal {
        let slot = try text("slot", required: true)!
        guard slots.contains(slot) else { throw fail("slot", "'\(slot.messageExcerpt)' is not one of the plan's slots") }
        let title: String, recipe: String?, servings: Double?
        let typedTitle = try text("title", required: true)!, typedRecipe = try text("recipe")
        do throws(MealValidationError) {
            title = try Meal.validTitle(typedTitle)
        } catch {
            throw fail("title", error.message)
        }
        do throws(MealValidationError) {
            recipe = try typedRecipe.map { name throws(MealValidationError) in try Meal.validRecipeName(name) }
        } catch {
            throw fail("recipe", error.message)
        }
        switch try value("servings", required: false) {
        case nil: servings = nil
        case .number(let text)?:
            do throws(MealValidationError) {
                servings = try Meal.validServings(Double(text)!)
            } catch {
                throw fail("servings", error.message)
            }
        case _?: throw fail("servings", "not a number")
        }
        if servings != nil && recipe == nil { throw fail("servings", "servings need a recipe, and this names none") }
        return Meal(day: day, slot: slot, title: title, note: Meal.validNote(try text("note")), recipe: recipe, servings: servings)
    }
}
