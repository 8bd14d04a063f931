import Foundation
import TestSupport
import Testing

/// `export --format json --everything` and its import: a plan with every kind of item moves
/// into an empty database whole, checked by mealplan's own commands, by the `sqlite3` shell
/// on the tables and by Python's json module on the file.
@Suite struct WholePlanTests {
    /// A plan with every kind of item: a slot added between two and one removed, meals with
    /// notes, recipes and servings, two in one slot with a gap where a third was removed,
    /// repeats of every pattern and end, a skipped day, a changed and moved occurrence, and a
    /// template.
    static func fullPlan() throws -> CLISandbox {
        let cli = CLISandbox()
        let recipes = cli.folder + "/recipes"
        try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: true)
        try "Cook @oats{100%g}.\n".write(toFile: recipes + "/porridge.cook", atomically: true, encoding: .utf8)
        let withRecipes = ["MEALPLAN_RECIPES": recipes]
        for arguments in [
            ["slots", "add", "brunch", "--after", "breakfast"],
            ["add", "2026-03-03", "dinner", "Lasagna", "--note", "double \"batch\"\nfreeze half"],
            ["add", "2026-03-03", "dinner", "Salad"],
            ["add", "2026-03-03", "dinner", "Bread"],
            ["add", "2026-03-04", "brunch", "Porridge", "--recipe", "porridge", "--servings", "2.5"],
            ["repeat", "add", "2026-03-02", "breakfast", "Oats", "--every", "week", "--on", "mon,thu", "--recipe", "porridge"],
            ["repeat", "add", "2026-03-06", "dinner", "Fish", "--every", "month", "--on", "1fri", "--count", "6"],
            ["repeat", "add", "2026-03-10", "lunch", "Soup", "--every", "3d", "--until", "2026-06-30", "--note", "hot"],
            ["repeat", "add", "2026-03-15", "dinner", "Roast", "--every", "month", "--on", "15"],
            ["repeat", "add", "2026-12-25", "dinner", "Goose", "--every", "year"],
            ["repeat", "skip", "1", "2026-03-05"],
            ["repeat", "change", "2", "2026-04-03", "--to", "2026-04-04", "--slot", "lunch", "--title", "Fish pie"],
            ["template", "save", "busy week", "--from", "2026-03-02", "--days", "7"],
            ["remove", "2"],
        ] {
            try cli.succeed(arguments, environment: withRecipes)
        }
        try cli.succeed(["slots", "remove", "snack"])
        return cli
    }

    /// What a person sees of a plan: a century of days, the repeats, the templates, the slots.
    static func views(_ cli: CLISandbox, database: String) throws -> [String] {
        let environment = ["MEALPLAN_DB": database, "MEALPLAN_RECIPES": cli.folder + "/recipes"]
        return try [
            ["list", "--from", "1970-01-01", "--to", "2069-12-31"], ["repeat", "list"], ["template", "list"],
            ["template", "show", "busy"], ["slots"],
        ].map { try cli.succeed($0, environment: environment) }
    }

    /// Every row of the plan's tables (`PlanTables`).
    static func tables(_ database: String, in cli: CLISandbox) throws -> String {
        let result = try ExternalTool.run("sqlite3", ["-bail", database, PlanTables.sql], in: cli.folder)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// What became of some meals of `fullPlan`, written by the `sqlite3` shell (the commands
    /// that mark them are not what these tests are about): the lasagna cooked for 4 and done,
    /// the bread (a later meal) its leftovers, the porridge skipped. Then the lasagna's day is
    /// saved as a template, which keeps the eaters and the leftovers inside it.
    static func markMeals(_ cli: CLISandbox) throws {
        _ = try pythonCheck("import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()",
                            [cli.database, markMealsSQL], in: cli)
        try cli.succeed(["template", "save", "cooked twice", "--from", "2026-03-03"])
    }

    static let markMealsSQL = """
        UPDATE meal SET status = 'done', eaters = 4 WHERE id = 1;
        UPDATE meal SET leftoversOf = 1 WHERE id = 3;
        UPDATE meal SET status = 'skipped', eaters = 1.5 WHERE id = 4;
        """

    @Test(.requires(.sqlite3), .requires(.python3))
    func aWholePlanComesBackTheSameInAnEmptyDatabase() throws {
        let cli = try Self.fullPlan()
        try Self.markMeals(cli)
        let file = cli.folder + "/plan.json"
        #expect(try cli.succeed(["export", "--format", "json", "--everything", "--output", file]) == "exported 4 meals to \(file)\n")
        let copy = cli.folder + "/copy.sqlite"
        #expect(try cli.succeed(["import", file], environment: ["MEALPLAN_DB": copy])
            == "imported the whole plan: 4 meals, 5 repeats, 2 templates (slots breakfast, brunch, lunch, dinner) from \(file)\n")
        #expect(try Self.views(cli, database: copy) == (try Self.views(cli, database: cli.database)))
        let original = try Self.tables(cli.database, in: cli)
        #expect(original.contains("skip|1|"))
        #expect(original.contains("|Fish pie||||2|"))
        #expect(original.contains("|Lasagna|double \"batch\"\nfreeze half|||||done||4.0\n"))
        #expect(original.contains("|Bread|||||||1|\n"))
        #expect(original.contains("|porridge|2.5|||skipped||1.5\n"))
        #expect(original.contains("templateMeal|cooked twice|0|dinner|0|Lasagna|double \"batch\"\nfreeze half|||4.0|\n"))
        #expect(original.contains("templateMeal|cooked twice|0|dinner|2|Bread|||||0 0 Lasagna\n"))
        #expect(try Self.tables(copy, in: cli) == original)
        // The copy writes the same file again, UIDs and all.
        #expect(try cli.succeed(["export", "--format", "json", "--everything"], environment: ["MEALPLAN_DB": copy])
            == String(decoding: FileManager.default.contents(atPath: file)!, as: UTF8.self))
        // New items in the copy get ids after the kept ones, as in the original.
        #expect(try cli.succeed(["add", "2026-03-09", "dinner", "Tacos"], environment: ["MEALPLAN_DB": copy])
            == "added meal 6 on Mon 2026-03-09, dinner: Tacos\n")
    }

    @Test func aSecondImportOrOneIntoAPlanWithMealsIsRefusedChangingNothing() throws {
        let cli = try Self.fullPlan()
        let file = cli.folder + "/plan.json"
        try cli.succeed(["export", "--format", "json", "--everything", "--output", file])
        try cli.expectFailure(
            ["import", file], status: 64,
            message: "a whole plan goes into an empty one, and this plan has 4 meals, 5 repeats, 1 template; nothing imported; "
                + "import it with --db into a new file, or remove them first")
        let copy = cli.folder + "/copy.sqlite"
        try cli.succeed(["import", file], environment: ["MEALPLAN_DB": copy])
        try cli.expectFailure(
            ["import", file], status: 64,
            message: "a whole plan goes into an empty one, and this plan has 4 meals, 5 repeats, 1 template; nothing imported; "
                + "import it with --db into a new file, or remove them first",
            environment: ["MEALPLAN_DB": copy], database: copy)
        // A plan with only a template is not empty either.
        let other = cli.folder + "/other.sqlite"
        try cli.succeed(["add", "2026-03-02", "dinner", "Stew"], environment: ["MEALPLAN_DB": other])
        try cli.succeed(["template", "save", "one", "--from", "2026-03-02"], environment: ["MEALPLAN_DB": other])
        try cli.succeed(["remove", "1"], environment: ["MEALPLAN_DB": other])
        try cli.expectFailure(
            ["import", file], status: 64,
            message: "a whole plan goes into an empty one, and this plan has 1 template; nothing imported; "
                + "import it with --db into a new file, or remove them first",
            environment: ["MEALPLAN_DB": other], database: other)
    }

    /// The file read by Python's json module: the keys in the documented order, and each
    /// meal, repeat and skipped day as the database holds it, read by Python's sqlite3 module.
    static let jsonCheck = #"""
        import datetime, json, sqlite3, sys, uuid
        plan = json.load(open(sys.argv[1], encoding="utf-8"))
        db = sqlite3.connect(sys.argv[2])
        epoch = datetime.date(1970, 1, 1)
        iso = lambda day: None if day is None else (epoch + datetime.timedelta(days=day)).isoformat()
        text = lambda uid: str(uuid.UUID(bytes=uid))
        problems = []
        if list(plan) != ["format", "version", "slots", "repeats", "templates", "meals"]: problems.append("plan keys")
        if plan["format"] != "mealplan-plan" or plan["version"] != 1: problems.append("format")
        if plan["slots"] != [name for (name,) in db.execute("SELECT name FROM slot ORDER BY position")]: problems.append("slots")
        meals = [{"id": i, "uid": text(u), "date": iso(d), "slot": s, "position": p, "title": t, "note": n, "recipe": r,
                  "servings": v, "repeat": ri, "status": st or "planned", "leftovers_of": lo and text(lo), "eaters": e,
                  "replaces": iso(rd)}
                 for i, u, d, s, p, t, n, r, v, ri, rd, st, lo, e in db.execute(
                     "SELECT meal.id, meal.uid, meal.day, slot.name, meal.position, meal.title, meal.note, meal.recipe,"
                     " meal.servings, meal.ruleId, meal.ruleDay, meal.status, source.uid, meal.eaters"
                     " FROM meal JOIN slot ON slot.id = meal.slotId LEFT JOIN meal AS source ON source.id = meal.leftoversOf"
                     " ORDER BY meal.day, slot.position, meal.position")]
        if plan["meals"] != meals: problems.append("meals %r != %r" % (plan["meals"], meals))
        rules = [{"id": i, "uid": text(u), "title": t, "from": iso(f), "frequency": fr, "interval": n,
                  "skipped": [iso(d) for (d,) in db.execute("SELECT day FROM ruleException WHERE ruleId = ? ORDER BY day", (i,))]}
                 for i, u, t, f, fr, n in db.execute("SELECT id, uid, title, firstDay, frequency, interval FROM rule ORDER BY id")]
        got = [{k: r[k] for k in ("id", "uid", "title", "from", "frequency", "interval", "skipped")} for r in plan["repeats"]]
        if got != rules: problems.append("repeats %r != %r" % (got, rules))
        templates = [(text(u), n, d) for u, n, d in db.execute("SELECT uid, name, days FROM template ORDER BY name")]
        if [(t["uid"], t["name"], t["days"]) for t in plan["templates"]] != templates: problems.append("templates")
        for t in plan["templates"]:
            rows = list(db.execute(
                "SELECT templateMeal.id, dayOffset, title, templateMeal.eaters, templateMeal.leftoversOf FROM templateMeal"
                " JOIN template ON template.id = templateId JOIN slot ON slot.id = templateMeal.slotId WHERE template.uid = ?"
                " ORDER BY dayOffset, slot.position, templateMeal.position", (uuid.UUID(t["uid"]).bytes,)))
            index = {row[0]: i for i, row in enumerate(rows)}
            want = [{"day": d, "title": n, "eaters": e, "leftovers_of": index.get(lo)} for _, d, n, e, lo in rows]
            got = [{k: m[k] for k in ("day", "title", "eaters", "leftovers_of")} for m in t["meals"]]
            if got != want: problems.append("template meals %r != %r" % (got, want))
        if not any(m["leftovers_of"] is not None for t in plan["templates"] for m in t["meals"]): problems.append("no leftovers")
        print("\n".join(problems) if problems else "ok %d %d" % (len(meals), len(rules)))
        """#

    @Test(.requires(.python3))
    func theFileIsWhatPythonsJSONModuleReadsFromTheDatabase() throws {
        let cli = try Self.fullPlan()
        try Self.markMeals(cli)
        try cli.succeed(["export", "--format", "json", "--everything", "--output", cli.folder + "/plan.json"])
        #expect(try pythonCheck(Self.jsonCheck, ["plan.json", cli.database], in: cli) == "ok 4 5\n")
    }

    @Test func theFormatIsTakenFromTheOptionTheNameOrTheFirstCharacter() throws {
        let cli = try Self.fullPlan()
        let plan = Data(try cli.succeed(["export", "--format", "json", "--everything"]).utf8)
        let named = cli.folder + "/backup.txt"
        _ = FileManager.default.createFile(atPath: named, contents: Data("\n  ".utf8) + plan)
        let summary = "imported the whole plan: 4 meals, 5 repeats, 1 template (slots breakfast, brunch, lunch, dinner) from"
        #expect(try cli.succeed(["import", named], environment: ["MEALPLAN_DB": cli.folder + "/a.sqlite"]) == "\(summary) \(named)\n")
        #expect(try cli.succeed(["import", "--format", "json", "-"], input: plan, environment: ["MEALPLAN_DB": cli.folder + "/b.sqlite"])
            == "\(summary) standard input\n")
        #expect(try cli.succeed(["import", "--dry-run", "-", "--format", "JSON"], input: plan,
                                environment: ["MEALPLAN_DB": cli.folder + "/c.sqlite"])
            == "would import the whole plan: 4 meals, 5 repeats, 1 template (slots breakfast, brunch, lunch, dinner) "
                + "from standard input; dry run, nothing changed\n")
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/c.sqlite"))
        try cli.expectFailure(["export", "--everything"], status: 64, message: "--everything needs --format json (see 'mealplan help')")
        try cli.expectFailure(["export", "--format", "json", "--everything", "--from", "today"], status: 64,
                              message: "--everything writes the whole plan: leave out --from and --to (see 'mealplan help')")
    }
}
