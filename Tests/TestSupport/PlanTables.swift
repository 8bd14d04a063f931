import Foundation

/// Every row a plan holds, as the `sqlite3` shell reads them: the one dump that tests of a
/// whole plan's backup compare between a plan and its copy. Slots by name and place in the
/// day (their row ids and position numbers, which keep gaps where a slot was removed, are
/// each database's own), templates by name, UIDs in hex; meals and repeats keep their ids
/// in a backup, so those are compared too. The sync's records (what a vdir held when) and the
/// search index's bookkeeping are no part of a plan.
public enum PlanTables {
    public static let sql = """
        SELECT 'slot', name, (SELECT COUNT(*) FROM slot AS earlier WHERE earlier.position < slot.position) FROM slot
            ORDER BY position;
        SELECT 'meal', meal.id, hex(meal.uid), day, slot.name, meal.position, title, note, recipe, servings, ruleId, ruleDay,
            status, leftoversOf, eaters FROM meal JOIN slot ON slot.id = meal.slotId ORDER BY meal.id;
        SELECT 'rule', rule.id, hex(rule.uid), slot.name, title, note, recipe, servings, firstDay, frequency, interval, weekdays,
            monthDay, ordinal, weekday, untilDay, count, lastDay FROM rule JOIN slot ON slot.id = rule.slotId ORDER BY rule.id;
        SELECT 'skip', ruleId, day FROM ruleException ORDER BY ruleId, day;
        SELECT 'template', hex(uid), name, days FROM template ORDER BY name;
        SELECT 'templateMeal', template.name, dayOffset, slot.name, templateMeal.position, title, note, recipe, servings, eaters,
            (SELECT source.dayOffset || ' ' || source.position || ' ' || source.title FROM templateMeal AS source
                WHERE source.id = templateMeal.leftoversOf)
            FROM templateMeal JOIN template ON template.id = templateId JOIN slot ON slot.id = templateMeal.slotId
            ORDER BY template.name, dayOffset, slot.position, templateMeal.position;
        SELECT 'mealTitle', title, folded FROM mealTitle ORDER BY title;
        SELECT 'mealNote', note, folded FROM mealNote ORDER BY note;
        """

    /// The rows of the database at `path` (`sql`), read by the `sqlite3` shell; its error output
    /// when it fails.
    public static func dump(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-bail", "-readonly", path, sql]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return "sqlite3 failed: " + String(decoding: complaint, as: UTF8.self) }
        return String(decoding: text, as: UTF8.self)
    }
}
