import Foundation
import TestSupport
import Testing

/// `shop --send` through a real CalDAV server: the tasks folder carried to a Radicale task list
/// and back (as vdirsyncer carries it: one resource per file, under the file's name), and a
/// task completed with the `caldav` client, standing in for a phone.
@Suite(.requires(.radicale), .requires(.caldav), .requires(.icalendar))
struct ShopSendCalDAVTests {
    /// `push URL FOLDER`: every file of FOLDER put in the task list (made if missing) under its
    /// name; the server's resources no file has any more are deleted. `pull URL FOLDER`: every
    /// task of the list written to the file of its name. `complete URL SUMMARY`: the task with
    /// that summary completed. `list URL`: each task as `SUMMARY|STATUS`, sorted.
    static let carry = #"""
        import glob, os, sys, caldav
        mode, url = sys.argv[1], sys.argv[2]
        client = caldav.DAVClient(url=url, username="household", password="any")
        principal = client.principal()
        try:
            tasks = principal.calendar(cal_id="shopping")
            tasks.todos()
        except Exception:
            tasks = principal.make_calendar(name="Shopping", cal_id="shopping", supported_calendar_component_set=["VTODO"])
        held = {str(todo.url).rsplit("/", 1)[1]: todo for todo in tasks.todos(include_completed=True)}
        if mode == "push":
            names = set()
            for path in glob.glob(os.path.join(sys.argv[3], "*.ics")):
                name = os.path.basename(path)
                names.add(name)
                tasks.save_todo(open(path, encoding="utf-8").read()) if name not in held else None
                if name in held:
                    held[name].data = open(path, encoding="utf-8").read()
                    held[name].save()
            for name, todo in held.items():
                if name not in names:
                    todo.delete()
        elif mode == "pull":
            for name, todo in held.items():
                open(os.path.join(sys.argv[3], name), "w", encoding="utf-8").write(todo.data)
        elif mode == "complete":
            for todo in held.values():
                if str(todo.icalendar_component["SUMMARY"]) == sys.argv[3]:
                    todo.complete()
                    print("completed")
        else:
            rows = [str(t.icalendar_component["SUMMARY"]) + "|" + str(t.icalendar_component.get("STATUS", "")) for t in held.values()]
            print("\n".join(sorted(rows)))
        """#

    @discardableResult
    static func carry(_ arguments: [String], in cli: CLISandbox) throws -> String {
        try pythonCheck(carry, arguments, in: cli)
    }

    @Test func aTaskCompletedThroughCalDAVIsTickedAndTheDifferenceIsANewTask() throws {
        let server = try RadicaleServer()
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try Self.carry(["push", server.url, folder], in: cli)
        #expect(try Self.carry(["list", server.url], in: cli) == """
            butter, 12.5 g|NEEDS-ACTION
            cheese, 500 g|NEEDS-ACTION
            lentils, 200 g|NEEDS-ACTION
            milk, 1.25 l|NEEDS-ACTION
            pasta sheets, 30|NEEDS-ACTION

            """)
        #expect(try Self.carry(["complete", server.url, "milk, 1.25 l"], in: cli) == "completed\n")
        try Self.carry(["pull", server.url, folder], in: cli)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 1 ticked there (milk)\n")
        #expect(try cli.succeed(["shop"], environment: recipes).contains("\n✓ milk          1.25 l\n"))

        // Another lasagna for 6: 500 ml more milk, a new task; the done one stays done.
        try cli.succeed(["add", "wed", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: recipes)
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try Self.carry(["push", server.url, folder], in: cli)
        let held = try Self.carry(["list", server.url], in: cli).split(separator: "\n").map(String.init)
        #expect(held.filter { $0.hasPrefix("milk") } == ["milk, +500 ml|NEEDS-ACTION", "milk, 1.25 l|COMPLETED"])
        #expect(held.count == 6)
    }
}
