import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Recurrence
import TestSupport
import Testing

/// What the plan holds, its backup restores, for any history: seeded random sequences of the
/// commands a user has (add, edit, move, remove; repeat add, skip, change, edit, end; template
/// save and apply; done and skipped; leftovers; slots), each through the store call its
/// command makes, refused ones included, make a plan whose whole-plan file (`JSONPlanWriter`,
/// as `export --format json --everything` writes it) imports into a new file
/// (`JSONPlanReader` and `importPlan`, as `import` does) and gives back the same meals and
/// occurrences over the whole range, repeats, templates, leftovers and history, and the same
/// rows in every table, as the `sqlite3` shell reads them. Bounded by work: a fixed number of
/// sequences of a fixed number of steps.
@Suite struct WholePlanPropertyTests {
    /// 8 batches of 40 sequences: 320 histories.
    static let batches = 0..<8, sequencesPerBatch = 40, steps = 14
    static let base = try! Day(iso: "2026-03-02")
    static let titles = ["Soup", "Pasta", "Stew", "Tacos", "Salad", "Curry"]
    /// The days listed and compared: a year and more around the histories' days.
    static let range = DayRange(base.adding(days: -40), base.adding(days: 400))

    @Test(.requires(.sqlite3), arguments: batches)
    func randomHistoriesComeBackWholeFromTheirBackup(_ batch: Int) throws {
        for index in 0..<Self.sequencesPerBatch {
            let seed = UInt64(batch * Self.sequencesPerBatch + index)
            try expectRestored(seed: seed)
        }
    }

    func expectRestored(seed: UInt64) throws {
        let folder = TemporaryFolder()
        let store = try MealStore.open(path: folder.file("plan.sqlite"), access: .readWrite)
        var random = SeededGenerator(seed: seed)
        // The plan's file made, as a first command that succeeds makes it.
        try store.addSlot("brunch")
        try store.removeSlot("brunch")
        var history: [String] = []
        for _ in 0..<Self.steps {
            history.append(try step(store, &random))
        }
        let file = folder.file("plan.json")
        try export(store, to: file)
        let copy = try MealStore.open(path: folder.file("copy.sqlite"), access: .readWrite)
        do {
            try importPlan(file, into: copy)
        } catch {
            Issue.record("seed \(seed): the backup was refused: \(error)\n\(history.joined(separator: "\n"))")
            return
        }
        let what = "seed \(seed) after:\n\(history.joined(separator: "\n"))"
        let (seen, restored) = (try views(store), try views(copy))
        for (index, view) in seen.enumerated() where restored[index] != view {
            Issue.record("\(what)\nview \(index): \(view)\nrestored: \(restored[index])")
        }
        let (rows, restoredRows) = (try PlanTables.dump(folder.file("plan.sqlite")), try PlanTables.dump(folder.file("copy.sqlite")))
        let lines = Set(rows.split(separator: "\n")), restoredLines = Set(restoredRows.split(separator: "\n"))
        #expect(rows == restoredRows, "\(what)\nonly in the plan: \(lines.subtracting(restoredLines))\nonly in the copy: \(restoredLines.subtracting(lines))")
    }

    // MARK: The commands

    /// One command of a random kind on random meals, rules and days, as its CLI command calls
    /// the store; a refusal (an occurrence that is none, a slot in use) is part of a history.
    func step(_ store: MealStore, _ random: inout SeededGenerator) throws -> String {
        let day = Self.base.adding(days: Int.random(in: 0..<28, using: &random))
        let title = Self.titles.randomElement(using: &random)!
        let slots = try store.slots().map(\.name)
        let slot = slots.randomElement(using: &random)!
        let meals = try store.meals(in: DayRange(Self.base.adding(days: -7), Self.base.adding(days: 60))).filter { $0.id != nil }
        let meal = meals.randomElement(using: &random)
        let rule = try store.rules().randomElement(using: &random)
        let occurrence = rule.flatMap { rule in
            Array(rule.days(from: Self.base, through: Self.base.adding(days: 40))).randomElement(using: &random)
        }
        let kind = Int.random(in: 0..<15, using: &random)
        let said: String
        do {
            switch kind {
            case 0, 1:
                try store.addMeal(day: day, slot: slot, title: title, note: Bool.random(using: &random) ? "note \(title)" : nil)
                said = "add \(day.iso) \(slot) \(title)"
            case 2:
                guard let id = meal?.id else { return "edit: no meal" }
                try store.updateMeal(id: id, title: title, note: Bool.random(using: &random) ? "" : "changed")
                said = "edit \(id) \(title)"
            case 3:
                guard let id = meal?.id else { return "move: no meal" }
                try store.updateMeal(id: id, slot: slot, day: day, purpose: "move")
                said = "move \(id) \(day.iso) \(slot)"
            case 4:
                guard let id = meal?.id else { return "remove: no meal" }
                try store.removeMeals(ids: [id])
                said = "remove \(id)"
            case 5:
                let made = try randomRule(from: day, &random)
                try store.addRule(made, meal: Meal(day: day, slot: slot, title: title))
                said = "repeat add \(day.iso) \(slot) \(title) \(made)"
            case 6:
                guard let rule, let occurrence else { return "repeat skip: none" }
                try store.skipOccurrence(rule: rule.id, on: occurrence)
                said = "repeat skip \(rule.id) \(occurrence.iso)"
            case 7:
                guard let rule, let occurrence else { return "repeat change: none" }
                var changed = rule.occurrence(on: occurrence)
                changed.title = title
                changed.day = occurrence.adding(days: Int.random(in: -1...1, using: &random))
                try store.changeOccurrence(of: rule, on: occurrence, to: changed)
                said = "repeat change \(rule.id) \(occurrence.iso) --to \(changed.day.iso) --title \(title)"
            case 8:
                guard let rule else { return "repeat edit: none" }
                let first = Bool.random(using: &random) ? rule.rule.firstDay : day
                let made = try randomRule(from: first, &random)
                try store.updateRule(rule, rule: made, meal: rule.meal)
                said = "repeat edit \(rule.id) \(made)"
            case 9:
                guard let rule else { return "repeat end: none" }
                let last = max(rule.rule.firstDay, day)
                try store.updateRule(rule, rule: try RepeatRule(firstDay: rule.rule.firstDay, pattern: rule.rule.pattern, end: .until(last)),
                                     meal: rule.meal)
                said = "repeat edit \(rule.id) --until \(last.iso)"
            case 10:
                let name = ["week", "weekend"].randomElement(using: &random)!
                let days = Int.random(in: 1...7, using: &random)
                try store.saveTemplate(name, from: day, days: days, replacing: true)
                said = "template save \(name) --from \(day.iso) --days \(days) --replace"
            case 11:
                let name = ["week", "weekend"].randomElement(using: &random)!
                try store.applyTemplate(name, to: day)
                said = "template apply \(name) --to \(day.iso)"
            case 12:
                let status: MealStatus = Bool.random(using: &random) ? .done : .skipped
                let reference: MealReference
                if let rule, let occurrence, Bool.random(using: &random) {
                    reference = .occurrence(rule: rule.id, day: occurrence)
                } else if let id = meal?.id {
                    reference = .meal(id)
                } else {
                    return "\(status): none"
                }
                try store.mark([reference], as: status)
                said = "\(status) \(reference)"
            case 13:
                guard let id = meal?.id else { return "leftovers: no meal" }
                _ = try store.addLeftovers(of: id, day: day, slot: slot, title: nil, note: nil, portions: nil, household: 2)
                said = "leftovers \(id) \(day.iso) \(slot)"
            default:
                if slots.contains("tea") {
                    try store.removeSlot("tea")
                    said = "slots remove tea"
                } else {
                    try store.addSlot("tea", after: slots.randomElement(using: &random))
                    said = "slots add tea"
                }
            }
        } catch let error as StoreError where error.kind == .input || error.kind == .changedMeanwhile {
            return "refused (\(kind)): \(error.message)"
        } catch let error as RepeatRuleError {
            return "refused (\(kind)): \(error.message)"
        }
        return said
    }

    /// A rule of a random pattern and end from `first`: daily, weekly on some days, monthly on
    /// a day or a weekday, yearly; never ending, until a day, or a count.
    func randomRule(from first: Day, _ random: inout SeededGenerator) throws -> RepeatRule {
        let interval = Int.random(in: 1...3, using: &random)
        let pattern: RepeatRule.Pattern = switch Int.random(in: 0..<5, using: &random) {
        case 0: .days(interval: interval)
        case 1, 2: .weeks(interval: interval, weekdays: Array(Weekday.allCases.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))))
        case 3: Bool.random(using: &random) ? .monthsOnDay(interval: 1, day: Int.random(in: 1...31, using: &random))
            : .monthsOnWeekday(interval: 1, ordinal: RepeatRule.ordinals.randomElement(using: &random)!, weekday: Weekday.allCases.randomElement(using: &random)!)
        default: .years(interval: 1)
        }
        let end: RepeatRule.End = switch Int.random(in: 0..<3, using: &random) {
        case 0: .never
        case 1: .until(first.adding(days: Int.random(in: 0...60, using: &random)))
        default: .count(Int.random(in: 1...8, using: &random))
        }
        do {
            return try RepeatRule(firstDay: first, pattern: pattern, end: end)
        } catch {
            // A month day some months lack from a first day that no such month follows soon: daily.
            return try RepeatRule(firstDay: first, pattern: .days(interval: 1), end: end)
        }
    }

    // MARK: The backup and its import, as export and import make them

    func export(_ store: MealStore, to file: String) throws {
        let descriptor = open(file, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        try store.readWholePlan { structure, forEachMeal in
            var writer = try JSONPlanWriter(fileDescriptor: descriptor, structure: structure)
            try forEachMeal { try writer.write($0) }
            try writer.finish()
        }
    }

    func importPlan(_ file: String, into store: MealStore) throws {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var reader = JSONPlanReader(fileDescriptor: descriptor)
        let structure = try reader.readStructure()
        try store.importPlan(structure) { [reader] feed in
            var reader = reader
            while let (meal, line, source) = try reader.nextMeal() {
                try feed.add(meal, line: line, leftoversOf: source)
            }
        }
    }

    // MARK: What a person sees

    /// What `list` over the whole range, `repeat list`, `template list` and `show`, `leftovers`
    /// and `history` show, as the values they print.
    func views(_ store: MealStore) throws -> [String] {
        let meals = try store.meals(in: Self.range)
        let templates = try store.templates()
        return [
            "\(meals)", "\(try store.rules())", "\(try store.slots().map(\.name))", "\(templates)",
            "\(try templates.map { try store.template(named: $0.name) })",
            "\(try store.leftoverShares(of: meals.compactMap(\.id), household: 2))",
            "\(try store.unplannedLeftovers(in: Self.range, household: 2))",
            "\(try store.history(matching: "", through: Self.base.adding(days: 30), dates: 5))",
        ]
    }
}
