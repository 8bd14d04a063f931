import MealPlanCore
import TextHelpers

/// The fields of one object of a whole plan's file, each read by what its key holds, every
/// complaint naming the object's line and the key's path.
struct JSONPlanFields {
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

    /// A whole number of any size, for the fields another check judges (a repeat's, which
    /// `RepeatRule(snapshot)` judges as it does the store's rows).
    func integer(_ key: String, required: Bool = true) throws -> Int? {
        guard let value = try value(key, required: required) else { return nil }
        guard case .number(let text) = value, let number = Int(text) else { throw fail(key, "not a whole number") }
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
