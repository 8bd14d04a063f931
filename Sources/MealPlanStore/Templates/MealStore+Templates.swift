import GRDB
import MealPlanCore
import TextHelpers

extension MealStore {
    /// A template row: its id, UID, name and length.
    struct StoredTemplate {
        let id: Int64
        let uid: ItemUID?
        let name: String
        let days: Int
    }

    /// What applying a template laid down: the template, and the meals added (in display
    /// order; without ids in a dry run).
    public struct TemplateApplication: Sendable {
        public let template: MealTemplate
        public let meals: [Meal]

        /// The meals laid down as the changes that added them, cooks first
        /// (`MealChange.additions`): what the planner's history keeps of an apply.
        public var changes: [MealChange] { MealChange.additions(cooksFirst: meals) }
    }

    /// Keeps the meals of the `days` days from `first` as the template `name`: each meal's day
    /// offset, slot, place in the slot, title, note, recipe and servings. Names are unique
    /// regardless of case; an existing one is refused unless `replacing`, which puts the new
    /// days in its place (under the name as typed now, and its UID: it is the same template,
    /// changed). Days without a single meal are refused: there is nothing to keep.
    @discardableResult
    public func saveTemplate(
        _ input: String, from first: Day, days: Int, replacing: Bool = false
    ) throws(StoreError) -> MealTemplate {
        let name = try Self.validTemplateName(input, new: true)
        let range = try Self.days(from: first, count: days, to: "keep")
        return try write { db in
            var uid = ItemUID.fresh()
            if let existing = try Self.storedTemplates(db).first(where: { Self.sameTemplateName($0.name, name) }) {
                guard replacing else {
                    throw StoreError.input("there is already a template '\(existing.name.messageExcerpt)'; --replace replaces it")
                }
                try db.execute(sql: "DELETE FROM template WHERE id = ?", arguments: [existing.id])
                uid = existing.uid ?? uid
            }
            try db.execute(sql: "INSERT INTO template(uid, name, days) VALUES (?, ?, ?)", arguments: [uid.storedValue, name, days])
            let id = db.lastInsertedRowID
            try db.execute(
                sql: """
                    INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title, note, recipe, servings, eaters)
                    SELECT ?, day - ?, slotId, position, title, note, recipe, servings, eaters
                    FROM meal WHERE day BETWEEN ? AND ?
                    """,
                arguments: [id, first.number, range.first.number, range.last.number])
            guard db.changesCount > 0 else {
                let days = range.count == 1 ? "on \(first.iso)" : "from \(range.first.iso) to \(range.last.iso)"
                throw StoreError.input("nothing to keep: no meals \(days)")
            }
            try Self.keepLeftoverLinks(db, template: id, from: range)
            return try Self.fetchTemplate(db, StoredTemplate(id: id, uid: uid, name: name, days: days))
        }
    }

    /// Links each template meal kept from leftovers to the template meal kept from the meal
    /// that cooks them, when that was kept too (a meal is found by its day, slot and place).
    private static func keepLeftoverLinks(_ db: Database, template id: Int64, from range: DayRange) throws {
        try db.execute(
            sql: """
                UPDATE templateMeal SET leftoversOf = (
                    SELECT cooked.id FROM meal AS eaten
                    JOIN meal AS source ON source.id = eaten.leftoversOf
                    JOIN templateMeal AS cooked ON cooked.templateId = :id AND cooked.dayOffset = source.day - :first
                        AND cooked.slotId = source.slotId AND cooked.position = source.position
                    WHERE eaten.day = templateMeal.dayOffset + :first AND eaten.slotId = templateMeal.slotId
                        AND eaten.position = templateMeal.position)
                WHERE templateId = :id
                """,
            arguments: ["id": id, "first": range.first.number])
    }

    /// The template a new one called `input` would replace (names are unique regardless of
    /// case), if there is one.
    public func templateNamed(exactly input: String) throws(StoreError) -> MealTemplateSummary? {
        let name = try Self.validTemplateName(input)
        return try templates().first { Self.sameTemplateName($0.name, name) }
    }

    /// Whether two template names are the same name: case does not tell them apart.
    private static func sameTemplateName(_ one: String, _ other: String) -> Bool {
        one.lowercased() == other.lowercased()
    }

    /// Every template, by name: its name, days and number of meals.
    public func templates() throws(StoreError) -> [MealTemplateSummary] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT name, days, (SELECT COUNT(*) FROM templateMeal WHERE templateId = template.id) AS meals
                    FROM template ORDER BY name COLLATE NOCASE, name
                    """
            ).map { MealTemplateSummary(name: $0["name"], days: $0["days"], mealCount: $0["meals"]) }
        }
    }

    /// The template `input` names (any case, or a unique prefix), with its meals.
    public func template(named input: String) throws(StoreError) -> MealTemplate {
        try read { db in try Self.fetchTemplate(db, try Self.resolveTemplate(db, input)) }
    }

    /// Removes the template `input` names; returns it as it was.
    @discardableResult
    public func removeTemplate(named input: String) throws(StoreError) -> MealTemplate {
        try write { db in
            let stored = try Self.resolveTemplate(db, input)
            let template = try Self.fetchTemplate(db, stored)
            try db.execute(sql: "DELETE FROM template WHERE id = ?", arguments: [stored.id])
            return template
        }
    }

    /// Lays the template `input` names down `times` times in a row from `start`, each copy
    /// `days` after the one before, every meal at the end of its slot on its day, in one
    /// transaction: all copies or none. Refused, changing nothing: fewer than 1 or more than
    /// `MealTemplate.maximumCopies` copies, and copies running past 9999-12-31 (the message
    /// says which copy would). A dry run only reads, and returns the meals it would add.
    /// `progress` is told after each meal how many of how many are laid down; an error it
    /// throws (the user's interrupt) rolls everything back.
    @discardableResult
    public func applyTemplate(
        _ input: String, to start: Day, times: Int = 1, dryRun: Bool = false,
        progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
    ) throws(StoreError) -> TemplateApplication {
        try applyTemplate(to: start, times: times, dryRun: dryRun, progress: progress) { db in
            try Self.fetchTemplate(db, try Self.resolveTemplate(db, input))
        }
    }

    /// Lays `seen` down as `applyTemplate(_:to:times:)` lays the template a name gives, where
    /// `seen` is the template as read before (a dry run's, whose meals the planner counted):
    /// refused, laying nothing, when the stored template is no longer the same (another program
    /// changed, renamed or removed it meanwhile), so that what is laid down is what was read.
    @discardableResult
    public func applyTemplate(
        _ seen: MealTemplate, to start: Day, times: Int = 1,
        progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
    ) throws(StoreError) -> TemplateApplication {
        try applyTemplate(to: start, times: times, dryRun: false, progress: progress) { db in
            try Self.expectUnchanged(db, seen)
        }
    }

    /// The one apply both callers share: the template `find` reads in the transaction, laid
    /// down as `applyTemplate(_:to:times:)` says.
    private func applyTemplate(
        to start: Day, times: Int, dryRun: Bool, progress: (_ done: Int, _ total: Int) throws -> Void,
        find: (Database) throws -> MealTemplate
    ) throws(StoreError) -> TemplateApplication {
        guard (1...MealTemplate.maximumCopies).contains(times) else {
            throw .input("a template is applied 1 to \(MealTemplate.maximumCopies) times, not \(times)")
        }
        let apply = { (db: Database) throws -> TemplateApplication in
            let template = try find(db)
            try Self.checkCopiesFit(template, from: start, times: times)
            let slotIDs = try Self.storedSlots(db).reduce(into: [String: Int64]()) { $0[$1.slot.name] = $1.id }
            var added: [Meal] = []
            let total = template.meals.count * times
            added.reserveCapacity(total)
            let restoreCache = !dryRun && total >= Self.bigBatch ? try Self.raisePageCache(db) : {}
            defer { restoreCache() }
            for copy in 0..<times {
                let first = added.count
                for meal in template.meals(from: start.adding(days: copy * template.days)) {
                    added.append(dryRun ? meal : try Self.insert(db, meal, slotID: slotIDs[meal.slot]!))
                    try progress(added.count, total)
                }
                // Each copy's leftovers eat from that copy's cooked meal.
                for (leftovers, source) in template.leftoverSources where !dryRun {
                    added[first + leftovers] = try Self.link(db, added[first + leftovers], toLeftoversOf: added[first + source].id)
                }
            }
            return TemplateApplication(template: template, meals: added)
        }
        return dryRun ? try read(apply) : try write(apply)
    }

    /// The stored template `seen` was read from (found by its UID), when it is still `seen`;
    /// refused in the words a meal's change is refused in, naming what changed.
    static func expectUnchanged(_ db: Database, _ seen: MealTemplate) throws -> MealTemplate {
        let stored = try storedTemplates(db).first { stored in
            seen.uid.map { stored.uid == $0 } ?? sameTemplateName(stored.name, seen.name)
        }
        let name = "template '\(seen.name.messageExcerpt)'"
        guard let stored else { throw StoreError.changedMeanwhile("\(name) was removed by another program meanwhile") }
        let current = try fetchTemplate(db, stored)
        var changes: [String] = []
        if current.name != seen.name { changes.append("its name is now '\(current.name.messageExcerpt)'") }
        if current.days != seen.days { changes.append("it has \(current.days == 1 ? "1 day" : "\(current.days) days") now") }
        if current.meals != seen.meals || current.leftoverSources != seen.leftoverSources { changes.append("its meals changed") }
        guard changes.isEmpty else {
            throw StoreError.changedMeanwhile("\(name) was changed by another program meanwhile (\(changes.joined(separator: ", ")))")
        }
        return current
    }

    /// Refuses `times` copies of `template` from `start` when one of them would run past
    /// 9999-12-31, naming the first that would.
    private static func checkCopiesFit(_ template: MealTemplate, from start: Day, times: Int) throws {
        let daysLeft = start.distance(to: .last) + 1
        let fitting = daysLeft / template.days
        guard fitting < times else { return }
        let name = "template '\(template.name.messageExcerpt)'"
        if times == 1 {
            throw StoreError.input(
                "\(name) has \(template.days) days: from \(start.iso) it runs past \(Day.last.iso), the last day there is")
        }
        throw StoreError.input(
            "copy \(fitting + 1) of \(times) of \(name) (\(template.days) days each, from \(start.iso)) "
                + "would run past \(Day.last.iso), the last day there is")
    }

    /// `input` as a template name (`new`: one about to be saved), or why it cannot be.
    private static func validTemplateName(_ input: String, new: Bool = false) throws(StoreError) -> String {
        do {
            return try new ? MealTemplate.validNewName(input) : MealTemplate.validName(input)
        } catch {
            throw .input(error.message)
        }
    }

    static func storedTemplates(_ db: Database) throws -> [StoredTemplate] {
        try Row.fetchAll(db, sql: "SELECT id, name, days, uid FROM template ORDER BY name COLLATE NOCASE, name").map {
            StoredTemplate(id: $0["id"], uid: ItemUID.stored(in: $0, at: 3), name: $0["name"], days: $0["days"])
        }
    }

    /// The template `input` names, matched as slots are: any case, or the only name it begins.
    private static func resolveTemplate(_ db: Database, _ input: String) throws -> StoredTemplate {
        let typed = try validTemplateName(input)
        let stored = try storedTemplates(db)
        let names = stored.map(\.name)
        do {
            return stored[try NameMatch.index(of: typed, among: names, kind: .template, listing: true)]
        } catch {
            throw StoreError.input(error.message)
        }
    }

    /// `template` with its meals, in display order, each on its day offset from `Day.first`.
    static func fetchTemplate(_ db: Database, _ template: StoredTemplate) throws -> MealTemplate {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT templateMeal.dayOffset, slot.name, templateMeal.position, templateMeal.title, templateMeal.note,
                    templateMeal.recipe, templateMeal.servings, templateMeal.eaters, templateMeal.id, templateMeal.leftoversOf
                FROM templateMeal JOIN slot ON slot.id = templateMeal.slotId
                WHERE templateMeal.templateId = ?
                ORDER BY templateMeal.dayOffset, slot.position, templateMeal.position
                """,
            arguments: [template.id]
        )
        let meals = rows.map { row in
            Meal(
                day: Day.first.adding(days: row[0]), slot: row[1], position: row[2], title: row[3], note: row[4],
                recipe: row[5], servings: row[6], eaters: row[7])
        }
        let index = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1[8] as Int64, $0) })
        let sources = rows.enumerated().reduce(into: [Int: Int]()) { sources, entry in
            if let source = (entry.element[9] as Int64?).flatMap({ index[$0] }) { sources[entry.offset] = source }
        }
        return MealTemplate(name: template.name, days: template.days, meals: meals, uid: template.uid, leftoverSources: sources)
    }
}
